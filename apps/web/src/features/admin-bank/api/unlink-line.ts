import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankLine } from '@jamiya/contracts/bank';
import { api } from '../../../lib/api-client.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';

/**
 * A line matched or linked by hand to the wrong payment, open again; the payment stays as it is.
 * A line a payment or a booking was made from is corrected by reversal instead (409).
 */
export function useUnlinkLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lineId }: { lineId: number }) =>
      api<{ message: string; line: BankLine }>(`/api/admin/bank-lines/${lineId}/unlink`, {
        json: {},
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}
