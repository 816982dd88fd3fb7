import { useQueryClient } from '@tanstack/react-query';
import type { BonusCloseResponse, BonusPeriodRequest } from '@jamiya/contracts/bonus';
import { api } from '../../../lib/api-client.ts';
import { useMoneyMutation } from '../../../lib/money-mutation.ts';

export const closeBonusPeriod = (body: BonusPeriodRequest, idempotencyKey?: string) =>
  api<BonusCloseResponse>('/api/admin/bonus/periods', { json: body, idempotencyKey });

export function useCloseBonusPeriod() {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: closeBonusPeriod,
    // The periods, the preview, and the books and overview the entry changed.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
