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
