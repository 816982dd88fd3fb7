import { useQueryClient } from '@tanstack/react-query';
import type { AssignLineBody, BankLine } from '@jamiya/contracts/bank';
import { api } from '../../../lib/api-client.ts';
import { useMoneyMutation } from '../../../lib/money-mutation.ts';
import { rememberProposal } from '../../../api/proposals.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';
import { isProposed, type ProposedAnswer } from '../lib/proposed-answer.ts';

/** 201: the payment recorded from the line; 202: proposed, waiting for a second admin. */
export type AssignAnswer = { message: string; line: BankLine; payment_id: number } | ProposedAnswer;

/**
 * Money the bank received without a receipt, assigned to a member's month or loan; the same
 * call by a second admin confirms a proposal.
 */
export function useAssignLine() {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: (
      { lineId, body }: { lineId: number; body: AssignLineBody },
      idempotencyKey: string,
    ) =>
      api<AssignAnswer>(`/api/admin/bank-lines/${lineId}/assign`, { json: body, idempotencyKey }),
    onSuccess: (answer) => {
      if (isProposed(answer)) rememberProposal(queryClient, answer.proposal);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}
