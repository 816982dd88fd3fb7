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
export type BankFormat = (typeof BANK_FORMATS)[number];

export {
  csvColumns,
  csvMapping,
  DATE_ORDERS,
  LOOKALIKE_CHOICES,
  statementFields,
  type CsvColumns,
  type CsvMapping,
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

/** The parts of a statement's page, each listed page by page in the order of its ids. */
export const STATEMENT_SECTIONS = [
  'matched',
  'linked',
  'credits',
  'debits',
  'payments',
  'entries',
] as const;
export type StatementSection = (typeof STATEMENT_SECTIONS)[number];

const PART_UNKNOWN =
  /*i18n*/ 'Choose a part of the statement: matched, linked, credits, debits, payments or entries.';
const PAGE_SIZE = /*i18n*/ 'Ask for 1 to 200 at a time.';
const AFTER_ID = /*i18n*/ 'The last line shown is a number above 0.';
const AFTER_NEEDS_SECTION = /*i18n*/ 'Say which part of the statement to list after that line.';

/** GET /api/admin/bank-statements/:id: the first page of every part, or a later page of one. */
export const bankStatementQuery = z
  .object({
    section: z.enum(STATEMENT_SECTIONS, { error: PART_UNKNOWN }).optional().meta({
      description:
        'The one part to answer (the others come back empty): `matched` and `linked` by line, `credits` and `debits` the open lines (`unmatched_lines`), `payments` and `entries`.',
    }),
    after: z.coerce
      .number({ error: AFTER_ID })
      .int(AFTER_ID)
      .positive(AFTER_ID)
      .max(2_147_483_647, AFTER_ID)
      .optional()
      .meta({
        description: "The last id shown of that part (a line's, a payment's or an entry's).",
      }),
    limit: z.coerce
      .number({ error: PAGE_SIZE })
      .int(PAGE_SIZE)
      .min(1, PAGE_SIZE)
      .max(200, PAGE_SIZE)
      .default(50),
  })
  .refine((q) => q.after === undefined || q.section !== undefined, {
    message: AFTER_NEEDS_SECTION,
    path: ['after'],
  });
export type BankStatementQuery = z.infer<typeof bankStatementQuery>;

const count = z.number().int();

export const bankStatementDetail = z
  .object({
    statement: bankStatement,
    counts: z
      .object({
        matched: count,
        matched_out: count.meta({ description: 'Of them, money out (payouts).' }),
        linked: count,
        linked_out: count.meta({ description: 'Of them, money out (payouts).' }),
        credits: count.meta({ description: 'Open lines of money in.' }),
        debits: count.meta({ description: 'Open lines of money out.' }),
        payments: count,
        entries: count,
      })
      .meta({ description: 'How many each part holds in all; the lists hold a page of each.' }),
    matched: z.array(bankMatch),
    linked: z.array(bankLine).meta({ description: 'Lines already linked to the books.' }),
    unmatched_lines: z.array(bankLine).meta({
      description: 'Money in the bank the books lack: a page of the credits, then of the debits.',
    }),
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
