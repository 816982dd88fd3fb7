import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TrialBalanceView } from '@jamiya/contracts/books';
import { api } from '../../../lib/api-client.ts';
import { withQuery } from '../../../lib/list-query.ts';
import { LEDGER_KEY } from './get-accounts.ts';

/** `asOf`: the last day counted (YYYY-MM-DD); '' for today. */
export const trialBalancePath = (asOf: string, extension = '') =>
  withQuery(`/api/admin/ledger/trial-balance${extension}`, { as_of: asOf });

export const getTrialBalanceQueryOptions = (asOf = '') =>
  queryOptions({
    queryKey: [...LEDGER_KEY, 'trialBalance', asOf],
    queryFn: ({ signal }) => api<TrialBalanceView>(trialBalancePath(asOf), { signal }),
  });

export const useTrialBalance = (asOf = '') =>
  useQuery({ ...getTrialBalanceQueryOptions(asOf), placeholderData: keepPreviousData });
