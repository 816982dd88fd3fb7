import { z } from 'zod';
import { bookLineBody, type BookLineBody } from '@jamiya/contracts/bank-lines';
import { OTHER_ACCOUNT } from './account-choices.ts';

// The "Book as…" form, checked as the server checks its body (contracts' bookLineBody): one of
// the quick choices or another account from the list, and a memo, left out when empty.

export interface BookFormInput {
  /** A quick choice's code, or OTHER_ACCOUNT for the one chosen in the list. */
  quick: string;
  /** The account chosen in the list ('' for none). */
  account: string;
  memo: string;
}

export const bookFormSchema = z
  .object({ quick: z.string(), account: z.string(), memo: z.string() })
  .transform(({ quick, account, memo }): BookLineBody => ({
    account: quick === OTHER_ACCOUNT ? account : quick,
    ...(memo.trim() === '' ? {} : { memo }),
  }))
  .pipe(bookLineBody);

export type BookFormValues = z.output<typeof bookFormSchema>;
