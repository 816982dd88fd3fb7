// The receipts no statement holds, and the bank's balance set beside the books' cash.
import { z } from 'zod';
import { aedOutput } from './common.ts';
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
