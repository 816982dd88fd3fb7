import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Recharge } from '@jamiya/contracts/recharge';
import { api } from '../../../lib/api-client.ts';
import { withQuery, type ListPage } from '../../../lib/list-query.ts';

export type { Recharge };

export const getMyRechargesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['myRecharges'],
    queryFn: ({ pageParam, signal }) =>
      api<ListPage<Recharge>>(
        withQuery('/api/recharge-requests', { cursor: pageParam, limit: 20 }),
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

export const useMyRecharges = () => useInfiniteQuery(getMyRechargesQueryOptions());
