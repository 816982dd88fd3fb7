// Bank statements listed and shown, matches approved, lines assigned; re-exports the bank-* parts.
import { z } from 'zod';
import { aedOutput, idParams, listOf, listQuery, memberRef } from './common.ts';
import { fundProposal } from './proposals.ts';
import { bankLine, bankMatch, cashEntry, waitingPayment } from './bank-matching.ts';

// Reconciliation with the association's bank statement (docs/domain/reconciliation.md): a
// statement imported, its lines matched to the receipts waiting and to the books' cash
// movements, the matches approved in bulk, money without a receipt assigned, and the bank's
// balance set beside the books' cash.

export const BANK_FORMATS = ['csv', 'camt053', 'mt940'] as const;
export const bankFormat = z.enum(BANK_FORMATS);

export {
  csvColumns,
  csvMapping,
  DATE_ORDERS,
  LOOKALIKE_CHOICES,
  statementFields,
  type CsvColumns,
  type CsvMappingInput,
  type LookalikeChoice,
} from './bank-csv.ts';
export {
  bankLine,
  bankMatch,
  cashEntry,
  LINK_KINDS,
  MATCH_REASONS,
  waitingPayment,
  type BankLine,
  type BankMatch,
  type CashEntry,
  type LinkKind,
  type MatchReason,
  type WaitingPayment,
} from './bank-matching.ts';
export {
  reconciliation,
  reconciliationQuery,
  unseenPayments,
  type Reconciliation,
} from './bank-reconciliation.ts';

export const bankStatement = z
  .object({
    id: z.number().int(),
    format: bankFormat,
    bank: z.string().nullable(),
    file_name: z.string(),
    from: z.string(),
    to: z.string(),
    opening_balance: aedOutput.nullable(),
    closing_balance: aedOutput.nullable(),
    lines: z.number().int().meta({ description: 'Lines in the file.' }),
    new_lines: z.number().int().meta({ description: 'Lines no earlier statement held.' }),
    duplicate_lines: z.number().int().meta({ description: 'Lines an earlier statement held.' }),
    imported_by: memberRef,
    imported_at: z.string(),
  })
  .meta({ id: 'BankStatement' });
export type BankStatement = z.infer<typeof bankStatement>;

export const bankStatementCreated = z.object({ message: z.string(), statement: bankStatement });
export const bankStatementsList = listOf(bankStatement);
export const bankStatementsQuery = listQuery;

export const bankStatementDetail = z
  .object({
    statement: bankStatement,
    matched: z.array(bankMatch),
    linked: z.array(bankLine).meta({ description: 'Lines already linked to the books.' }),
    unmatched_lines: z.array(bankLine).meta({ description: 'Money in the bank the books lack.' }),
    unmatched_payments: z.array(waitingPayment).meta({
      description: 'Receipts waiting, dated within the statement, whose money it does not hold.',
    }),
    unmatched_entries: z.array(cashEntry).meta({
      description: 'Cash movements of the books within the statement that it does not hold.',
    }),
  })
  .meta({ id: 'BankStatementDetail' });
export type BankStatementDetail = z.infer<typeof bankStatementDetail>;

export const approveMatchesBody = z.object({
  lines: z.array(idParams.shape.id).max(10_000).optional().meta({
    description: "The matched lines to approve; all the statement's matches when missing.",
  }),
});

export const approveMatchesAnswer = z
  .object({
    message: z.string(),
    approved: z.array(z.object({ line_id: z.number().int(), payment_id: z.number().int() })),
    linked: z.array(z.object({ line_id: z.number().int(), entry_id: z.number().int() })),
    refused: z.array(z.object({ line_id: z.number().int(), message: z.string() })),
  })
  .meta({ id: 'BankApproval' });
export type ApproveMatchesAnswer = z.infer<typeof approveMatchesAnswer>;

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, /*i18n*/ 'Choose the month as YYYY-MM.');

/** What an unmatched credit was for: a member's due of a month, or their loan. */
export const assignLineBody = z
  .object({
    member_id: idParams.shape.id,
    period: month.optional().meta({ description: "The month's due it pays (YYYY-MM)." }),
    loan_id: idParams.shape.id.optional().meta({ description: 'The loan it repays.' }),
  })
  .refine((b) => (b.period === undefined) !== (b.loan_id === undefined), {
    message: /*i18n*/ 'Choose either a month or a loan.',
    path: ['period'],
  });
export type AssignLineBody = z.infer<typeof assignLineBody>;

export const lineAssigned = z.object({
  message: z.string(),
  line: bankLine,
  payment_id: z.number().int(),
});
export const lineAssignProposed = z.object({
  message: z.string(),
  pending_confirmation: z.literal(true),
  proposal: fundProposal,
});
