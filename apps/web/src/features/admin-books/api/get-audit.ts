import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditEvent } from '@jamiya/contracts/books';
import { api } from '../../../lib/api-client.ts';
import { withQuery, type ListPage } from '../../../lib/list-query.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';

export const getAuditQueryOptions = (action: string) =>
  infiniteQueryOptions({
    queryKey: [...ADMIN_KEY, 'audit', action],
    queryFn: ({ pageParam, signal }) =>
      api<ListPage<AuditEvent>>(
        withQuery('/api/admin/audit', { action, cursor: pageParam, limit: 20 }),
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

export const useAudit = (action: string) =>
  useInfiniteQuery({ ...getAuditQueryOptions(action), placeholderData: keepPreviousData });
