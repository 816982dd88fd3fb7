import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Loan } from '@jamiya/contracts/loans';
import { api } from '../lib/api-client.ts';
import { MY_LOANS } from './paths.ts';

export type { Loan };

export const getMyLoansQueryOptions = () =>
  queryOptions({
    queryKey: ['myLoans'],
    queryFn: ({ signal }) =>
      api<{ items: Loan[]; next_cursor: string | null }>(MY_LOANS, { signal }),
  });

export const useMyLoans = () => useQuery(getMyLoansQueryOptions());

/** The loan the member is dealing with now: the open one, else the most recent. */
export function currentLoan(loans: Loan[] | undefined): Loan | undefined {
  return loans?.find((l) => ['pending', 'approved', 'active'].includes(l.state)) ?? loans?.[0];
}
