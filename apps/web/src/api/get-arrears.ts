import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArrearsMember, ArrearsReport } from '@jamiya/contracts/arrears';
import { api } from '../lib/api-client.ts';
import { ADMIN_KEY } from './admin-key.ts';

export type { ArrearsMember, ArrearsReport };

/** GET /api/admin/arrears: read by the arrears page and by the overview's PAR30. */
export const getArrearsQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'arrears'],
    queryFn: ({ signal }) => api<ArrearsReport>('/api/admin/arrears', { signal }),
  });

export const useArrears = () => useQuery(getArrearsQueryOptions());
