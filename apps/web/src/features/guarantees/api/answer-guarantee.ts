import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { guaranteeAnswerResponse } from '@jamiya/contracts/guarantees';
import { api } from '../../../lib/api-client.ts';
import { useMoneyMutation } from '../../../lib/money-mutation.ts';
import { getGuaranteesQueryOptions } from '../../../api/get-guarantees.ts';

export type GuaranteeAnswer = 'accept' | 'decline';
export type GuaranteeAnswerResponse = z.infer<typeof guaranteeAnswerResponse>;

export const answerGuarantee = (
  { id, answer }: { id: number; answer: GuaranteeAnswer },
  idempotencyKey?: string,
) =>
  api<GuaranteeAnswerResponse>(`/api/guarantees/${id}/${answer}`, {
    method: 'POST',
    idempotencyKey,
  });

/**
 * Accepting holds savings, so the answer is a money call, with its key. The list is read again
 * whatever the server said: a refusal (409, 422) means it changed meanwhile.
 */
export const useAnswerGuarantee = () => {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: answerGuarantee,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: getGuaranteesQueryOptions().queryKey }),
  });
};
