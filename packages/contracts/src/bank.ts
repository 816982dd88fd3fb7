import { z } from 'zod';
import { aedOutput, idParams, listOf, listQuery, memberRef, optionalText } from './common.ts';
import { fundProposal } from './proposals.ts';

// Reconciliation with the association's bank statement (docs/domain/reconciliation.md): a
// statement imported, its lines matched to the receipts waiting and to the books' cash
// movements, the matches approved in bulk, money without a receipt assigned, and the bank's
// balance set beside the books' cash.

export const BANK_FORMATS = ['csv', 'camt053', 'mt940'] as const;
export const bankFormat = z.enum(BANK_FORMATS);

export const DATE_ORDERS = ['dmy', 'mdy', 'ymd'] as const;

const columnName = optionalText(200, {
  tooLong: /*i18n*/ 'A column name must be at most 200 characters.',
  notAllowed: /*i18n*/ 'A column name contains characters that are not allowed.',
}).pipe(z.string().min(1, /*i18n*/ 'Choose a column.'));

/** Which column of a bank's CSV export holds what: chosen once, then remembered for the bank. */
export const csvMapping = z
  .object({
    date: columnName.meta({ description: 'The booking date.' }),
    date_order: z
      .enum(DATE_ORDERS, { error: /*i18n*/ 'Choose the order of day, month and year.' })
      .optional()
      .meta({ description: 'dmy, mdy or ymd; needed unless every date is YYYY-MM-DD.' }),
    amount: columnName.optional().meta({ description: 'One signed amount (money in above 0).' }),
    credit: columnName.optional().meta({ description: 'Money in, when the bank has two columns.' }),
    debit: columnName.optional().meta({ description: 'Money out, when the bank has two columns.' }),
    reference: columnName.optional(),
    description: columnName.optional(),
    balance: columnName.optional().meta({ description: 'The running balance after the line.' }),
    currency: columnName.optional(),
    decimal: z
      .enum(['.', ','])
      .optional()
      .meta({ description: 'The decimal separator; "." by default.' }),
  })
  .refine((m) => m.amount !== undefined || m.credit !== undefined || m.debit !== undefined, {
    message: /*i18n*/ 'Choose the column with the amount, or the credit and debit columns.',
    path: ['amount'],
  })
  .meta({ id: 'BankCsvMapping' });
export type CsvMappingInput = z.input<typeof csvMapping>;

/** A JSON object sent as a multipart form field. */
const jsonField = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: /*i18n*/ 'The column choices could not be read.' });
        return z.NEVER;
      }
    })
    .pipe(schema);

const bankName = optionalText(80, {
  tooLong: /*i18n*/ "The bank's name must be at most 80 characters.",
  notAllowed: /*i18n*/ "The bank's name contains characters that are not allowed.",
});

export const LOOKALIKE_CHOICES = ['ask', 'same', 'new'] as const;
export type LookalikeChoice = (typeof LOOKALIKE_CHOICES)[number];

/** The form fields of POST /api/admin/bank-statements besides the file. */
export const statementFields = z.object({
  bank: bankName.optional().meta({
    description: "The bank's name: a CSV's column choices are remembered under it.",
  }),
  mapping: jsonField(csvMapping).optional().meta({
    description:
      "For a CSV: the column choices as JSON (BankCsvMapping); the bank's remembered ones when missing.",
  }),
  lookalikes: z
    .enum(LOOKALIKE_CHOICES, {
      error: /*i18n*/ 'Say whether these lines are the ones you have, or new.',
    })
    .optional()
    .meta({
      description:
        'Lines with the day and amount of a line already held (from a statement in another format) that nothing else ties to it: `ask` (the default) refuses the import with 409 listing them; `same` keeps the lines held; `new` keeps them as new lines.',
    }),
});

/** The columns of a CSV file, for choosing what each holds. */
export const csvColumns = z
  .object({
    columns: z.array(z.string()),
    sample: z.array(z.array(z.string())).meta({ description: 'Up to 5 rows as written.' }),
    remembered: z
      .object({ bank: z.string(), mapping: csvMapping })
      .nullable()
      .meta({ description: 'The choices remembered for a bank whose export has these columns.' }),
  })
  .meta({ id: 'BankCsvColumns' });
export type CsvColumns = z.infer<typeof csvColumns>;

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

export const LINK_KINDS = ['match', 'hand', 'assign', 'book'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

export const bankLine = z
  .object({
    id: z.number().int(),
    booked_on: z.string(),
    amount: aedOutput.meta({ description: 'Money in above 0, money out below.' }),
    text: z.string(),
    bank_ref: z.string().nullable(),
    balance: aedOutput.nullable(),
    payment_id: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The payment it is the money of.' }),
    entry_id: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The journal entry it is the cash of.' }),
    link: z.enum(LINK_KINDS).nullable().meta({
      description:
        'How it was linked: `match` (a match approved), `hand` (linked by hand), `assign` (a payment recorded from it), `book` (booked to an account); null when open.',
    }),
    booked_to: z
      .object({ code: z.string(), name: z.string() })
      .nullable()
      .meta({ description: 'The account a booked line went to.' }),
  })
  .meta({ id: 'BankLine' });
export type BankLine = z.infer<typeof bankLine>;

/** A receipt waiting for review, as the matches show it. */
export const waitingPayment = z
  .object({
    id: z.number().int(),
    kind: z.enum(['dues', 'loan_repayment']),
    member: memberRef,
    period: z.string().nullable(),
    loan_id: z.number().int().nullable(),
    amount: aedOutput,
    transfer_date: z.string().nullable(),
    bank_reference: z.string().nullable(),
    submitted_at: z.string(),
  })
  .meta({ id: 'WaitingPayment' });
export type WaitingPayment = z.infer<typeof waitingPayment>;

/** A movement of cash in the books (a due approved, a loan paid out, a share-out). */
export const cashEntry = z
  .object({
    id: z.number().int(),
    kind: z.string(),
    memo: z.string(),
    occurred_on: z.string(),
    amount: aedOutput.meta({ description: 'Into cash above 0, out of it below.' }),
    member: memberRef.nullable(),
    payment_id: z.number().int().nullable(),
  })
  .meta({ id: 'CashEntry' });
export type CashEntry = z.infer<typeof cashEntry>;

export const MATCH_REASONS = ['bank_reference', 'member_reference', 'member_name'] as const;
export type MatchReason = (typeof MATCH_REASONS)[number];

export const bankMatch = z
  .object({
    line: bankLine,
    payment: waitingPayment.nullable().meta({ description: 'A receipt the match approves.' }),
    entry: cashEntry.nullable().meta({ description: 'A movement already in the books it links.' }),
    why: z.enum(MATCH_REASONS).meta({
      description:
        "What the line's text carries besides the same amount within 7 days: the bank's reference the member gave, the member's reference, or the member's name (less strong).",
    }),
  })
  .meta({ id: 'BankMatch' });
export type BankMatch = z.infer<typeof bankMatch>;

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

/** Receipts waiting that a statement covering their date does not hold (the review queue). */
export const unseenPayments = z
  .object({
    items: z.array(
      z.object({
        payment_id: z.number().int(),
        statement: z.object({
          id: z.number().int(),
          bank: z.string().nullable(),
          from: z.string(),
          to: z.string(),
        }),
      }),
    ),
  })
  .meta({ id: 'BankUnseenPayments' });

export const reconciliationQuery = z.object({
  as_of: z.iso
    .date(/*i18n*/ 'Enter the day as YYYY-MM-DD.')
    .optional()
    .meta({ description: 'The day to compare (Dubai); today when missing.' }),
});

export const reconciliation = z
  .object({
    as_of: z.string(),
    bank_balance: aedOutput.nullable().meta({
      description:
        "The bank's balance at the end of the day, from the statements; null when none says it.",
    }),
    statement: z
      .object({ id: z.number().int(), from: z.string(), to: z.string() })
      .nullable()
      .meta({ description: 'The statement the balance is read from.' }),
    books_cash: aedOutput.meta({ description: "The books' cash at the end of the day." }),
    difference: aedOutput.nullable().meta({ description: 'Books less bank.' }),
    agree: z.boolean(),
    verdict: z.string().meta({ description: 'The plain sentence the page shows.' }),
    lines_not_in_books: z.array(bankLine),
    entries_not_in_bank: z.array(cashEntry),
  })
  .meta({ id: 'Reconciliation' });
export type Reconciliation = z.infer<typeof reconciliation>;
