import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BonusCloseResponse, BonusPeriodRequest } from '@jamiya/contracts/bonus';
import { api } from '../../../lib/api-client.ts';

export const closeBonusPeriod = (body: BonusPeriodRequest) =>
  api<BonusCloseResponse>('/api/admin/bonus/periods', { json: body });

export function useCloseBonusPeriod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeBonusPeriod,
    // The periods, the preview, and the books and overview the entry changed.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
