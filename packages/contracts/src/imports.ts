import { z } from 'zod';
import { aedInput, aedOutput, booleanInput, listOf, listQuery, memberRef } from './common.ts';
import { handOver, type HandOver } from './members.ts';
import { fundProposal } from './proposals.ts';

// Bringing an association in from the spreadsheet it keeps (docs/domain/import.md): the
// template, the dry run, the import applied (by two admins when there are two), the list.

/** The template's columns, in its order; a file names them in its header row. */
export const IMPORT_COLUMNS = [
  'name',
  'email',
  'mobile',
  'joined',
  'passport_or_nid',
  'language',
  'savings',
  'paid_through',
  'loan_amount',
  'loan_term_months',
  'loan_disbursed',
  'loan_repaid',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

export const IMPORT_FORMATS = ['csv', 'xlsx'] as const;
export const importFormat = z.enum(IMPORT_FORMATS);

export const importTemplateQuery = z.object({
  format: importFormat.default('csv').meta({ description: 'csv or xlsx.' }),
});

/** The form fields of POST /api/admin/imports besides the file. */
export const importFields = z.object({
  as_of: z.iso
    .date(/*i18n*/ 'Enter the day the books start as YYYY-MM-DD.')
    .meta({ description: 'The cut-over day: the books open on it, with the bank balance of it.' }),
  opening_cash: aedInput
    .refine((fils) => fils >= 0, { message: /*i18n*/ 'The bank balance cannot be below AED 0.' })
    .meta({ description: "The association's bank balance on the cut-over day, in AED." }),
  dry_run: booleanInput
    .default(true)
    .meta({ description: 'true (the default): check and show, change nothing.' }),
});
export type ImportFields = z.input<typeof importFields>;

/** A cell the import cannot take, beside its row (as the spreadsheet numbers it) and column. */
export const importError = z
  .object({
    row: z
      .number()
      .int()
      .meta({ description: 'The row as the spreadsheet numbers it (the header is 1).' }),
    column: z.string().nullable().meta({ description: 'The column, or null for the whole row.' }),
    message: z.string(),
  })
  .meta({ id: 'ImportError' });
export type ImportError = z.infer<typeof importError>;

/** A data row of the file as read, cell by cell (text as written). */
export const importLine = z.object({
  row: z.number().int(),
  cells: z.record(z.string(), z.string()),
});
export type ImportLine = z.infer<typeof importLine>;

/** What an import creates and the opening entry that balances the books. */
export const importFigures = z.object({
  as_of: z.string(),
  opening_cash: aedOutput,
  members: z.number().int().meta({ description: 'Members the import creates.' }),
  savings_total: aedOutput,
  months_paid: z.number().int().meta({ description: 'Months of dues marked paid (carried over).' }),
  loans: z.number().int().meta({ description: 'Open loans the import creates.' }),
  loans_outstanding: aedOutput.meta({ description: 'Principal still owed on those loans.' }),
  loans_owed: aedOutput.meta({ description: 'Principal and interest still owed on them.' }),
  opening_equity: aedOutput.meta({
    description:
      "Cash and loans less savings: the association's own (retained interest); below 0 when savings are more.",
  }),
});
export type ImportFigures = z.infer<typeof importFigures>;

export const OPENING_ACCOUNTS = ['cash', 'loans', 'savings', 'opening_equity'] as const;

/** A line of the opening entry, with the totals of the members' accounts. */
export const openingLine = z.object({
  account: z.enum(OPENING_ACCOUNTS),
  debit: aedOutput,
  credit: aedOutput,
});
export type OpeningLine = z.infer<typeof openingLine>;

export const importFile = z.object({
  name: z.string(),
  format: importFormat,
  sha256: z.string(),
});

export const importDryRun = z
  .object({
    dry_run: z.literal(true),
    file: importFile,
    rows: z
      .number()
      .int()
      .meta({ description: 'Data rows read (the header and blank rows aside).' }),
    ...importFigures.shape,
    opening_entry: z.array(openingLine),
    errors: z.array(importError).meta({
      description: 'Empty when the file can be applied; the first 1,000 by row.',
    }),
    errors_total: z.number().int().meta({ description: 'The wrong cells, all of them.' }),
    error_rows: z.number().int().meta({ description: 'The rows they are in.' }),
    lines: z.array(importLine).meta({ description: 'Every data row as read, in order.' }),
  })
  .meta({ id: 'ImportDryRun' });
export type ImportDryRun = z.infer<typeof importDryRun>;

export const IMPORT_STATES = ['proposed', 'applied', 'withdrawn'] as const;

/** An import as the list and the answers show it. */
export const importRecord = z
  .object({
    id: z.number().int(),
    state: z.enum(IMPORT_STATES),
    file: importFile,
    rows: z.number().int(),
    ...importFigures.shape,
    proposed_by: memberRef.meta({ description: 'The admin who sent the file.' }),
    proposed_at: z.string(),
    confirmed_by: memberRef.nullable().meta({
      description: 'The second admin who confirmed it; null when one admin applied it alone.',
    }),
    applied_at: z.string().nullable(),
    proposal_id: z.number().int().nullable(),
    entry_id: z.number().int().nullable().meta({ description: 'The opening journal entry.' }),
  })
  .meta({ id: 'Import' });
export type ImportRecord = z.infer<typeof importRecord>;

/** A new member's invitation, for the admin to hand over when it was not mailed. */
export const importInvitation = handOver;
export type ImportInvitation = HandOver;

export const importApplied = z.object({
  message: z.string(),
  import: importRecord,
  invitations_mailed: z.boolean().meta({
    description:
      'true: each member is mailed an invitation in their language; the links are not answered.',
  }),
  invitations: z.array(importInvitation).meta({
    description:
      'The links to hand over, when they are not mailed; again at GET /api/admin/imports/{id}/invitations.',
  }),
});
export type ImportApplied = z.infer<typeof importApplied>;

export const importProposed = z.object({
  message: z.string(),
  pending_confirmation: z.literal(true),
  proposal: fundProposal,
  import: importRecord,
});
export type ImportProposed = z.infer<typeof importProposed>;

export const importsQuery = listQuery;
export const importsList = listOf(importRecord);

/**
 * A refused import: the error shape of every call, whose `errors` is, for a file whose cells are
 * wrong, the list of those cells (as the dry run's), and for a form field, its messages.
 */
export const importRefusal = z
  .object({
    status_code: z.number().int(),
    message: z.string(),
    errors: z.union([z.array(importError), z.record(z.string(), z.array(z.string()))]).optional(),
  })
  .meta({ id: 'ImportRefusal' });

export const importInvitationsResponse = z.object({
  invitations: z.array(importInvitation).meta({
    description:
      "The import's links not used yet, for the admin who proposed or confirmed it; newest per member.",
  }),
});
