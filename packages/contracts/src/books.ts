import { z } from 'zod';
import { accountCode } from './accounts.ts';
import { ACCOUNT_KINDS, CORRECTION_REASONS } from './values.ts';
import { aedOutput, booleanInput, listQuery, memberRef, optionalText } from './common.ts';
import { statementKind } from './statement.ts';

// The books as the treasurer and the accountant read them: the trial balance grouped by kind,
// the income and expenditure statement, the journal and the audit log.

const day = z.iso.date(/*i18n*/ 'Enter the day as YYYY-MM-DD.');

export const trialBalanceAccount = z.object({
  code: z.string(),
  name: z.string(),
  type: z.enum(ACCOUNT_KINDS).meta({ description: 'The kind, as `kind`; kept for older clients.' }),
  kind: z.enum(ACCOUNT_KINDS),
  debits: aedOutput,
  credits: aedOutput,
  balance: aedOutput.meta({ description: 'Debits minus credits.' }),
  summed_accounts: z.number().int().min(0).optional().meta({
    description:
      'On a line that sums many accounts (`savings:*`, `loan:*`, `fines:*`): how many; the CSV lists each.',
  }),
});

export const trialBalanceGroup = z.object({
  kind: z.enum(ACCOUNT_KINDS),
  debits: aedOutput,
  credits: aedOutput,
  balance: aedOutput,
});

export const trialBalanceQuery = z.object({
  as_of: day.optional().meta({ description: 'The last day counted (Dubai); today when missing.' }),
  with_close: booleanInput.optional().meta({
    description:
      'With the close of a year that ends on `as_of` (its closing period); without it when missing. Read the next day, a closed year is always with it.',
  }),
});

export const trialBalance = z
  .object({
    as_of: z.string(),
    with_close: z.boolean().meta({
      description: 'Whether the close of a year ending on `as_of` is counted.',
    }),
    total_debits: aedOutput,
    total_credits: aedOutput,
    balanced: z.boolean(),
    groups: z.array(trialBalanceGroup).meta({
      description:
        'The totals of each kind, assets first, then liabilities, equity, income and expenses.',
    }),
    accounts: z.array(trialBalanceAccount).meta({
      description: "The chart's accounts and the summed lines, ordered by kind, then code.",
    }),
  })
  .meta({ id: 'TrialBalance' });
export type TrialBalanceView = z.infer<typeof trialBalance>;

export const incomeStatementQuery = z
  .object({
    from: day
      .optional()
      .meta({ description: 'The first day (Dubai); 1 January of this year when missing.' }),
    to: day.optional().meta({ description: 'The last day (Dubai); today when missing.' }),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: /*i18n*/ 'The end date must be on or after the start date.',
    path: ['to'],
  });

const incomeLine = z.object({ code: z.string(), name: z.string(), amount: aedOutput });

/** Income and expenditure over a period: what came in, what went out, the surplus. */
export const incomeStatement = z
  .object({
    from: z.string(),
    to: z.string(),
    income: z.array(incomeLine).meta({ description: 'Each income account: credits less debits.' }),
    expenses: z
      .array(incomeLine)
      .meta({ description: 'Each expense account: debits less credits.' }),
    total_income: aedOutput,
    total_expenses: aedOutput,
    surplus: aedOutput.meta({ description: 'Income less expenses; below 0, a deficit.' }),
    shared_out: aedOutput.meta({
      description:
        "What share-outs gave the members of the interest in the period: not an expense, the surplus's use.",
    }),
  })
  .meta({ id: 'IncomeStatement' });
export type IncomeStatementView = z.infer<typeof incomeStatement>;

export const journalEntriesQuery = listQuery.extend({
  kind: statementKind.optional(),
  member_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  account: accountCode.optional().meta({ description: 'Only entries that post to this account.' }),
  from: day.optional().meta({ description: 'Only entries on or after this day (Dubai).' }),
  to: day.optional().meta({ description: 'Only entries on or before this day (Dubai).' }),
});

export const journalEntry = z
  .object({
    id: z.number().int(),
    kind: statementKind,
    memo: z.string(),
    occurred_at: z.string(),
    created_at: z.string(),
    created_by: memberRef
      .nullable()
      .meta({ description: 'Who recorded it (who confirmed it, when proposed).' }),
    proposed_by: memberRef
      .nullable()
      .meta({ description: 'Who proposed it, when two admins made it.' }),
    reverses_entry_id: z.number().int().nullable(),
    reversed_by_entry_id: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The correction that reversed it.' }),
    correction: z
      .object({ reason_code: z.enum(CORRECTION_REASONS), reason: z.string() })
      .nullable()
      .meta({ description: 'Why, for a correction.' }),
    reversible: z.boolean().meta({
      description: 'Whether POST /api/admin/journal-entries/:id/reverse may correct it.',
    }),
    payment_id: z.number().int().nullable(),
    loan_id: z.number().int().nullable(),
    bank_line_id: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The bank line it is linked to.' }),
    evidence_url: z
      .string()
      .nullable()
      .meta({ description: 'The receipt of an entry made by hand.' }),
    postings: z.array(
      z.object({
        account_code: z.string(),
        account_name: z.string(),
        debit: aedOutput,
        credit: aedOutput,
      }),
    ),
  })
  .meta({ id: 'JournalEntry' });
export type JournalEntry = z.infer<typeof journalEntry>;

export const auditQuery = listQuery.extend({
  action: optionalText(60, {
    tooLong: /*i18n*/ 'The action must be at most 60 characters.',
    notAllowed: /*i18n*/ 'The action contains characters that are not allowed.',
  }).optional(),
});

export const auditEvent = z
  .object({
    id: z.number().int(),
    at: z.string(),
    actor: memberRef.nullable(),
    action: z.string(),
    target_type: z.string(),
    target_id: z.string(),
    reason: z.string().nullable(),
    details: z.record(z.string(), z.unknown()).nullable(),
    ip: z.string().nullable(),
  })
  .meta({ id: 'AuditEvent' });
export type AuditEvent = z.infer<typeof auditEvent>;
