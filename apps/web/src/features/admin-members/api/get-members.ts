import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminMember } from '@jamiya/contracts/members';
import { api } from '../../../lib/api-client.ts';
import { withQuery, type ListPage } from '../../../lib/list-query.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';

export interface MembersFilter {
  q: string;
  status: '' | 'active' | 'inactive';
}

export const PAGE_SIZE = 20;

export const getMembersQueryOptions = (filter: MembersFilter) =>
  infiniteQueryOptions({
    queryKey: [...ADMIN_KEY, 'members', 'list', filter],
    queryFn: ({ pageParam, signal }) =>
      api<ListPage<AdminMember>>(
        withQuery('/api/admin/members', {
          q: filter.q.trim(),
          status: filter.status,
          cursor: pageParam,
          limit: PAGE_SIZE,
        }),
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

/** The list keeps showing the last answer while a new search is on its way. */
export const useMembers = (filter: MembersFilter) =>
  useInfiniteQuery({ ...getMembersQueryOptions(filter), placeholderData: keepPreviousData });
