import { z } from 'zod';
import { aedOutput, memberRef } from './common.ts';

// The association's year (docs/domain/year.md): months locked once books and bank agree.

export const monthParams = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, /*i18n*/ 'Name a month as YYYY-MM, for example 2026-10.')
    .meta({ description: 'A month of the books, in Dubai time: YYYY-MM.' }),
});

export const monthOpenItems = z
  .object({
    bank_lines_open: z.number().int().meta({
      description: "The bank's lines up to the month's end that the books do not hold by then.",
    }),
    entries_not_in_bank: z.number().int().meta({
      description:
        "The books' movements of cash up to the month's end that the bank does not hold.",
    }),
    receipts_waiting: z.number().int().meta({
      description: "Receipts for money moved by the month's end that still wait for review.",
    }),
    bank_statement_reaches_end: z.boolean().meta({
      description: "Whether a bank statement covers the month's last day.",
    }),
    bank_difference: aedOutput.nullable().meta({
      description:
        "The books' cash less the bank's balance at the month's end; null without a statement.",
    }),
    bank_verdict: z
      .string()
      .meta({ description: 'What the reconciliation says, in the reader’s language.' }),
  })
  .meta({ id: 'MonthOpenItems' });
export type MonthOpenItems = z.infer<typeof monthOpenItems>;

export const bookMonth = z
  .object({
    month: z.string().meta({ description: 'YYYY-MM' }),
    state: z.enum(['locked', 'open', 'current']).meta({
      description:
        '`locked`: nothing more is posted in it; `open`: over, not locked yet; `current`: not over, so not lockable.',
    }),
    locked_at: z.string().nullable(),
    locked_by: memberRef.nullable(),
    proposed_by: memberRef.nullable(),
    open_items: monthOpenItems.nullable().meta({
      description:
        'What stands between the first open month and its lock; null for the others (months are locked in order).',
    }),
    lockable: z.boolean(),
  })
  .meta({ id: 'BookMonth' });
export type BookMonth = z.infer<typeof bookMonth>;

export const bookMonths = z
  .object({
    items: z
      .array(bookMonth)
      .meta({ description: 'Newest first, from the first month with postings.' }),
    first_open: z.string().meta({
      description: 'The first month after the last locked one: where a late correction is dated.',
    }),
  })
  .meta({ id: 'BookMonths' });
export type BookMonths = z.infer<typeof bookMonths>;

export const monthLockResponse = z.object({ message: z.string(), month: bookMonth });
export type MonthLockResponse = z.infer<typeof monthLockResponse>;

// The year-end close (docs/domain/year.md): a year is named by the calendar year it ends in.

export const yearParams = z.object({
  year: z.coerce
    .number(/*i18n*/ 'Name a year as four digits, for example 2026.')
    .int(/*i18n*/ 'Name a year as four digits, for example 2026.')
    .min(2000, /*i18n*/ 'Name a year as four digits, for example 2026.')
    .max(2100, /*i18n*/ 'Name a year as four digits, for example 2026.')
    .meta({ description: 'The calendar year the association’s year ends in.' }),
});

export const YEAR_CHECKS = [
  'months_locked',
  'receipts',
  'bank_lines',
  'arrears_reviewed',
  'share_out',
] as const;
export type YearCheck = (typeof YEAR_CHECKS)[number];

export const yearCheckItem = z
  .object({
    check: z.enum(YEAR_CHECKS),
    done: z.boolean(),
    says: z.string().meta({ description: 'How it stands, in the reader’s language.' }),
    fix_at: z.string().meta({ description: "The app's page where it is put right." }),
  })
  .meta({ id: 'YearCheckItem' });
export type YearCheckItem = z.infer<typeof yearCheckItem>;

export const bookYear = z
  .object({
    year: z.number().int(),
    first_month: z
      .string()
      .meta({ description: 'YYYY-MM: the books’ first month in a first year.' }),
    last_month: z.string().meta({ description: 'YYYY-MM' }),
    state: z.enum(['closed', 'open', 'current']).meta({
      description:
        '`closed`: its income and expenses were moved to the members’ surplus; `open`: over, not closed; `current`: not over.',
    }),
    closed_at: z.string().nullable(),
    closed_by: memberRef.nullable(),
    proposed_by: memberRef.nullable(),
    closing_entry_id: z.number().int().nullable().meta({
      description: 'The closing entry; null when the year had no income or expense to move.',
    }),
    surplus: aedOutput.nullable().meta({
      description: 'What the close moved to the members’ surplus (below 0, a deficit).',
    }),
    arrears_reviewed_at: z.string().nullable(),
    arrears_reviewed_by: memberRef.nullable(),
    checklist: z.array(yearCheckItem).nullable().meta({
      description: 'For the first year not closed once it is over; null for the others.',
    }),
    closable: z.boolean(),
  })
  .meta({ id: 'BookYear' });
export type BookYear = z.infer<typeof bookYear>;

export const bookYears = z
  .object({
    items: z.array(bookYear).meta({ description: 'Newest first, from the books’ first year.' }),
    starts_in_month: z.number().int().meta({ description: 'The settings’ first month, 1–12.' }),
  })
  .meta({ id: 'BookYears' });
export type BookYears = z.infer<typeof bookYears>;

export const yearResponse = z.object({ message: z.string(), year: bookYear });
export type YearResponse = z.infer<typeof yearResponse>;

export const reopenYearBody = z.strictObject({
  reason: z
    .string(/*i18n*/ 'Say why the year is reopened.')
    .trim()
    .min(10, /*i18n*/ 'Say why the year is reopened, in a sentence.')
    .max(500, /*i18n*/ 'At most 500 characters.'),
});
export type ReopenYearBody = z.infer<typeof reopenYearBody>;
