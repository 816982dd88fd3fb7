import { z } from 'zod';
import { loanApplicationFields } from '@jamiya/contracts/loans';
import { CUSTOM_TERM, parseCustomTerm, type PolicyFils } from './loan-terms.ts';

/**
 * The shared schema's text fields, plus what only the form has: the amount in fils from the
 * stepper and the term as a choice (1, 3, 6 or custom) whose months are worked out on submit.
 */
export function loanFormSchema(policy: PolicyFils, messages: { invalid: string; tooLong: string }) {
  return loanApplicationFields
    .pick({ loan_type: true, bank_account: true, passport_or_nid: true, includeInsurance: true })
    .extend({
      amountFils: z.number().int().min(policy.minFils).max(policy.maxFils),
      term: z.string(),
      custom_term: z.string(),
    })
    .superRefine((values, ctx) => {
      if (values.term !== CUSTOM_TERM) return;
      const result = parseCustomTerm(values.custom_term, policy.maxCustomTerm);
      if (!result.ok) {
        ctx.addIssue({
          code: 'custom',
          path: ['custom_term'],
          message: result.reason === 'tooLong' ? messages.tooLong : messages.invalid,
        });
      }
    });
}

type LoanFormSchema = ReturnType<typeof loanFormSchema>;
export type LoanFormInput = z.input<LoanFormSchema>;
export type LoanFormValues = z.output<LoanFormSchema>;

// Where the server's field errors (named as in the API) are shown in this form.
export const SERVER_FIELDS: Record<string, string> = {
  loan_type: 'loan_type',
  loan_amount: 'amountFils',
  duration_month: 'term',
  bank_account: 'bank_account',
  passport_or_nid: 'passport_or_nid',
  includeInsurance: 'includeInsurance',
  per_month_amount: 'root.figures',
  total_amount_with_interest: 'root.figures',
};
