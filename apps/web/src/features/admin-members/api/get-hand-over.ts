import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { handOverResponse } from '@jamiya/contracts/members';
import { api } from '../../../lib/api-client.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';

export const getHandOverQueryOptions = (memberId: number) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'members', memberId, 'hand-over'],
    queryFn: ({ signal }) =>
      api<z.infer<typeof handOverResponse>>(`/api/admin/members/${memberId}/password-link`, {
        signal,
      }),
  });

/** The member's link to set a password that this admin issued or confirmed and is still to hand over. */
export const useHandOver = (memberId: number) => useQuery(getHandOverQueryOptions(memberId));
