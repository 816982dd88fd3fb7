import { z } from 'zod';
import { loanRepaymentFields, monthlyPaymentFields } from '@jamiya/contracts/payments';
import type { Fils } from '@jamiya/money/fils';
import { receiptFile } from '../../../lib/receipt-file-schema.ts';
import { dubaiToday } from '../../../lib/today.ts';

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

// An empty optional box (or one not shown) is "not given", which the shared
// (required-when-present) fields refuse.
const givenOrNot = <T extends z.ZodType<unknown, string | undefined>>(shared: T) =>
  z
    .string()
    .trim()
    .optional()
    .transform((s) => s || undefined)
    .pipe(shared);

/** The transfer's date and the bank's reference, copied from the receipt: both optional. */
const transferFields = {
  transfer_date: givenOrNot(monthlyPaymentFields.shape.transfer_date),
  bank_reference: monthlyPaymentFields.shape.bank_reference,
};

/**
 * The Monthly Payment form: the shared fields, the four of spec section 5 required on the
 * client, the receipt checked for size and type before it is sent; the transfer's date and the
 * bank's reference optional.
 */
export const monthlyPaymentForm = monthlyPaymentFields.extend({
  payment_amount: requiredAmount,
  month: z
    .string()
    .min(1, /*i18n*/ 'Choose a month.')
    .pipe(monthlyPaymentFields.shape.month.unwrap()),
  account_number: monthlyPaymentFields.shape.account_number.unwrap(),
  photo: receiptFile(RECEIPT_MISSING),
  ...transferFields,
});

/** What is left of each month (by YYYY-MM) the member can pay, and the sentence for an amount above it. */
export interface MonthLimits {
  remainingFils: Partial<Record<string, Fils>>;
  tooMuch: (period: string, remainingFils: Fils) => string;
  /** The sentence for a transfer dated after today. */
  afterToday: string;
}

/**
 * The Monthly Payment form for a member's months: the server refuses more than a month's
 * remainder (422), so the form says so first, beside the amount.
 */
export const monthlyPaymentFormFor = (limits: MonthLimits) => {
  type Values = z.output<typeof monthlyPaymentForm>;
  const remainingOf = (v: Values) => limits.remainingFils[v.month];
  return notAfterToday(monthlyPaymentForm, limits.afterToday).refine(
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

/**
 * The server refuses a transfer dated after today in Dubai (422): the form says so first,
 * beside the date, with `afterToday`.
 */
const notAfterToday = <T extends z.ZodType<{ transfer_date?: string | undefined }>>(
  form: T,
  afterToday: string,
) =>
  form.refine((v) => v.transfer_date === undefined || v.transfer_date <= dubaiToday(), {
    path: ['transfer_date'],
    when: validFields('transfer_date'),
    message: afterToday,
  });

/** The loan repayment form (POST /api/my-loans/:id/repayments): a receipt is required. */
export const loanRepaymentForm = loanRepaymentFields.extend({
  payment_amount: requiredAmount,
  account_number: givenOrNot(loanRepaymentFields.shape.account_number),
  photo: receiptFile(RECEIPT_MISSING),
  ...transferFields,
});

/**
 * The same, refusing more than the loan still owes (`tooMuch` is the sentence) and a transfer
 * dated after today (`afterToday`).
 */
export const loanRepaymentFormFor = (
  owedFils: Fils | undefined,
  say: { tooMuch: string; afterToday: string },
) =>
  notAfterToday(loanRepaymentForm, say.afterToday).refine(
    (v) => owedFils === undefined || v.payment_amount <= owedFils,
    {
      path: ['payment_amount'],
      when: validFields('payment_amount'),
      message: say.tooMuch,
    },
  );
