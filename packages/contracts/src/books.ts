import { z } from 'zod';
import { aedOutput, listQuery, memberRef, optionalText } from './common.ts';
import { statementKind } from './statement.ts';

// The books as the treasurer reads them: the trial balance, the journal and the audit log.

export const trialBalanceAccount = z.object({
  code: z.string(),
  name: z.string(),
  type: z.enum(['asset', 'liability', 'equity', 'income', 'expense']),
  debits: aedOutput,
  credits: aedOutput,
  balance: aedOutput.meta({ description: 'Debits minus credits.' }),
});

export const trialBalance = z
  .object({
    total_debits: aedOutput,
    total_credits: aedOutput,
    balanced: z.boolean(),
    accounts: z.array(trialBalanceAccount),
  })
  .meta({ id: 'TrialBalance' });
export type TrialBalanceView = z.infer<typeof trialBalance>;

export const journalEntriesQuery = listQuery.extend({
  kind: statementKind.optional(),
  member_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

export const journalEntry = z
  .object({
    id: z.number().int(),
    kind: statementKind,
    memo: z.string(),
    occurred_at: z.string(),
    created_at: z.string(),
    created_by: memberRef.nullable(),
    reverses_entry_id: z.number().int().nullable(),
    payment_id: z.number().int().nullable(),
    loan_id: z.number().int().nullable(),
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
