import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyBonus } from '@jamiya/contracts/bonus';
import { api } from '../../../lib/api-client.ts';

export const getMyBonusQueryOptions = () =>
  queryOptions({
    queryKey: ['myBonus'],
    queryFn: ({ signal }) => api<MyBonus>('/api/my-bonus', { signal }),
  });

export const useMyBonus = () => useQuery(getMyBonusQueryOptions());
