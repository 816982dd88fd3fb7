import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateAccountBody } from '@jamiya/contracts/accounts';
import { api } from '../../../lib/api-client.ts';
import type { AccountSaved } from './create-account.ts';
import { LEDGER_KEY } from './get-accounts.ts';

export interface UpdateAccountVariables {
  code: string;
  body: UpdateAccountBody;
}

/** Renames an account, retires it or puts it back in use (not one of Jamiya's own: 409). */
export const updateAccount = ({ code, body }: UpdateAccountVariables) =>
  api<AccountSaved>(`/api/admin/accounts/${encodeURIComponent(code)}`, { json: body });

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    // Its name shows in the trial balance and the journal too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LEDGER_KEY }),
  });
}
