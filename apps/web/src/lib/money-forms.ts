import { z } from 'zod';
import { approvePaymentRequest } from '@jamiya/contracts/payments';
import { cashRepaymentRequest } from '@jamiya/contracts/loans';
import type { Fils } from '@jamiya/money/fils';

// The treasurer's money forms; loaded when they validate (lib/zod-resolver.ts).

// A form gives the amount as text; the shared schema turns it into fils (a sound cast: the
// schema takes a string or a number). Empty means "missing", which has its own sentence.
const sharedAmount = approvePaymentRequest.shape.amount.unwrap() as unknown as z.ZodType<
  Fils,
  string
>;
export const approveForm = approvePaymentRequest.extend({
  amount: z.string().trim().min(1, /*i18n*/ 'Enter an amount in AED.').pipe(sharedAmount),
});

// The shared schema takes a string or a number; a form gives strings (a sound cast).
const cashAmount = cashRepaymentRequest.shape.amount as unknown as z.ZodType<Fils, string>;

/** A repayment received in cash: at most what remains of the loan. */
export function cashRepaymentForm(remainingFils: Fils, tooMuch: string) {
  return cashRepaymentRequest.extend({
    amount: z
      .string()
      .trim()
      .min(1, /*i18n*/ 'Enter an amount in AED.')
      .pipe(cashAmount)
      .refine((fils) => fils <= remainingFils, { message: tooMuch }),
  });
}
