import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BonusPeriodRequest, BonusPreview } from '@jamiya/contracts/bonus';
import { api } from '../../../lib/api-client.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';

export const getBonusPreviewQueryOptions = (period: BonusPeriodRequest) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'bonus', 'preview', period],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ ends_on: period.ends_on });
      if (period.starts_on) query.set('starts_on', period.starts_on);
      for (const flag of ['share_fines', 'share_other_income', 'less_expenses'] as const)
        if (period[flag]) query.set(flag, 'true');
      return api<BonusPreview>(`/api/admin/bonus/preview?${query}`, { signal });
    },
  });

/** What closing the period would share out; nothing is asked until there is a period. */
export const useBonusPreview = (period: BonusPeriodRequest | null) =>
  useQuery({
    ...getBonusPreviewQueryOptions(period ?? { ends_on: '' }),
    enabled: period !== null,
  });
