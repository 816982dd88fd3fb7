import { z } from 'zod';
import { loanRepaymentFields, monthlyPaymentFields } from '@jamiya/contracts/payments';
import type { Fils } from '@jamiya/money/fils';
import { receiptFile } from '../../../lib/receipt-file-schema.ts';

// An empty text box is "missing", which deserves its own sentence rather than "not a number".
// The shared schema takes a string or a number; a form only gives it strings, and zod types
// a schema's input covariantly, so narrowing it needs a cast (a sound one).
const sharedAmount = monthlyPaymentFields.shape.payment_amount as unknown as z.ZodType<
  Fils,
  string
>;
const requiredAmount = z
  .string()
  .trim()
  .min(1, /*i18n*/ 'Enter an amount in AED.')
  .pipe(sharedAmount);
const RECEIPT_MISSING = /*i18n*/ 'Attach the receipt (a photo or a PDF).';

/**
 * The Monthly Payment form: the shared fields, all four required on the client (spec
 * section 5), the receipt checked for size and type before it is sent.
 */
export const monthlyPaymentForm = monthlyPaymentFields.extend({
  payment_amount: requiredAmount,
  month: z
    .string()
    .min(1, /*i18n*/ 'Choose a month.')
    .pipe(monthlyPaymentFields.shape.month.unwrap()),
  account_number: monthlyPaymentFields.shape.account_number.unwrap(),
  photo: receiptFile(RECEIPT_MISSING),
});

/** What is left of each month (by YYYY-MM) the member can pay, and the sentence for an amount above it. */
export interface MonthLimits {
  remainingFils: Partial<Record<string, Fils>>;
  tooMuch: (period: string, remainingFils: Fils) => string;
}

/**
 * The Monthly Payment form for a member's months: the server refuses more than a month's
 * remainder (422), so the form says so first, beside the amount.
 */
export const monthlyPaymentFormFor = (limits: MonthLimits) => {
  type Values = z.output<typeof monthlyPaymentForm>;
  const remainingOf = (v: Values) => limits.remainingFils[v.month];
  return monthlyPaymentForm.refine(
    (v) => {
      const remaining = remainingOf(v);
      return remaining === undefined || v.payment_amount <= remaining;
    },
    {
      path: ['payment_amount'],
      // Checked as soon as the month and amount are right, even while other fields are not.
      when: validFields('payment_amount', 'month'),
      error: (issue) => {
        const v = issue.input as Values;
        return limits.tooMuch(v.month, remainingOf(v) ?? 0);
      },
    },
  );
};

/** A refinement's `when`: run it once these fields have no issues of their own. */
const validFields =
  (...names: string[]) =>
  (payload: { issues: readonly { path?: readonly PropertyKey[] | undefined }[] }) =>
    !payload.issues.some((i) => names.includes(String(i.path?.[0])));

// An empty optional box is "not given", which the shared (required-when-present) text refuses.
const optionalAccountNumber = z
  .string()
  .trim()
  .transform((s) => (s === '' ? undefined : s))
  .pipe(loanRepaymentFields.shape.account_number);

/** The loan repayment form (POST /api/my-loans/:id/repayments): a receipt is required. */
export const loanRepaymentForm = loanRepaymentFields.extend({
  payment_amount: requiredAmount,
  account_number: optionalAccountNumber,
  photo: receiptFile(RECEIPT_MISSING),
});

/** The same, refusing more than the loan still owes (`tooMuch` is the sentence). */
export const loanRepaymentFormFor = (owedFils: Fils | undefined, tooMuch: string) =>
  loanRepaymentForm.refine((v) => owedFils === undefined || v.payment_amount <= owedFils, {
    path: ['payment_amount'],
    when: validFields('payment_amount'),
    message: tooMuch,
  });
