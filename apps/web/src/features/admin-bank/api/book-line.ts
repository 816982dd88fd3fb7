import { useQueryClient } from '@tanstack/react-query';
import type { BankLine } from '@jamiya/contracts/bank';
import type { BookLineBody } from '@jamiya/contracts/bank-lines';
import { api } from '../../../lib/api-client.ts';
import { useMoneyMutation } from '../../../lib/money-mutation.ts';
import { rememberProposal } from '../../../api/proposals.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';
import { isProposed, type ProposedAnswer } from '../lib/proposed-answer.ts';

/** 201: the line booked to the account, one balanced entry; 202: proposed to a second admin. */
export type BookAnswer = { message: string; line: BankLine; entry_id: number } | ProposedAnswer;

/**
 * A bank line that is no member's money (a bank charge, interest, the hall for the AGM) booked
 * to an account of the association's own; the same call by a second admin confirms a proposal.
 */
export function useBookLine() {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: (
      { lineId, body }: { lineId: number; body: BookLineBody },
      idempotencyKey: string,
    ) => api<BookAnswer>(`/api/admin/bank-lines/${lineId}/book`, { json: body, idempotencyKey }),
    onSuccess: (answer) => {
      if (isProposed(answer)) rememberProposal(queryClient, answer.proposal);
    },
    // The statement, the reconciliation, the books and the overview it moved.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}
