import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOverview } from '@jamiya/contracts/overview';
import { api } from '../lib/api-client.ts';
import { ADMIN_KEY } from './admin-key.ts';

export type { AdminOverview };

export const getOverviewQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'overview'],
    queryFn: ({ signal }) => api<AdminOverview>('/api/admin/overview', { signal }),
  });

/** `enabled` false waits: the loan page asks for the cash in hand only once a pay-out is open. */
export const useOverview = (enabled = true) => useQuery({ ...getOverviewQueryOptions(), enabled });
