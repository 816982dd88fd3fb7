import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import type { PublicSettings } from '@jamiya/contracts/settings';
import { api } from '../lib/api-client.ts';
import { i18n } from '../lib/i18n.tsx';
import { SETTINGS } from './paths.ts';

/**
 * GET /api/settings in the language shown: the treasurer's texts (payment instructions, loan
 * terms) come in it where they were written in it.
 */
export const getSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', i18n.language],
    queryFn: ({ signal }) => api<PublicSettings>(SETTINGS, { signal }),
    staleTime: 10 * 60_000,
  });

export const useSettings = () => useQuery(getSettingsQueryOptions());

/**
 * Calls the loans' charge, in every text of the area, as the association does (interest or a
 * service charge), once its settings are known: a layout uses it.
 */
export function useLoanChargeWords() {
  const charge = useSettings().data?.loan_policy.charge_called;
  useLayoutEffect(() => {
    if (charge) i18n.setShared('charge', charge);
  }, [charge]);
}
