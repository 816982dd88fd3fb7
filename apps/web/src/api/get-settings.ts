import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import type { PublicSettings } from '@jamiya/contracts/settings';
import { api } from '../lib/api-client.ts';
import { i18n, setLoanCharge } from '../lib/i18n.tsx';
import { SETTINGS } from './paths.ts';

/**
 * GET /api/settings in the language shown: the treasurer's texts (payment instructions, loan
 * terms) come in it where they were written in it.
 */
export const getSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', i18n.language],
    // Here too, not only in useSettings: a page that never reads the settings (My Loan) says
    // the charge as the association does once the member area's prefetch has them.
    queryFn: async ({ signal }) => {
      const settings = await api<PublicSettings>(SETTINGS, { signal });
      // As useSettings does: only a word the answer says (an early answer is taken as it came).
      const charge = (settings as Partial<PublicSettings>).loan_policy?.charge_called;
      if (charge) setLoanCharge(charge);
      return settings;
    },
    staleTime: 10 * 60_000,
  });

/**
 * The settings; on the way, every text calls the loans' charge as the association does
 * (interest or a service charge). The choice is kept on the phone, so that a page opened
 * before the settings come already says it.
 */
export function useSettings() {
  const settings = useQuery(getSettingsQueryOptions());
  const charge = settings.data?.loan_policy.charge_called;
  useLayoutEffect(() => {
    if (charge) setLoanCharge(charge);
  }, [charge]);
  return settings;
}
