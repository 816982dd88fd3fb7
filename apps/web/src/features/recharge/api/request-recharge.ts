import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { RechargeRequest, rechargeCreatedResponse } from '@jamiya/contracts/recharge';
import { api } from '../../../lib/api-client.ts';
import { useMoneyMutation } from '../../../lib/money-mutation.ts';
import { getMyRechargesQueryOptions } from './get-my-recharges.ts';

export type RechargeCreated = z.infer<typeof rechargeCreatedResponse>;

export const requestRecharge = (body: RechargeRequest, idempotencyKey?: string) =>
  api<RechargeCreated>('/api/recharge-requests', { json: body, idempotencyKey });

export function useRequestRecharge() {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: requestRecharge,
    // The new request joins the member's list at once (not awaited: the form is free again).
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: getMyRechargesQueryOptions().queryKey }),
  });
}
