import { z } from 'zod';
import { aedInput, aedOutput, booleanInput, optionalText, text } from './common.ts';
import { fundProposal } from './proposals.ts';
import { ACCOUNT_KINDS, CORRECTION_REASONS } from './values.ts';

// The association's own books (docs/domain/accounts.md): its chart of accounts, entries made by
// hand, and corrections by reversal.

export const accountKind = z.enum(ACCOUNT_KINDS, {
  error: /*i18n*/ 'Choose the kind: income, expense, equity, liability or asset.',
});

/** An account's code: how the API, the CSV files and the journal name it. */
export const accountCode = z
  .string({ error: /*i18n*/ 'Choose an account.' })
  .trim()
  .min(1, /*i18n*/ 'Choose an account.')
  .max(60, /*i18n*/ 'There is no such account.')
  // A chart's code, or a member's savings as `savings:<id>`: nothing else names an account.
  .regex(/^[a-z][a-z0-9_]*(:\d{1,10})?$/, /*i18n*/ 'There is no such account.');

/** A code the association gives a new account: lower-case letters, digits and underscores. */
const newCode = z
  .string()
  .trim()
  .regex(
    /^[a-z][a-z0-9_]{1,39}$/,
    /*i18n*/ 'A code is 2 to 40 lower-case letters, digits or underscores, starting with a letter.',
  );

const accountName = (required: string) =>
  text(80, {
    required,
    tooLong: /*i18n*/ "An account's name must be at most 80 characters.",
    notAllowed: /*i18n*/ "An account's name contains characters that are not allowed.",
  });

/** An account of the chart, as the treasurer's list shows it. */
export const chartAccount = z
  .object({
    code: z.string(),
    name: z.string().meta({ description: "In the reader's language (English or Arabic)." }),
    name_en: z.string(),
    name_ar: z.string(),
    kind: z.enum(ACCOUNT_KINDS),
    built_in: z.boolean().meta({
      description:
        "One of Jamiya's own accounts (cash, interest, fines...): its name and kind are fixed.",
    }),
    bookable: z.boolean().meta({
      description:
        'A bank line or a hand entry may post to it (not cash, nor an account kept by its own records).',
    }),
    retired: z.boolean().meta({ description: 'Takes no new posting; kept with its history.' }),
    postings: z.number().int(),
    balance: aedOutput.meta({ description: 'Debits minus credits.' }),
  })
  .meta({ id: 'ChartAccount' });
export type ChartAccount = z.infer<typeof chartAccount>;

export const chartAccounts = z
  .object({ items: z.array(chartAccount) })
  .meta({ id: 'ChartAccounts' });

export const createAccountBody = z.strictObject({
  code: newCode.optional().meta({ description: 'Made from the English name when missing.' }),
  name_en: accountName(/*i18n*/ 'Enter the name in English.'),
  name_ar: accountName(/*i18n*/ 'Enter the name in Arabic.'),
  kind: accountKind,
});
export type CreateAccountBody = z.input<typeof createAccountBody>;

export const updateAccountBody = z.strictObject({
  name_en: accountName(/*i18n*/ 'Enter the name in English.').optional(),
  name_ar: accountName(/*i18n*/ 'Enter the name in Arabic.').optional(),
  retired: booleanInput.optional().meta({
    description: 'true: no new posting; false: in use again.',
  }),
});
export type UpdateAccountBody = z.input<typeof updateAccountBody>;

export const accountCodeParams = z.object({ code: accountCode });

export const accountSaved = z.object({ message: z.string(), account: chartAccount });

// ---- Entries by hand -------------------------------------------------------------------------

const day = z.iso.date(/*i18n*/ 'Enter the day as YYYY-MM-DD.');

const memo = (required: string) =>
  text(200, {
    required,
    tooLong: /*i18n*/ 'A memo must be at most 200 characters.',
    notAllowed: /*i18n*/ 'The memo contains characters that are not allowed.',
  });

/** One line of a hand entry: an account and a debit or a credit. */
export const handLine = z
  .strictObject({
    account: accountCode,
    debit: aedInput.optional(),
    credit: aedInput.optional(),
  })
  .refine((l) => (l.debit === undefined) !== (l.credit === undefined), {
    message: /*i18n*/ 'Each line has a debit or a credit, not both.',
    path: ['debit'],
  })
  .refine((l) => (l.debit ?? l.credit ?? 0) > 0, {
    message: /*i18n*/ 'The amount must be more than AED 0.',
    path: ['debit'],
  });
export type HandLine = z.output<typeof handLine>;

const handLines = z
  .array(handLine, { error: /*i18n*/ 'Give the lines of the entry.' })
  .min(2, /*i18n*/ 'An entry has at least two lines.')
  .max(20, /*i18n*/ 'An entry has at most 20 lines.');

/** The lines sent as JSON in a form field (with a file), or as a JSON array. */
const linesField = z.union([
  handLines,
  z
    .string()
    .transform((s, ctx) => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: /*i18n*/ 'The lines of the entry could not be read.',
        });
        return z.NEVER;
      }
    })
    .pipe(handLines),
]);

/** POST /api/admin/journal-entries, as JSON, or as a form with `evidence` (the file). */
export const handEntryFields = z.object({
  date: day.meta({ description: 'The day it happened (Dubai), today or before.' }),
  memo: memo(/*i18n*/ 'Say what the entry is for.'),
  lines: linesField.meta({
    description:
      'At least two lines `{ account, debit | credit }` (AED), summing to zero; in a form, as JSON.',
  }),
});
export type HandEntryInput = z.input<typeof handEntryFields>;

export const entryPosted = z.object({
  message: z.string(),
  entry_id: z.number().int(),
});

export const entryProposed = z.object({
  message: z.string(),
  pending_confirmation: z.literal(true),
  proposal: fundProposal,
});

// ---- Corrections -----------------------------------------------------------------------------

export const reverseEntryBody = z.strictObject({
  reason_code: z.enum(CORRECTION_REASONS, { error: /*i18n*/ 'Choose why it is corrected.' }),
  reason: memo(/*i18n*/ 'Say why it is corrected.'),
});
export type ReverseEntryBody = z.input<typeof reverseEntryBody>;

export const entryReversed = z.object({
  message: z.string(),
  entry_id: z.number().int(),
  reversal_entry_id: z.number().int(),
  payment_id: z.number().int().nullable().meta({
    description: 'The payment the correction reversed: its month is open again.',
  }),
  line_id: z.number().int().nullable().meta({
    description: 'The bank line the corrected entry was linked to: open again, to link or book.',
  }),
});

export const optionalMemo = optionalText(200, {
  tooLong: /*i18n*/ 'A memo must be at most 200 characters.',
  notAllowed: /*i18n*/ 'The memo contains characters that are not allowed.',
});
