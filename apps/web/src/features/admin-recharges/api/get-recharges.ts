import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminRecharge, RechargeState } from '@jamiya/contracts/recharge';
import { api } from '../../../lib/api-client.ts';
import { withQuery, type ListPage } from '../../../lib/list-query.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';

export type { AdminRecharge, RechargeState };

export const getRechargesQueryOptions = (state: RechargeState) =>
  infiniteQueryOptions({
    queryKey: [...ADMIN_KEY, 'recharges', state],
    queryFn: ({ pageParam, signal }) =>
      api<ListPage<AdminRecharge>>(
        withQuery('/api/admin/recharge-requests', { state, cursor: pageParam, limit: 20 }),
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

export const useRecharges = (state: RechargeState) =>
  useInfiniteQuery(getRechargesQueryOptions(state));
