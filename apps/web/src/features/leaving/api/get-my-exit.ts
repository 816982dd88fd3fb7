import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExitView, MyExit } from '@jamiya/contracts/exits';
import { api } from '../../../lib/api-client.ts';

export type { ExitView, MyExit };

/** GET /api/my-exit: the member's latest request to leave, and what leaving would pay today. */
export const getMyExitQueryOptions = () =>
  queryOptions({
    queryKey: ['myExit'],
    queryFn: ({ signal }) => api<MyExit>('/api/my-exit', { signal }),
  });

export const useMyExit = () => useQuery(getMyExitQueryOptions());
