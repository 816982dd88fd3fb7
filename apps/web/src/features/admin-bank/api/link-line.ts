import { useQueryClient } from '@tanstack/react-query';
import type { BankLine } from '@jamiya/contracts/bank';
import { api } from '../../../lib/api-client.ts';
import { useMoneyMutation } from '../../../lib/money-mutation.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';

export interface LineLinked {
  message: string;
  line: BankLine;
  /** Whether the link approved a receipt waiting. */
  approved: boolean;
}

/** A line linked by hand to a payment: a receipt waiting, which it approves, or one approved. */
export function useLinkLine() {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: (
      { lineId, paymentId }: { lineId: number; paymentId: number },
      idempotencyKey: string,
    ) =>
      api<LineLinked>(`/api/admin/bank-lines/${lineId}/link`, {
        json: { payment_id: paymentId },
        idempotencyKey,
      }),
    // The statement, the reconciliation, the review queue and the overview it moved.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}
