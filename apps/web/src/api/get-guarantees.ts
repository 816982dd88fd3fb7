import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Guarantee, MyGuarantees } from '@jamiya/contracts/guarantees';
import { api } from '../lib/api-client.ts';

export type { Guarantee, MyGuarantees };

// Read by the guarantees page and by the home's line of what is held (features do not import
// each other): one query, so that an answer given on the page refreshes both.
export const getGuaranteesQueryOptions = () =>
  queryOptions({
    queryKey: ['guarantees'],
    queryFn: ({ signal }) => api<MyGuarantees>('/api/guarantees', { signal }),
  });

export const useGuarantees = () => useQuery(getGuaranteesQueryOptions());
