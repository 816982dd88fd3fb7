import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ArrearsMember, ArrearsReport } from '@jamiya/contracts/arrears';
import { api } from '../lib/api-client.ts';
import { withQuery } from '../lib/list-query.ts';
import { ADMIN_KEY } from './admin-key.ts';

export type { ArrearsMember, ArrearsReport };

/** How many members behind the desk lists at first, and how many more each time asked. */
export const ARREARS_PAGE = 50;

/**
 * GET /api/admin/arrears with its first `limit` members behind: read by the arrears page and by
 * the overview's PAR30. A longer list keeps the shorter one on the screen while it comes.
 */
export const getArrearsQueryOptions = (limit = ARREARS_PAGE) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'arrears', limit],
    queryFn: ({ signal }) =>
      api<ArrearsReport>(withQuery('/api/admin/arrears', { limit }), { signal }),
    placeholderData: keepPreviousData,
  });

export const useArrears = (limit?: number) => useQuery(getArrearsQueryOptions(limit));
