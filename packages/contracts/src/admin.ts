import { z } from 'zod';
import { listQuery, positiveAedInput, text } from './common.ts';
import { loan, loanState } from './loans.ts';
import { payment, paymentStatus } from './payments.ts';

/** Who a payment or a loan belongs to, as the treasurer's lists show it. */
export const memberRef = z.object({
  id: z.number().int(),
  unique_id: z.string(),
  name: z.string(),
});

export const adminPaymentsQuery = listQuery.extend({ status: paymentStatus.default('pending') });
export const adminPayment = payment.extend({ member: memberRef }).meta({ id: 'AdminPayment' });
export type AdminPayment = z.infer<typeof adminPayment>;

export const approvePaymentRequest = z.object({
  amount: positiveAedInput
    .optional()
    .meta({ description: 'The amount the receipt shows, when it differs from the one submitted.' }),
});

/** A decision the member reads: the reason is required. */
export const reasonRequest = z.object({ reason: text('Reason', 500) });

export const optionalNoteRequest = z.object({
  reason: z.string().trim().max(500, 'The note must be at most 500 characters.').optional(),
});

export const adminLoansQuery = listQuery.extend({ state: loanState.optional() });
export const adminLoan = loan.extend({ member: memberRef }).meta({ id: 'AdminLoan' });
export type AdminLoan = z.infer<typeof adminLoan>;

export const cashRepaymentRequest = z.object({
  amount: positiveAedInput,
  note: z.string().trim().max(500, 'The note must be at most 500 characters.').optional(),
});
