import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';
import { getStatementQueryOptions, getStatementsQueryOptions } from './get-statements.ts';

/**
 * A statement imported by mistake taken back, while none of its lines is linked or booked
 * (409 names them). `onDeleted` leaves its page first (the address may name it); then it goes
 * out of the list at once, and its own answer is forgotten rather than asked for again.
 */
export function useDeleteStatement({ onDeleted }: { onDeleted: (message: string) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: number }) =>
      api<{ message: string }>(`/api/admin/bank-statements/${id}`, { method: 'DELETE' }),
    onSuccess: ({ message }, { id }) => {
      onDeleted(message);
      queryClient.setQueryData(getStatementsQueryOptions().queryKey, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((p) => ({ ...p, items: p.items.filter((s) => s.id !== id) })),
            }
          : data,
      );
      queryClient.removeQueries({ queryKey: getStatementQueryOptions(id).queryKey, exact: true });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}
