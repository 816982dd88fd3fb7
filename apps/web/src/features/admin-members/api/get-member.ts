import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminMemberDetail } from '@jamiya/contracts/admin';
import { api } from '../../../lib/api-client.ts';

export const getMemberQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'members', 'detail', id],
    queryFn: ({ signal }) => api<AdminMemberDetail>(`/api/admin/members/${id}`, { signal }),
  });

export const useMember = (id: number) => useQuery(getMemberQueryOptions(id));
