import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoanEligibility } from '@jamiya/contracts/guarantees';
import { api } from '../../../lib/api-client.ts';
import { i18n } from '../../../lib/i18n.tsx';

export type { LoanEligibility };

/**
 * GET /api/my-loans/eligibility: whether the member may borrow now, how much, and why not, in
 * the language shown. Under `myLoans`, so that what invalidates the loans (an application, a
 * withdrawal) asks for it again too.
 */
export const getEligibilityQueryOptions = () =>
  queryOptions({
    queryKey: ['myLoans', 'eligibility', i18n.language],
    queryFn: ({ signal }) => api<LoanEligibility>('/api/my-loans/eligibility', { signal }),
  });

export const useEligibility = () => useQuery(getEligibilityQueryOptions());
