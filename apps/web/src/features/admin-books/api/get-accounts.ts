import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChartAccount } from '@jamiya/contracts/accounts';
import { api } from '../../../lib/api-client.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';

export type { ChartAccount };

/** Everything the books pages read starts with this key: a posting moves them all. */
export const LEDGER_KEY = [...ADMIN_KEY, 'ledger'] as const;

export const getAccountsQueryOptions = () =>
  queryOptions({
    queryKey: [...LEDGER_KEY, 'accounts'],
    queryFn: ({ signal }) => api<{ items: ChartAccount[] }>('/api/admin/accounts', { signal }),
  });

/** The chart of accounts: Jamiya's own and those the association named, by kind then code. */
export const useAccounts = () => useQuery(getAccountsQueryOptions());
