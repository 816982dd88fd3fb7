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
