import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { savePaymentResponse } from '@jamiya/contracts/payments';
import type { loanRepaymentForm, monthlyPaymentForm } from '../lib/payment-forms.ts';
import { filsToAed } from '@jamiya/money/fils';
import { filsToDecimalString } from '@jamiya/money/format';
import { ApiError } from '../../../lib/api-client.ts';
import { idempotencyKeyOf, useMoneyMutation } from '../../../lib/money-mutation.ts';
import {
  keepPayment,
  sendPayment,
  WAITING_PAYMENTS_KEY,
  type PaymentRequest,
} from '../../../lib/outbox.ts';
import { currentSession, type Session } from '../../../lib/session-store.ts';
import { shrinkPhoto } from '../../../lib/shrink-photo.ts';
import { loadSignOutQuestion } from '../../../api/logout.ts';
import { refreshAfterPayment } from '../../../api/waiting-payments.ts';

export type SavePaymentResponse = z.infer<typeof savePaymentResponse>;

// The forms' schemas are in lib/payment-forms.ts, loaded when a form validates.
export type MonthlyPaymentFormInput = z.input<typeof monthlyPaymentForm>;
export type MonthlyPaymentFormOutput = z.output<typeof monthlyPaymentForm>;
export type LoanRepaymentFormInput = z.input<typeof loanRepaymentForm>;
export type LoanRepaymentFormOutput = z.output<typeof loanRepaymentForm>;

export const repaymentFieldNames: readonly string[] = [
  'payment_amount',
  'account_number',
  'photo',
  'transfer_date',
  'bank_reference',
];
export const paymentFieldNames: readonly string[] = [...repaymentFieldNames, 'month'];

/**
 * The text fields of a payment, dues or repayment, as sent: the amount in AED, and an optional
 * field left empty not at all.
 */
function textFields(values: LoanRepaymentFormOutput, more: Record<string, string> = {}) {
  const fields: Record<string, string | undefined> = {
    payment_amount: filsToDecimalString(values.payment_amount),
    account_number: values.account_number,
    transfer_date: values.transfer_date,
    bank_reference: values.bank_reference,
    ...more,
  };
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** POST /api/save-monthly-payment: a month's due with its receipt, the photo shrunk first. */
export async function monthlyPaymentRequest(
  values: MonthlyPaymentFormOutput,
  period: string | undefined,
): Promise<PaymentRequest> {
  return {
    kind: 'dues',
    path: '/api/save-monthly-payment',
    fields: textFields(values, { month: values.month }),
    photo: await shrinkPhoto(values.photo),
    amount: filsToAed(values.payment_amount),
    period,
  };
}

/**
 * POST /api/my-loans/:id/repayments: a repayment of the active loan with its receipt. (The
 * amount-only save-monthly-payment call stays on the server for old clients only.)
 */
export async function repaymentRequest(
  loanId: number,
  values: LoanRepaymentFormOutput,
): Promise<PaymentRequest> {
  return {
    kind: 'repayment',
    path: `/api/my-loans/${loanId}/repayments`,
    fields: textFields(values),
    photo: await shrinkPhoto(values.photo),
    amount: filsToAed(values.payment_amount),
  };
}

// The session each submission was made in: it is sent with that session's token and, if it
// waits, kept for that session's account, whatever sign-in comes meanwhile.
const sessionOf = new WeakMap<PaymentRequest, Session>();

/**
 * Sends a payment with its receipt, telling `progress` (0 to 1) while it goes; without a network
 * (the phone says so, or the request gets no answer after its retries) the payment is kept on
 * the phone with the same Idempotency-Key and sent later: `submit` then answers 'kept'.
 */
export function useSubmitPayment() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  // A payment that waits makes the sign-out ask what becomes of it (api/logout.ts): the
  // question's code and texts come now, with the form's, while there is a network.
  useEffect(() => void loadSignOutQuestion().catch(() => undefined), []);
  const mutation = useMoneyMutation({
    mutationFn: (request: PaymentRequest, key: string) =>
      sendPayment<SavePaymentResponse>(request, key, {
        token: sessionOf.get(request)?.token,
        onUploadProgress: setProgress,
      }),
    // Not awaited, so that a slow refetch does not hold the modal open.
    onSuccess: () => refreshAfterPayment(queryClient),
    onSettled: () => setProgress(null),
  });
  const keep = async (
    request: PaymentRequest,
    session: Session | null,
    cause: unknown,
  ): Promise<'kept'> => {
    if (session === null) throw cause;
    await keepPayment({
      ...request,
      id: idempotencyKeyOf(request),
      accountId: session.accountId,
      keptAt: Date.now(),
    });
    void queryClient.invalidateQueries({ queryKey: WAITING_PAYMENTS_KEY });
    return 'kept';
  };
  const submit = async (request: PaymentRequest): Promise<SavePaymentResponse | 'kept'> => {
    const session = currentSession();
    if (session) sessionOf.set(request, session);
    if (!navigator.onLine) return keep(request, session, new ApiError(0, 'Network Error'));
    try {
      return await mutation.mutateAsync(request);
    } catch (error) {
      if (error instanceof ApiError && error.status === 0) return keep(request, session, error);
      throw error;
    }
  };
  return { submit, progress };
}
