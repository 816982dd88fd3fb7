import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminMember } from '@jamiya/contracts/members';
import { api } from '../../../lib/api-client.ts';
import { withQuery, type ListPage } from '../../../lib/list-query.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';

const FOUND_AT_ONCE = 8;

export const findMembersQueryOptions = (search: string) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'books', 'members', search],
    queryFn: ({ signal }) =>
      api<ListPage<AdminMember>>(
        withQuery('/api/admin/members', { q: search, limit: FOUND_AT_ONCE }),
        { signal },
      ),
  });

/** The members whose name, email, mobile or member ID holds `search` (two characters at least). */
export const useFindMembers = (search: string) =>
  useQuery({ ...findMembersQueryOptions(search), enabled: search.trim().length >= 2 });
