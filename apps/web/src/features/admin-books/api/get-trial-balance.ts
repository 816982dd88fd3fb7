import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TrialBalanceView } from '@jamiya/contracts/books';
import { api } from '../../../lib/api-client.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';

export const getTrialBalanceQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'ledger', 'trialBalance'],
    queryFn: ({ signal }) => api<TrialBalanceView>('/api/admin/ledger/trial-balance', { signal }),
  });

export const useTrialBalance = () => useQuery(getTrialBalanceQueryOptions());
