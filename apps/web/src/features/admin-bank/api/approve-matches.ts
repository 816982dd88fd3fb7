import { useQueryClient } from '@tanstack/react-query';
import type { ApproveMatchesAnswer } from '@jamiya/contracts/bank';
import { api } from '../../../lib/api-client.ts';
import { useMoneyMutation } from '../../../lib/money-mutation.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';

/**
 * The chosen matches of a statement approved in one step: each receipt approved as a single
 * approval does, each movement of the books linked to its line.
 */
export function useApproveMatches() {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: (
      { statementId, lines }: { statementId: number; lines: number[] },
      idempotencyKey: string,
    ) =>
      api<ApproveMatchesAnswer>(`/api/admin/bank-statements/${statementId}/approve`, {
        json: { lines },
        idempotencyKey,
      }),
    // The statement, the reconciliation, the review queue and the overview it moved.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}
