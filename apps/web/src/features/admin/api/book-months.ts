import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FundProposal } from '@jamiya/contracts/proposals';
import type { BookMonth, BookMonths, MonthLockResponse } from '@jamiya/contracts/year';
import { api } from '../../../lib/api-client.ts';
import { useMoneyMutation } from '../../../lib/money-mutation.ts';
import { rememberProposal } from '../../../api/proposals.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';

export type { BookMonth, BookMonths };

/** 200: locked; 202: proposed, waiting for a second admin to lock the same month. */
export type LockAnswer =
  MonthLockResponse | { message: string; pending_confirmation: true; proposal: FundProposal };

export const isProposedLock = (
  answer: LockAnswer,
): answer is Extract<LockAnswer, { pending_confirmation: true }> =>
  'pending_confirmation' in answer && answer.pending_confirmation === true;

/** GET /api/admin/periods: the months of the books, locked or open, newest first. */
export const getBookMonthsQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'periods'],
    queryFn: ({ signal }) => api<BookMonths>('/api/admin/periods', { signal }),
  });

export const useBookMonths = () => useQuery(getBookMonthsQueryOptions());

/** A month locked (or its lock proposed); the same call by a second admin confirms it. */
export function useLockMonth() {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: ({ month }: { month: string }, idempotencyKey: string) =>
      api<LockAnswer>(`/api/admin/periods/${month}/lock`, { json: {}, idempotencyKey }),
    onSuccess: (answer) => {
      if (isProposedLock(answer)) rememberProposal(queryClient, answer.proposal);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}
