import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberFine } from '@jamiya/contracts/payments';
import { api } from '../lib/api-client.ts';
import { ADMIN_KEY } from './admin-key.ts';

export type { MemberFine };

/** A member's late fines, newest month first, each with its waiver. */
export const getMemberFinesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'members', 'fines', id],
    queryFn: ({ signal }) =>
      api<{ items: MemberFine[] }>(`/api/admin/members/${id}/fines`, { signal }),
  });

export const useMemberFines = (id: number) => useQuery(getMemberFinesQueryOptions(id));
