import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { IncomeStatementView } from '@jamiya/contracts/books';
import { api } from '../../../lib/api-client.ts';
import { withQuery } from '../../../lib/list-query.ts';
import { LEDGER_KEY } from './get-accounts.ts';

export type { IncomeStatementView };

/** A period of days, YYYY-MM-DD each. */
export interface Period {
  from: string;
  to: string;
}

export const incomeStatementPath = ({ from, to }: Period, extension = '') =>
  withQuery(`/api/admin/ledger/income-statement${extension}`, { from, to });

export const getIncomeStatementQueryOptions = (period: Period) =>
  queryOptions({
    queryKey: [...LEDGER_KEY, 'incomeStatement', period.from, period.to],
    queryFn: ({ signal }) => api<IncomeStatementView>(incomeStatementPath(period), { signal }),
  });

/** Income and expenditure over the period: each account's amount, the totals, the surplus. */
export const useIncomeStatement = (period: Period) =>
  useQuery({ ...getIncomeStatementQueryOptions(period), placeholderData: keepPreviousData });
