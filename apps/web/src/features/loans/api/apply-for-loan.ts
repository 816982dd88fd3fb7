import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { LOAN_TYPES, loanApplicationResponse } from '@jamiya/contracts/loans';
import type { Fils } from '@jamiya/money/fils';
import { filsToDecimalString } from '@jamiya/money/format';
import type { LoanFigures } from '@jamiya/money/loan';
import { api } from '../../../lib/api-client.ts';
import { useMoneyMutation } from '../../../lib/money-mutation.ts';
import { filsToFormValue } from '../lib/loan-terms.ts';
import { getAccountDataQueryOptions } from '../../../api/get-account-data.ts';
import { getMyLoansQueryOptions } from '../../../api/get-my-loans.ts';

export type LoanApplicationResponse = z.infer<typeof loanApplicationResponse>;

export interface LoanApplication {
  loanType: (typeof LOAN_TYPES)[number];
  figures: LoanFigures;
  bankAccount: string;
  passportOrNid: string;
  includeInsurance: boolean;
  /** Who stands for the part above the free savings; none when the savings cover it. */
  guarantors: readonly { memberId: string; amountFils: Fils }[];
}

/**
 * The multipart body of docs/product.md 10.7, fields 10.3, figures as exact decimal text; the
 * guarantors, when there are any, as one field holding their JSON (issue 38).
 */
export function loanApplicationFormData(application: LoanApplication): FormData {
  const { figures } = application;
  const form = new FormData();
  form.append('loan_type', application.loanType);
  form.append('loan_amount', filsToFormValue(figures.amountFils));
  form.append('duration_month', String(figures.termMonths));
  form.append('bank_account', application.bankAccount);
  form.append('per_month_amount', filsToFormValue(figures.perMonthFils));
  form.append('passport_or_nid', application.passportOrNid);
  form.append('includeInsurance', String(application.includeInsurance));
  form.append('total_amount_with_interest', filsToFormValue(figures.totalFils));
  if (application.guarantors.length > 0) {
    const guarantors = application.guarantors.map((g) => ({
      member_id: g.memberId,
      amount: filsToDecimalString(g.amountFils),
    }));
    form.append('guarantors', JSON.stringify(guarantors));
  }
  return form;
}

export const applyForLoan = (application: LoanApplication, idempotencyKey?: string) =>
  api<LoanApplicationResponse>('/api/loan-application', {
    form: loanApplicationFormData(application),
    idempotencyKey,
  });

export const useApplyForLoan = () => {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: applyForLoan,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getMyLoansQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getAccountDataQueryOptions().queryKey }),
      ]),
  });
};
