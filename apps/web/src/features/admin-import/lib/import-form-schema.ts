import { z } from 'zod';
import { tryParseAed } from '@jamiya/money/fils';

// The import's form, checked before the file goes: the server checks the same again
// (contracts' importFields and its 10 MB limit) and answers its own sentences under the fields.

export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
const SPREADSHEET = /\.(csv|xlsx)$/i;

/** What the form says of each mistake, in the reader's language (the page translates them). */
export interface ImportFormTexts {
  fileMissing: string;
  fileTooLarge: string;
  fileType: string;
  dateMissing: string;
  dateAfterToday: string;
  cashMissing: string;
  cashNotAmount: string;
  cashNegative: string;
}

export function importFormSchema(say: ImportFormTexts, today: string) {
  return z.object({
    file: z
      .custom<File | undefined>()
      .refine((file) => file instanceof File, say.fileMissing)
      .refine((file) => !(file instanceof File) || file.size <= MAX_IMPORT_BYTES, say.fileTooLarge)
      .refine((file) => !(file instanceof File) || SPREADSHEET.test(file.name), say.fileType)
      .transform((file) => file as File),
    as_of: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, say.dateMissing)
      .refine((day) => day <= today, say.dateAfterToday),
    opening_cash: z
      .string()
      .trim()
      .min(1, say.cashMissing)
      .refine((text) => tryParseAed(text) !== null, say.cashNotAmount)
      .refine((text) => (tryParseAed(text) ?? 0) >= 0, say.cashNegative),
  });
}

export type ImportFormInput = z.input<ReturnType<typeof importFormSchema>>;
export type ImportFormValues = z.output<ReturnType<typeof importFormSchema>>;
