import { z } from 'zod';
import { monthlyPaymentFields } from '@jamiya/contracts/payments';
import type { Fils } from '@jamiya/money/fils';
import { receiptFile } from '../../../lib/receipt-file-schema.ts';

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
  photo: receiptFile('Attach the receipt (a photo or a PDF).'),
});

/** The due-loan payment form: only the amount (spec section 5). */
export const loanRepaymentForm = monthlyPaymentFields
  .pick({ payment_amount: true })
  .extend({ payment_amount: requiredAmount });
