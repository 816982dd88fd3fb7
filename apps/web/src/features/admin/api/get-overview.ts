import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOverview } from '@jamiya/contracts/admin';
import { api } from '../../../lib/api-client.ts';

export type { AdminOverview };

export const getOverviewQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'overview'],
    queryFn: ({ signal }) => api<AdminOverview>('/api/admin/overview', { signal }),
  });

export const useOverview = () => useQuery(getOverviewQueryOptions());
