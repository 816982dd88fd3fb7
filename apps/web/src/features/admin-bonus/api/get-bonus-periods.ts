import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BonusPeriods } from '@jamiya/contracts/bonus';
import { api } from '../../../lib/api-client.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';

export const getBonusPeriodsQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'bonus', 'periods'],
    queryFn: ({ signal }) => api<BonusPeriods>('/api/admin/bonus/periods', { signal }),
  });

export const useBonusPeriods = () => useQuery(getBonusPeriodsQueryOptions());
