import { z } from 'zod';
import { aedInput, aedOutput, intInput } from './common.ts';

// The association's rules in its settings: lending, dues, leaving and its own books, as read
// and as a save takes them (settings.ts puts them together).

/**
 * What the texts call the loans' flat charge: many members read the word for interest as riba,
 * so the association may call it a service charge. The figure is the same either way.
 */
export const loanCharge = z
  .enum(['interest', 'service_charge'], {
    error: /*i18n*/ "Choose one of the two names for the loans' charge.",
  })
  .meta({
    description:
      "What every text calls the loans' charge: `interest` or `service_charge` (the same rate either way).",
  });
export type LoanCharge = z.infer<typeof loanCharge>;

/** Who may borrow how much (docs/domain/loan-lifecycle.md, Eligibility). */
export const loanRules = z
  .object({
    min_membership_months: z.number().int(),
    max_months_in_arrears: z.number().int(),
    savings_multiple: z.number().int().meta({
      description:
        "A loan is at most this many times the member's savings, and guarantors cover what is above their free savings; 0: loans are not tied to savings.",
    }),
    guarantor_alert_days: z.number().int().meta({
      description: "Days an installment is late before the loan's guarantors are told.",
    }),
    write_off_bar_months: z.number().int().meta({
      description:
        'Months after a loan of theirs was written off before a member may borrow again.',
    }),
  })
  .meta({ id: 'LoanRules' });

export const wholeNumber = (max: number) =>
  intInput(/*i18n*/ 'Enter a whole number.').pipe(
    z
      .number()
      .int(/*i18n*/ 'Enter a whole number.')
      .min(0, /*i18n*/ 'Enter 0 or more.')
      .max(max, /*i18n*/ 'That number is too large for this rule.'),
  );
export const loanRulesInput = z.strictObject({
  min_membership_months: wholeNumber(120),
  max_months_in_arrears: wholeNumber(24),
  // 0: loans are not tied to savings (no savings limit, no guarantors needed).
  savings_multiple: wholeNumber(20),
  guarantor_alert_days: wholeNumber(365).pipe(z.number().min(1, /*i18n*/ 'Enter 1 or more.')),
  // Missing: left as it is (a client from before the rule).
  write_off_bar_months: wholeNumber(120).optional(),
});

/** The dues calendar: due day, reminder, grace and fine (docs/domain/dues.md, Payday and fines). */
export const duesRules = z
  .object({
    due_day: z.number().int().meta({
      description: "The day of the month a month's due falls due; a member's own payday moves it.",
    }),
    reminder_days_before: z
      .number()
      .int()
      .meta({ description: 'Days before the due day a reminder goes; 0: no reminder.' }),
    grace_days: z.number().int().meta({
      description: 'Days after the due day before a due still unpaid is fined.',
    }),
    fine_amount: aedOutput.meta({ description: 'The late fine; 0: no fines.' }),
    fine_percent: z.number().int().nullable().meta({
      description: "When set, the fine is this percentage of the month's due instead.",
    }),
  })
  .meta({ id: 'DuesRules' });

export const duesRulesInput = z.strictObject({
  due_day: wholeNumber(28).pipe(z.number().min(1, /*i18n*/ 'Enter 1 or more.')),
  reminder_days_before: wholeNumber(27),
  grace_days: wholeNumber(60),
  fine_amount: aedInput.refine((fils) => fils <= 100_000, {
    message: /*i18n*/ 'A fine is at most AED 1,000.',
  }),
  fine_percent: wholeNumber(100).pipe(z.number().min(1, /*i18n*/ 'Enter 1 or more.')).nullable(),
});

/** What leaving pays besides the savings (docs/domain/leaving.md). */
export const exitRules = z
  .object({
    share_out_at_exit: z.boolean().meta({
      description:
        'A member who leaves is paid the estimate of their share of the open share-out period; else they leave it to the others.',
    }),
  })
  .meta({ id: 'ExitRules' });

/** The association's own books (docs/domain/accounts.md). */
export const booksRules = z
  .object({
    one_admin_bank_fee: aedOutput.meta({
      description:
        'A bank line of bank charges or bank interest up to this amount is booked by one admin; above it, or any other money out, by two.',
    }),
    year_starts_in_month: z.number().int().min(1).max(12).meta({
      description:
        "The month (1–12) the association's year begins in; 1 for January–December. A change applies from the year after the last closed one (docs/domain/year.md).",
    }),
  })
  .meta({ id: 'BooksRules' });
