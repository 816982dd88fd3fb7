import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Payment } from '@jamiya/contracts/payments';
import { api } from '../lib/api-client.ts';

export type { Payment };

export const getMyPaymentsQueryOptions = () =>
  queryOptions({
    queryKey: ['myPayments'],
    queryFn: ({ signal }) =>
      api<{ items: Payment[]; next_cursor: string | null }>('/api/my-payments?limit=50', {
        signal,
      }),
  });

export const useMyPayments = () => useQuery(getMyPaymentsQueryOptions());
