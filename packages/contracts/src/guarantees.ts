import { z } from 'zod';
import { aedOutput, booleanInput, positiveAedInput } from './common.ts';
import {
  ELIGIBILITY_CODES,
  LOAN_STATES,
  GUARANTEE_STATES,
  MAX_GUARANTORS,
  MEMBER_ID_PATTERN,
} from './values.ts';

export { ELIGIBILITY_CODES, GUARANTEE_STATES, MAX_GUARANTORS };

// Loans by the association's rules (docs/domain/guarantors.md, loan-lifecycle.md): who may
// borrow how much, and the members who stand guarantor for what goes beyond their savings.

export const eligibilityReason = z.object({
  code: z.enum(ELIGIBILITY_CODES),
  message: z.string().meta({ description: "Why, in the reader's language." }),
});

/** GET /api/my-loans/eligibility. */
export const loanEligibility = z
  .object({
    eligible: z.boolean(),
    max_amount: aedOutput.meta({
      description:
        "The member's own maximum: the policy's, or savings_multiple times their savings when less; 0 when not eligible.",
    }),
    savings: aedOutput,
    free_savings: aedOutput.meta({
      description:
        'Savings not held for guarantees given: the part of a loan that needs no guarantor.',
    }),
    reasons: z.array(eligibilityReason).meta({
      description:
        'Why the member may not borrow, or not more than max_amount (an eligible member may have a reason too: the savings limit).',
    }),
  })
  .meta({ id: 'LoanEligibility' });
export type LoanEligibility = z.infer<typeof loanEligibility>;

export const memberId = z
  .string({ error: /*i18n*/ "Enter the guarantor's member ID, like JM000123." })
  .trim()
  .toUpperCase()
  .regex(MEMBER_ID_PATTERN, /*i18n*/ "Enter the guarantor's member ID, like JM000123.");

export const guarantorRequest = z.object({ member_id: memberId, amount: positiveAedInput });

/**
 * The guarantors of a loan application: a JSON array, or its text in a multipart form (one field
 * `guarantors` holding the JSON).
 */
export const guarantorsField = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    if (value.trim() === '') return [];
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  },
  z
    .array(guarantorRequest, {
      error: /*i18n*/ 'Send the guarantors as a list of member IDs and amounts.',
    })
    .max(MAX_GUARANTORS, /*i18n*/ 'Name at most 5 guarantors.'),
);

/** A guarantor of a loan, as the borrower and the treasurer read them. */
export const loanGuarantor = z.object({
  id: z.number().int(),
  member_id: z.string(),
  name: z.string().nullable().meta({
    description: 'Null to the borrower until the guarantor accepts; the treasurer reads it always.',
  }),
  amount: aedOutput,
  state: z.enum(GUARANTEE_STATES),
  held: aedOutput.meta({ description: "What the guarantee holds of the guarantor's savings now." }),
  recovered: aedOutput.meta({
    description: 'Taken from their savings when the loan was written off.',
  }),
  answered_at: z.string().nullable(),
});
export type LoanGuarantor = z.infer<typeof loanGuarantor>;

/** A guarantee as its guarantor reads it: the loan's state and arrears, nothing more. */
export const guarantee = z
  .object({
    id: z.number().int(),
    state: z.enum(GUARANTEE_STATES),
    amount: aedOutput,
    held: aedOutput,
    recovered: aedOutput,
    asked_at: z.string(),
    answered_at: z.string().nullable(),
    borrower: z.object({ member_id: z.string(), name: z.string() }),
    loan: z.object({
      state: z.enum(LOAN_STATES),
      amount: aedOutput,
      duration_month: z.number().int(),
      is_overdue: z.boolean(),
      arrears: aedOutput.meta({ description: 'What has fallen due and is not paid.' }),
      overdue_since: z.string().nullable(),
    }),
  })
  .meta({ id: 'Guarantee' });
export type Guarantee = z.infer<typeof guarantee>;

/** GET /api/guarantees: the signed-in member's guarantees, and whether others may find them. */
export const myGuarantees = z.object({
  items: z.array(guarantee),
  findable: z.boolean(),
  free_savings: aedOutput,
});
export type MyGuarantees = z.infer<typeof myGuarantees>;

export const guaranteeAnswerResponse = z.object({ message: z.string(), guarantee });

export const findableRequest = z.object({ findable: booleanInput });

/** GET /api/guarantors: members who agreed to be found, to ask as guarantors. */
export const findableMember = z.object({ member_id: z.string(), name: z.string() });
export const findableMembers = z.object({ items: z.array(findableMember) });
export type FindableMember = z.infer<typeof findableMember>;
