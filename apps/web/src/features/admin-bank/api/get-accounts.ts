import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChartAccount } from '@jamiya/contracts/accounts';
import { api } from '../../../lib/api-client.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';

export const getAccountsQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'bank', 'accounts'],
    queryFn: ({ signal }) => api<{ items: ChartAccount[] }>('/api/admin/accounts', { signal }),
  });

/** The chart of accounts: what a bank line may be booked to, and how a proposal names one. */
export const useAccounts = () => useQuery(getAccountsQueryOptions());
