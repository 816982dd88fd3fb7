import { useQueryClient } from '@tanstack/react-query';
import type { FundProposal } from '@jamiya/contracts/proposals';
import type { BonusCloseResponse, BonusPeriodRequest } from '@jamiya/contracts/bonus';
import { api } from '../../../lib/api-client.ts';
import { useMoneyMutation } from '../../../lib/money-mutation.ts';
import { rememberProposal } from '../../../api/proposals.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';

/** 201: closed; 202: proposed, waiting for a second admin to ask for the same dates. */
export type CloseAnswer =
  BonusCloseResponse | { message: string; pending_confirmation: true; proposal: FundProposal };

export const isProposed = (
  answer: CloseAnswer,
): answer is Extract<CloseAnswer, { pending_confirmation: true }> =>
  'pending_confirmation' in answer && answer.pending_confirmation === true;

export const closeBonusPeriod = (body: BonusPeriodRequest, idempotencyKey?: string) =>
  api<CloseAnswer>('/api/admin/bonus/periods', { json: body, idempotencyKey });

export function useCloseBonusPeriod() {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: closeBonusPeriod,
    onSuccess: (answer) => {
      if (isProposed(answer)) rememberProposal(queryClient, answer.proposal);
    },
    // The periods, the preview, the proposals, and the books and overview the entry changed.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}
