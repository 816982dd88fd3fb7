import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { salaryLateResponse } from '@jamiya/contracts/payments';
import { api } from '../../../lib/api-client.ts';
import { useMoneyMutation } from '../../../lib/money-mutation.ts';
import { getAccountDataQueryOptions } from '../../../api/get-account-data.ts';

export type SalaryLateResponse = z.infer<typeof salaryLateResponse>;

/** POST /api/my-dues/{period}/salary-late: the month's late fine waits (docs/domain/dues.md). */
export const saySalaryLate = ({ period }: { period: string }, idempotencyKey?: string) =>
  api<SalaryLateResponse>(`/api/my-dues/${encodeURIComponent(period)}/salary-late`, {
    method: 'POST',
    idempotencyKey,
  });

/**
 * Sent with its key, so that a lost answer is retried safely. The months are read again
 * whatever the server said: a refusal (409) means the month changed meanwhile.
 */
export const useSaySalaryLate = () => {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: saySalaryLate,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: getAccountDataQueryOptions().queryKey }),
  });
};
