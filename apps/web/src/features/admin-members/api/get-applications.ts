import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { MembershipApplication } from '@jamiya/contracts/members';
import { api } from '../../../lib/api-client.ts';
import { withQuery, type ListPage } from '../../../lib/list-query.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';

export type ApplicationStatus = MembershipApplication['status'];

export const getApplicationsQueryOptions = (status: ApplicationStatus) =>
  infiniteQueryOptions({
    queryKey: [...ADMIN_KEY, 'applications', status],
    queryFn: ({ pageParam, signal }) =>
      api<ListPage<MembershipApplication>>(
        withQuery('/api/admin/applications', { status, cursor: pageParam, limit: 20 }),
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

export const useApplications = (status: ApplicationStatus) =>
  useInfiniteQuery(getApplicationsQueryOptions(status));
