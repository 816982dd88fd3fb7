import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/save-file.ts';

/** The clearance letter (a PDF behind the bearer token), saved as clearance-letter-JM000012.pdf. */
export const downloadClearanceLetter = ({ url, uniqueId }: { url: string; uniqueId?: string }) =>
  downloadFile(url, `clearance-letter${uniqueId ? `-${uniqueId}` : ''}.pdf`);

export const useDownloadClearanceLetter = () =>
  useMutation({ mutationFn: downloadClearanceLetter });
