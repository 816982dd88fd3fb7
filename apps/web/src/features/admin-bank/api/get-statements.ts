import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { BankStatement, BankStatementDetail } from '@jamiya/contracts/bank';
import { api } from '../../../lib/api-client.ts';
import { withQuery, type ListPage } from '../../../lib/list-query.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';

export const PAGE_SIZE = 20;
/** How many of each part of a statement's page are asked for at a time. */
export const STATEMENT_PAGE = 50;
const BANK_KEY = [...ADMIN_KEY, 'bank'] as const;

export const getStatementsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...BANK_KEY, 'statements'],
    queryFn: ({ pageParam, signal }) =>
      api<ListPage<BankStatement>>(
        withQuery('/api/admin/bank-statements', { cursor: pageParam, limit: PAGE_SIZE }),
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

/** The statements imported, newest first. */
export const useStatements = () => useInfiniteQuery(getStatementsQueryOptions());

/** A statement's page, and the later pages of its parts under it (statement-parts.ts). */
export const STATEMENT_KEY = (id: number) => [...BANK_KEY, 'statement', id] as const;

export const getStatementQueryOptions = (id: number) =>
  queryOptions({
    queryKey: STATEMENT_KEY(id),
    queryFn: ({ signal }) =>
      api<BankStatementDetail>(`/api/admin/bank-statements/${id}?limit=${STATEMENT_PAGE}`, {
        signal,
      }),
  });

/** A statement set beside the books: its matches, and what is left on either side. */
export const useStatement = (id: number) => useQuery(getStatementQueryOptions(id));
