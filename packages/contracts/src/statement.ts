import { z } from 'zod';
import { aedOutput } from './common.ts';
import { STATEMENT_KINDS } from './values.ts';

export const statementKind = z.enum(STATEMENT_KINDS);

/**
 * One movement of a member's money, from the ledger, with running balances. The loan figures
 * are what the member owes in all, principal and interest, as My Loan's `remaining_amount`
 * (issue 33): the interest of a loan is owed from its payout, and each line says how much of
 * its loan change was principal and how much interest.
 */
export const statementLine = z
  .object({
    entry_id: z.number().int(),
    occurred_at: z.string(),
    kind: statementKind,
    memo: z.string(),
    savings_change: aedOutput,
    loan_change: aedOutput.meta({
      description:
        'Change of what the member owes on loans, principal and interest; positive when the member owes more.',
    }),
    loan_principal_change: aedOutput.meta({
      description: 'The principal part of `loan_change`.',
    }),
    loan_interest_change: aedOutput.meta({
      description: 'The interest part of `loan_change`.',
    }),
    savings_balance: aedOutput,
    loan_balance: aedOutput.meta({
      description:
        "What the member owes on loans after the line, principal and interest (My Loan's remaining).",
    }),
    loan_principal_balance: aedOutput.meta({
      description: 'The principal part of `loan_balance`.',
    }),
    loan_interest_balance: aedOutput.meta({
      description: 'The interest part of `loan_balance`.',
    }),
  })
  .meta({ id: 'StatementLine' });
export type StatementLine = z.infer<typeof statementLine>;

// An empty field is no filter: the member's form sends it as it is, and a link may carry it.
const day = (what: string, notADay: string) =>
  z
    .union([z.literal(''), z.iso.date(notADay)])
    .optional()
    .meta({ description: `The ${what} (YYYY-MM-DD, Dubai time), inclusive.` });

const filterShape = {
  from: day('start date', /*i18n*/ 'Enter the start date as YYYY-MM-DD.'),
  to: day('end date', /*i18n*/ 'Enter the end date as YYYY-MM-DD.'),
  kind: z
    .union([z.literal(''), statementKind], {
      error: /*i18n*/ 'Choose a kind of movement from the list.',
    })
    .optional()
    .meta({ description: 'Only this kind of movement; the balances stay the real ones.' }),
};

const fromNotAfterTo = (q: { from?: string | undefined; to?: string | undefined }) =>
  !q.from || !q.to || q.from <= q.to;
const fromAfterTo = {
  message: /*i18n*/ 'The end date must be on or after the start date.',
  path: ['to'],
};

/** The statement's filters: the member's form and the server check the same rules. */
export const statementFilters = z.object(filterShape).refine(fromNotAfterTo, fromAfterTo);
export type StatementFilters = z.input<typeof statementFilters>;

export const statementFormat = z.enum(['json', 'csv', 'pdf'], {
  error: /*i18n*/ 'Choose json, csv or pdf.',
});

/** GET /api/my-statement and GET /api/admin/members/:id/statement. */
export const statementQuery = z
  .object({ format: statementFormat.default('json'), ...filterShape })
  .refine(fromNotAfterTo, fromAfterTo);

const balances = z.object({
  savings: aedOutput,
  loan: aedOutput.meta({
    description: "Owed on loans, principal and interest (My Loan's remaining).",
  }),
  loan_principal: aedOutput.meta({ description: 'The principal part of `loan`.' }),
  loan_interest: aedOutput.meta({ description: 'The interest part of `loan`.' }),
});

export const statement = z
  .object({
    member: z.object({ name: z.string(), unique_id: z.string() }),
    association_name: z.string(),
    from: z.string().meta({
      description: 'First day of the period (YYYY-MM-DD); the first movement when not asked.',
    }),
    to: z
      .string()
      .meta({ description: 'Last day of the period (YYYY-MM-DD); today when not asked.' }),
    kind: statementKind.nullable(),
    opening: balances.meta({ description: 'The balances just before `from`.' }),
    closing: balances.meta({ description: 'The balances at the end of `to`.' }),
    lines: z.array(statementLine).meta({ description: 'Newest first.' }),
  })
  .meta({ id: 'Statement' });
export type Statement = z.infer<typeof statement>;
