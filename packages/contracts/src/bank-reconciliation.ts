// The receipts no statement holds, and the bank's balance set beside the books' cash.
import { z } from 'zod';
import { aedOutput, listLimit } from './common.ts';
import { bankLine, cashEntry } from './bank-matching.ts';

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
  limit: listLimit(
    /*i18n*/ 'Ask for 1 to 10,000 lines at a time.',
    'How many of the bank lines not in the books, and of the movements not in the bank, to list: the earliest first.',
  ),
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
    lines_not_in_books: z.array(bankLine).meta({ description: 'The first `limit` of them.' }),
    lines_not_in_books_total: z.number().int(),
    entries_not_in_bank: z.array(cashEntry).meta({ description: 'The first `limit` of them.' }),
    entries_not_in_bank_total: z.number().int(),
  })
  .meta({ id: 'Reconciliation' });
export type Reconciliation = z.infer<typeof reconciliation>;
