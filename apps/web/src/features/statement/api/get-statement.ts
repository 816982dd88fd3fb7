import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Statement, StatementFilters } from '@jamiya/contracts/statement';
import { api } from '../../../lib/api-client.ts';
import { withQuery } from '../../../lib/list-query.ts';

/** The filters as the URL and the form hold them: '' is no filter. */
export type Filters = { [K in keyof StatementFilters]-?: NonNullable<StatementFilters[K]> };

export const statementPath = (filters: Filters, format?: 'csv' | 'pdf') =>
  withQuery('/api/my-statement', { format, ...filters });

export const getStatementQueryOptions = (filters: Filters) =>
  queryOptions({
    queryKey: ['statement', filters],
    queryFn: ({ signal }) => api<Statement>(statementPath(filters), { signal }),
  });

export const useStatement = (filters: Filters) =>
  useQuery({ ...getStatementQueryOptions(filters), placeholderData: keepPreviousData });
