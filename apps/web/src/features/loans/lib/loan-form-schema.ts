import { z } from 'zod';
import type { Fils } from '@jamiya/money/fils';
import { loanApplicationFields } from '@jamiya/contracts/loans';
import { CUSTOM_TERM, parseCustomTerm, type PolicyFils } from './loan-terms.ts';
import { guaranteeNeededFils, guarantorProblems, guarantorsToSend } from './guarantors.ts';

/** The form's own sentences, in the reader's language. */
export interface LoanFormMessages {
  invalid: string;
  tooLong: string;
  memberId: string;
  duplicate: string;
  amount: string;
  tooMany: string;
  notEnough: (coveredFils: Fils, neededFils: Fils) => string;
}

/**
 * The shared schema's text fields, plus what only the form has: the amount in fils from the
 * stepper, the term as a choice (1, 3, 6 or custom) whose months are worked out on submit, and
 * the guarantors of the part above the free savings, which must cover it (the server checks
 * again, with who may stand guarantor).
 */
export function loanFormSchema({
  policy,
  freeSavingsFils,
  messages,
}: {
  policy: PolicyFils;
  freeSavingsFils: Fils;
  messages: LoanFormMessages;
}) {
  return loanApplicationFields
    .pick({ loan_type: true, bank_account: true, passport_or_nid: true, includeInsurance: true })
    .extend({
      amountFils: z.number().int().min(policy.minFils).max(policy.maxFils),
      term: z.string(),
      custom_term: z.string(),
      guarantors: z.array(z.object({ member_id: z.string(), amount: z.string() })),
    })
    .superRefine((values, ctx) => {
      if (values.term === CUSTOM_TERM) {
        const result = parseCustomTerm(values.custom_term, policy.maxCustomTerm);
        if (!result.ok) {
          ctx.addIssue({
            code: 'custom',
            path: ['custom_term'],
            message: result.reason === 'tooLong' ? messages.tooLong : messages.invalid,
          });
        }
      }
      const neededFils = guaranteeNeededFils(values.amountFils, freeSavingsFils);
      for (const problem of guarantorProblems(values.guarantors, neededFils)) {
        if ('index' in problem) {
          ctx.addIssue({
            code: 'custom',
            path: ['guarantors', problem.index, problem.field],
            message: messages[problem.kind],
          });
        } else {
          // Beside the rows' own errors, as react-hook-form keeps a list's (`errors.guarantors.root`).
          ctx.addIssue({
            code: 'custom',
            path: ['guarantors', 'root'],
            message:
              problem.kind === 'tooMany'
                ? messages.tooMany
                : messages.notEnough(problem.coveredFils, neededFils),
          });
        }
      }
    })
    .transform((values) => ({
      ...values,
      guarantors: guarantorsToSend(
        values.guarantors,
        guaranteeNeededFils(values.amountFils, freeSavingsFils),
      ),
    }));
}
