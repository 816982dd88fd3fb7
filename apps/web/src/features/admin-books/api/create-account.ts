import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { accountSaved, CreateAccountBody } from '@jamiya/contracts/accounts';
import { api } from '../../../lib/api-client.ts';
import { getAccountsQueryOptions } from './get-accounts.ts';

export type AccountSaved = z.infer<typeof accountSaved>;

export const createAccount = (body: CreateAccountBody) =>
  api<AccountSaved>('/api/admin/accounts', { json: body });

export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccount,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getAccountsQueryOptions().queryKey }),
  });
}
