import { useQueryClient } from '@tanstack/react-query';
import type { ImportApplied } from '@jamiya/contracts/imports';
import { api } from '../../../lib/api-client.ts';
import { useMoneyMutation } from '../../../lib/money-mutation.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';

/** A second admin confirms a proposed import: the server applies the file it kept (201). */
export function useConfirmImport() {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: ({ id }: { id: number }, idempotencyKey: string) =>
      api<ImportApplied>(`/api/admin/imports/${id}/confirm`, { method: 'POST', idempotencyKey }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}
