import { z } from 'zod';
import { handEntryFields } from '@jamiya/contracts/accounts';
import { receiptFile } from '../../../lib/receipt-file-schema.ts';
import { accountOf, type EntryFormInput, type EntryFormValues } from './entry-form.ts';

// An entry by hand, checked by the shared schema (the server's): the lines' accounts made from
// the choices (a member's savings), an empty amount left out.

const typed = z.object({
  date: z.string(),
  memo: z.string(),
  lines: z.array(
    z.object({
      account: z.string(),
      member: z.object({ id: z.number(), name: z.string(), unique_id: z.string() }).nullable(),
      debit: z.string(),
      credit: z.string(),
    }),
  ),
  evidence: z.custom<File>().optional(),
});

const amount = (text: string) => text.trim() || undefined;

const shared = handEntryFields.extend({
  // A receipt's rules: a photo or a PDF, 10 MB at most.
  evidence: receiptFile(/*i18n*/ 'Attach the receipt (a photo or a PDF).').optional(),
});

interface Typed {
  date: string;
  memo: string;
  lines: { account: string; debit?: string; credit?: string }[];
  evidence: File | undefined;
}

const checked = typed
  .transform((v: EntryFormInput): Typed => ({
    date: v.date,
    memo: v.memo,
    lines: v.lines.map((l) => ({
      account: accountOf(l),
      ...(amount(l.debit) ? { debit: amount(l.debit) } : {}),
      ...(amount(l.credit) ? { credit: amount(l.credit) } : {}),
    })),
    evidence: v.evidence,
  }))
  // The shared schema takes the lines as an array or as JSON text: the array is a sound cast.
  .pipe(shared as unknown as z.ZodType<z.output<typeof shared>, Typed>);

// What the form gets back is EntryFormValues, exactly: the same fields, each as optional.
export const entryForm: z.ZodType<EntryFormValues, EntryFormInput> = checked;
type Same<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Holds<T extends true> = T;
export type EntryFormValuesHeld = Holds<Same<EntryFormValues, z.output<typeof checked>>>;
