import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { monthlyPaymentFields, type savePaymentResponse } from '@jamiya/contracts/payments';
import type { Fils } from '@jamiya/money/fils';
import { filsToDecimalString } from '@jamiya/money/format';
import { api } from '../../../lib/api-client.ts';
import { useMoneyMutation } from '../../../lib/money-mutation.ts';

export type SavePaymentResponse = z.infer<typeof savePaymentResponse>;

/** PRODUCT.md section 4: a receipt is a JPEG, PNG, WebP, HEIC or PDF of at most 10 MB. */
export const MAX_RECEIPT_BYTES = 10 * 1024 * 1024;
const RECEIPT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
  'application/pdf',
];
// Some phones hand over a HEIC photo with no type at all; the server checks the content anyway.
const RECEIPT_EXTENSIONS = /\.(jpe?g|png|webp|heic|heif|pdf)$/i;

export const isReceiptType = (file: File) =>
  RECEIPT_TYPES.includes(file.type) || (file.type === '' && RECEIPT_EXTENSIONS.test(file.name));

// An empty text box is "missing", which deserves its own sentence rather than "not a number".
// The shared schema takes a string or a number; a form only gives it strings, and zod types
// a schema's input covariantly, so narrowing it needs a cast (a sound one).
const sharedAmount = monthlyPaymentFields.shape.payment_amount as unknown as z.ZodType<
  Fils,
  string
>;
const requiredAmount = z.string().trim().min(1, 'Enter an amount in AED.').pipe(sharedAmount);

/**
 * The Monthly Payment form: the shared fields, all four required on the client (spec
 * section 5), the receipt checked for size and type before it is sent.
 */
export const monthlyPaymentForm = monthlyPaymentFields.extend({
  payment_amount: requiredAmount,
  month: z.string().min(1, 'Choose a month.').pipe(monthlyPaymentFields.shape.month.unwrap()),
  account_number: monthlyPaymentFields.shape.account_number.unwrap(),
  photo: z
    .custom<File>((value) => value instanceof File, 'Attach the receipt (a photo or a PDF).')
    .refine(
      (file) => file.size <= MAX_RECEIPT_BYTES,
      'This file is larger than 10 MB. Please send a smaller file.',
    )
    .refine(
      isReceiptType,
      'This file type is not accepted. Please send a JPEG, PNG, WebP or HEIC photo, or a PDF.',
    ),
});
export type MonthlyPaymentFormInput = z.input<typeof monthlyPaymentForm>;
export type MonthlyPaymentFormOutput = z.output<typeof monthlyPaymentForm>;

/** The due-loan payment form: only the amount (spec section 5). */
export const loanRepaymentForm = monthlyPaymentFields
  .pick({ payment_amount: true })
  .extend({ payment_amount: requiredAmount });
export type LoanRepaymentFormInput = z.input<typeof loanRepaymentForm>;
export type LoanRepaymentFormOutput = z.output<typeof loanRepaymentForm>;

const PAYMENT_FIELDS = ['payment_amount', 'month', 'account_number', 'photo'] as const;
export const paymentFieldNames: readonly string[] = PAYMENT_FIELDS;

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

/** The same call with only payment_amount: a repayment towards the active loan (PRODUCT.md section 4). */
export function repayLoan(
  values: LoanRepaymentFormOutput,
  idempotencyKey?: string,
): Promise<SavePaymentResponse> {
  const form = new FormData();
  form.append('payment_amount', filsToDecimalString(values.payment_amount));
  return api<SavePaymentResponse>('/api/save-monthly-payment', { form, idempotencyKey });
}

export function usePayMonthlyDue() {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: payMonthlyDue,
    // The month turns "Under review" and the submission joins the history at once; not
    // awaited, so a slow refetch does not hold the modal open.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['accountData'] });
      void queryClient.invalidateQueries({ queryKey: ['myPayments'] });
    },
  });
}

export function useRepayLoan() {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: repayLoan,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['accountData'] });
      void queryClient.invalidateQueries({ queryKey: ['myPayments'] });
      void queryClient.invalidateQueries({ queryKey: ['myLoans'] });
    },
  });
}
