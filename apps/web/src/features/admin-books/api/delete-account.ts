import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getAccountsQueryOptions } from './get-accounts.ts';

/** Deletes an account without postings; one with postings is 409 (retire it instead). */
export const deleteAccount = ({ code }: { code: string }) =>
  api<{ message: string }>(`/api/admin/accounts/${encodeURIComponent(code)}`, {
    method: 'DELETE',
  });

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    // A refusal too: the list was out of date (postings came meanwhile).
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: getAccountsQueryOptions().queryKey }),
  });
}
