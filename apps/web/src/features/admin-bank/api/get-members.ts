import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminMember, AdminMemberDetail } from '@jamiya/contracts/members';
import { api } from '../../../lib/api-client.ts';
import { withQuery, type ListPage } from '../../../lib/list-query.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';

const FOUND_AT_ONCE = 8;

export const findMembersQueryOptions = (search: string) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'bank', 'members', search],
    queryFn: ({ signal }) =>
      api<ListPage<AdminMember>>(
        withQuery('/api/admin/members', { q: search, status: 'active', limit: FOUND_AT_ONCE }),
        { signal },
      ),
  });

/** The active members whose name, email, mobile or member ID holds `search`. */
export const useFindMembers = (search: string) =>
  useQuery({ ...findMembersQueryOptions(search), enabled: search.trim().length >= 2 });

export const getMemberQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'bank', 'member', id],
    queryFn: ({ signal }) => api<AdminMemberDetail>(`/api/admin/members/${id}`, { signal }),
  });

/** A member with their loans: whom a proposal names, and what money may repay. */
export const useMember = (id: number | null) =>
  useQuery({ ...getMemberQueryOptions(id ?? 0), enabled: id !== null });
