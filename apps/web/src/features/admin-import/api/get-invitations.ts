import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { importInvitationsResponse } from '@jamiya/contracts/imports';
import { api } from '../../../lib/api-client.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';

export const getInvitationsQueryOptions = (importId: number) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'imports', importId, 'invitations'],
    queryFn: ({ signal }) =>
      api<z.infer<typeof importInvitationsResponse>>(`/api/admin/imports/${importId}/invitations`, {
        signal,
      }),
  });

/** An applied import's invitations not used yet, for the admins who brought it in. */
export const useInvitations = (importId: number) => useQuery(getInvitationsQueryOptions(importId));
