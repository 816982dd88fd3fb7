import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { rechargeDecidedResponse } from '@jamiya/contracts/recharge';
import { api } from '../../../lib/api-client.ts';
import { useMoneyMutation } from '../../../lib/money-mutation.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';

type Decided = z.infer<typeof rechargeDecidedResponse>;

export const markRechargeDone = (
  { id, reference }: { id: number; reference: string },
  idempotencyKey?: string,
) =>
  api<Decided>(`/api/admin/recharge-requests/${id}/done`, {
    json: { reference },
    idempotencyKey,
  });

export const refuseRecharge = (
  { id, reason }: { id: number; reason: string },
  idempotencyKey?: string,
) =>
  api<Decided>(`/api/admin/recharge-requests/${id}/refuse`, { json: { reason }, idempotencyKey });

// Either way the request moves to another tab. After a 409 (another admin decided first)
// the list shown is out of date too: refetch on every outcome.
const useDecision = <V extends object>(
  mutationFn: (v: V, idempotencyKey: string) => Promise<Decided>,
) => {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: [...ADMIN_KEY, 'recharges'] }),
  });
};

export const useMarkRechargeDone = () => useDecision(markRechargeDone);
export const useRefuseRecharge = () => useDecision(refuseRecharge);
