import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { savePaymentResponse } from '@jamiya/contracts/payments';
import type { loanRepaymentForm, monthlyPaymentForm } from '../lib/payment-forms.ts';
import { filsToDecimalString } from '@jamiya/money/format';
import { api } from '../../../lib/api-client.ts';
import { useMoneyMutation } from '../../../lib/money-mutation.ts';
import { getAccountDataQueryOptions } from '../../../api/get-account-data.ts';
import { getMyLoansQueryOptions } from '../../../api/get-my-loans.ts';
import { getMyPaymentsQueryOptions } from '../../../api/get-my-payments.ts';

export type SavePaymentResponse = z.infer<typeof savePaymentResponse>;

// The forms' schemas are in lib/payment-forms.ts, loaded when a form validates.
export type MonthlyPaymentFormInput = z.input<typeof monthlyPaymentForm>;
export type MonthlyPaymentFormOutput = z.output<typeof monthlyPaymentForm>;
export type LoanRepaymentFormInput = z.input<typeof loanRepaymentForm>;
export type LoanRepaymentFormOutput = z.output<typeof loanRepaymentForm>;

const PAYMENT_FIELDS = ['payment_amount', 'month', 'account_number', 'photo'] as const;
export const paymentFieldNames: readonly string[] = PAYMENT_FIELDS;
export const repaymentFieldNames: readonly string[] = ['payment_amount', 'account_number', 'photo'];

export function payMonthlyDue(
  values: MonthlyPaymentFormOutput,
  idempotencyKey?: string,
): Promise<SavePaymentResponse> {
  const form = new FormData();
  form.append('payment_amount', filsToDecimalString(values.payment_amount));
  form.append('month', values.month);
  form.append('account_number', values.account_number);
  form.append('photo', values.photo, values.photo.name);
  return api<SavePaymentResponse>('/api/save-monthly-payment', { form, idempotencyKey });
}

export interface LoanRepayment {
  loanId: number;
  values: LoanRepaymentFormOutput;
}

/**
 * POST /api/my-loans/:id/repayments: a repayment of the active loan with its receipt. (The
 * amount-only save-monthly-payment call stays on the server for old clients only.)
 */
export function repayLoan(
  { loanId, values }: LoanRepayment,
  idempotencyKey?: string,
): Promise<SavePaymentResponse> {
  const form = new FormData();
  form.append('payment_amount', filsToDecimalString(values.payment_amount));
  if (values.account_number !== undefined) form.append('account_number', values.account_number);
  form.append('photo', values.photo, values.photo.name);
  return api<SavePaymentResponse>(`/api/my-loans/${loanId}/repayments`, { form, idempotencyKey });
}

export function usePayMonthlyDue() {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: payMonthlyDue,
    // The month turns "Under review" and the submission joins the history at once; not
    // awaited, so a slow refetch does not hold the modal open.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: getAccountDataQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: getMyPaymentsQueryOptions().queryKey });
    },
  });
}

export function useRepayLoan() {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: repayLoan,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: getAccountDataQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: getMyPaymentsQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: getMyLoansQueryOptions().queryKey });
    },
  });
}
