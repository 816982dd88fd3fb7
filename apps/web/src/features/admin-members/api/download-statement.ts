import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/save-file.ts';

type Member = { id: number; uniqueId: string };

export const downloadStatement = ({ id, uniqueId }: Member) =>
  downloadFile(`/api/admin/members/${id}/statement.csv`, `statement-${uniqueId}.csv`);

/** The PDF the member downloads too, made on the server, of every movement so far. */
export const downloadStatementPdf = ({ id, uniqueId }: Member) =>
  downloadFile(`/api/admin/members/${id}/statement?format=pdf`, `statement-${uniqueId}.pdf`);

export const useDownloadStatement = () => useMutation({ mutationFn: downloadStatement });
export const useDownloadStatementPdf = () => useMutation({ mutationFn: downloadStatementPdf });
