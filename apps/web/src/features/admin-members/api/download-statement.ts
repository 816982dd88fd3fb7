import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../lib/save-file.ts';

export const downloadStatement = ({ id, uniqueId }: { id: number; uniqueId: string }) =>
  downloadFile(`/api/admin/members/${id}/statement.csv`, `statement-${uniqueId}.csv`);

export const useDownloadStatement = () => useMutation({ mutationFn: downloadStatement });
