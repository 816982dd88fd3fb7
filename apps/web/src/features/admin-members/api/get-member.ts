import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminMemberDetail } from '@jamiya/contracts/members';
import { api } from '../../../lib/api-client.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';

export const getMemberQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'members', 'detail', id],
    queryFn: ({ signal }) => api<AdminMemberDetail>(`/api/admin/members/${id}`, { signal }),
  });

export const useMember = (id: number) => useQuery(getMemberQueryOptions(id));
