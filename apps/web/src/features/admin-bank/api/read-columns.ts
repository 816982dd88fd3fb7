import { useMutation } from '@tanstack/react-query';
import type { CsvColumns } from '@jamiya/contracts/bank';
import { api } from '../../../lib/api-client.ts';

/** A CSV statement's columns and a few rows, and the choices remembered for its bank. Changes nothing. */
export const readColumns = ({ file, bank }: { file: File; bank: string }) => {
  const form = new FormData();
  if (bank) form.append('bank', bank);
  form.append('file', file, file.name);
  return api<CsvColumns>('/api/admin/bank-statements/columns', { form });
};

export const useReadColumns = () => useMutation({ mutationFn: readColumns });
