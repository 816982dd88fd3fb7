import { useQueryClient } from '@tanstack/react-query';
import type { Loan } from '@jamiya/contracts/loans';
import { api } from '../../../lib/api-client.ts';
import { useMoneyMutation } from '../../../lib/money-mutation.ts';
import { getAccountDataQueryOptions } from '../../../api/get-account-data.ts';
import { getMyLoansQueryOptions } from '../../../api/get-my-loans.ts';

export interface WithdrawLoanResponse {
  status_code: 200;
  message: string;
  loan: Loan;
}

export const withdrawLoan = (
  { loanId, reason }: { loanId: number; reason: string },
  idempotencyKey?: string,
) =>
  api<WithdrawLoanResponse>(`/api/my-loans/${loanId}/withdraw`, {
    json: reason ? { reason } : {},
    idempotencyKey,
  });

export const useWithdrawLoan = () => {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: withdrawLoan,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getMyLoansQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getAccountDataQueryOptions().queryKey }),
      ]),
  });
};
