import { z } from 'zod';
import { LOAN_STATES, LOAN_TYPES } from './values.ts';
import { optionalNote, reasonRequest } from './admin.ts';
import {
  aedInput,
  aedOutput,
  booleanInput,
  intInput,
  listQuery,
  memberRef,
  optionalText,
  positiveAedInput,
  text,
} from './common.ts';
import { fundProposal } from './proposals.ts';
import { guarantorsField, loanGuarantor } from './guarantees.ts';

export { LOAN_TYPES };

export const loanState = z.enum(LOAN_STATES);
export type LoanStateName = z.infer<typeof loanState>;

/**
 * The fields of POST /api/loan-application (multipart). The server computes the figures;
 * `per_month_amount` and `total_amount_with_interest`, when sent, must equal them.
 */
export const loanApplicationFields = z.object({
  loan_type: z
    .enum(LOAN_TYPES, {
      error:
        /*i18n*/ 'Choose a loan type: personal, personalLoan, businessLoan, education, medical, emergency, other.',
    })
    .default('personal'),
  loan_amount: positiveAedInput,
  duration_month: intInput(/*i18n*/ 'The term must be a number.').pipe(
    z
      .number()
      .int(/*i18n*/ 'The term must be a whole number of months.')
      .positive(/*i18n*/ 'The term must be at least 1 month.'),
  ),
  bank_account: text(60, {
    required: /*i18n*/ 'Bank account or Botim number is required.',
    tooLong: /*i18n*/ 'Bank account or Botim number must be at most 60 characters.',
    notAllowed: /*i18n*/ 'Bank account or Botim number contains characters that are not allowed.',
  }),
  passport_or_nid: text(40, {
    required: /*i18n*/ 'Passport or ID number is required.',
    tooLong: /*i18n*/ 'Passport or ID number must be at most 40 characters.',
    notAllowed: /*i18n*/ 'Passport or ID number contains characters that are not allowed.',
  }),
  includeInsurance: booleanInput.default(false),
  per_month_amount: aedInput.optional(),
  total_amount_with_interest: aedInput.optional(),
  guarantors: guarantorsField.optional().meta({
    description:
      'Who stands for the part of the loan above the free savings: [{ member_id, amount }], as JSON (in a form, one field holding the JSON text).',
  }),
});

export const installment = z.object({
  number: z.number().int(),
  due_date: z.string(),
  amount: aedOutput,
  paid: aedOutput,
  status: z.enum(['paid', 'partly_paid', 'unpaid', 'overdue']),
});

export const loanTransition = z.object({
  from: loanState.nullable(),
  to: loanState,
  at: z.string(),
  reason: z.string().nullable(),
  by: z.enum(['member', 'admin', 'system']),
});

export const loan = z
  .object({
    id: z.number().int(),
    loan_type: z.string(),
    state: loanState,
    is_overdue: z.boolean(),
    loan_amount: aedOutput,
    duration_month: z.number().int(),
    interest_rate_percent: z.number(),
    total_amount_with_interest: aedOutput,
    per_month_amount: aedOutput,
    include_insurance: z.boolean(),
    bank_account: z.string(),
    passport_or_nid: z.string(),
    paid_amount: aedOutput,
    remaining_amount: aedOutput,
    next_installment: z
      .object({ number: z.number().int(), due_date: z.string(), amount: aedOutput })
      .nullable(),
    disbursed_on: z.string().nullable(),
    created_at: z.string(),
    installments: z.array(installment),
    transitions: z.array(loanTransition),
    guarantee_needed: aedOutput.meta({
      description:
        "The part of the loan above the member's free savings when they applied: what guarantors must cover.",
    }),
    guarantors: z.array(loanGuarantor),
  })
  .meta({ id: 'Loan' });
export type Loan = z.infer<typeof loan>;

export const loanApplicationResponse = z.object({
  status_code: z.literal(200),
  message: z.string(),
  loan,
});

export const withdrawLoanRequest = z.object({
  reason: optionalText(500, {
    tooLong: /*i18n*/ 'The reason must be at most 500 characters.',
    notAllowed: /*i18n*/ 'The reason contains characters that are not allowed.',
  }).optional(),
});

// ---- The treasurer's loans ----------------------------------------------------------------

export const adminLoansQuery = listQuery.extend({ state: loanState.optional() });
/** A step of the loan as the treasurer reads it: with the admins who made it. */
export const adminLoanTransition = loanTransition.extend({
  admin: memberRef.nullable().meta({
    description: 'The admin who made the step (who confirmed it, for a step two admins made).',
  }),
  proposed_by: memberRef.nullable().meta({
    description: 'For a step two admins made (a payout, a write-off): the admin who proposed it.',
  }),
});
export const adminLoan = loan
  .extend({ member: memberRef, transitions: z.array(adminLoanTransition) })
  .meta({ id: 'AdminLoan' });
export type AdminLoan = z.infer<typeof adminLoan>;

/** A loan action's answer: 200 carried out, or 202 waiting for a second admin. */
export const loanActionResponse = z.object({
  message: z.string(),
  loan: adminLoan,
  pending_confirmation: z.boolean().optional(),
});
export const loanProposedResponse = z.object({
  message: z.string(),
  loan: adminLoan,
  pending_confirmation: z.literal(true),
  proposal: fundProposal,
});

export const cashRepaymentRequest = z.object({
  amount: positiveAedInput,
  note: optionalNote,
});

/** A write-off: its reason, and whether the committee recovers the loss from the guarantors. */
export const writeOffRequest = reasonRequest.extend({
  recover_from_guarantors: booleanInput.default(false).meta({
    description:
      'Take the loss from the savings the guarantees hold, pro rata, as one journal entry (docs/domain/guarantors.md).',
  }),
});
