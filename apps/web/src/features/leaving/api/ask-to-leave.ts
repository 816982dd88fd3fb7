import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { exitAnswer, ExitRequest } from '@jamiya/contracts/exits';
import { api, ApiError } from '../../../lib/api-client.ts';
import { getMyExitQueryOptions } from './get-my-exit.ts';

export type ExitAnswer = z.infer<typeof exitAnswer>;

export const askToLeave = (body: ExitRequest) => api<ExitAnswer>('/api/my-exit', { json: body });

export const withdrawExit = () => api<ExitAnswer>('/api/my-exit/withdraw', { method: 'POST' });

/**
 * The request as the server answered it shows at once; the page then reads it again, with
 * today's figures. A refusal (409: a request already open, or the membership ended) is read
 * again too: what the server knows changed meanwhile.
 */
function useSettle() {
  const queryClient = useQueryClient();
  const { queryKey } = getMyExitQueryOptions();
  return {
    onSuccess: (answer: ExitAnswer) => {
      queryClient.setQueryData(queryKey, (old) => old && { ...old, exit: answer.exit });
      void queryClient.invalidateQueries({ queryKey });
    },
    onError: (error: Error) => {
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey });
    },
  };
}

export const useAskToLeave = () => useMutation({ mutationFn: askToLeave, ...useSettle() });

export const useWithdrawExit = () => useMutation({ mutationFn: withdrawExit, ...useSettle() });
