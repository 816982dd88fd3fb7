import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BonusPeriods } from '@jamiya/contracts/bonus';
import { api } from '../../../lib/api-client.ts';

export const getBonusPeriodsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'bonus', 'periods'],
    queryFn: ({ signal }) => api<BonusPeriods>('/api/admin/bonus/periods', { signal }),
  });

export const useBonusPeriods = () => useQuery(getBonusPeriodsQueryOptions());
