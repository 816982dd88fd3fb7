import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Loan } from '@jamiya/contracts/loans';
import { api } from '../../../lib/api-client.ts';

export interface WithdrawLoanResponse {
  status_code: 200;
  message: string;
  loan: Loan;
}

export const withdrawLoan = ({ loanId, reason }: { loanId: number; reason: string }) =>
  api<WithdrawLoanResponse>(`/api/my-loans/${loanId}/withdraw`, { json: reason ? { reason } : {} });

export const useWithdrawLoan = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawLoan,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['myLoans'] }),
        queryClient.invalidateQueries({ queryKey: ['accountData'] }),
      ]),
  });
};
