import { z } from 'zod';
import { csvMapping, statementFields, type CsvMappingInput } from '@jamiya/contracts/bank';
import { mappingOf, type MappingFields } from './csv-mapping.ts';

// The statement's form, checked before the file goes: the server checks the same again
// (contracts' statementFields and BankCsvMapping, its 10 MB limit) and reads the file.

export const MAX_STATEMENT_BYTES = 10 * 1024 * 1024;

/** What the form says of the file's mistakes, in the reader's language. */
export interface StatementFormTexts {
  fileMissing: string;
  fileTooLarge: string;
  amountMissing: string;
  dateMissing: string;
  dateOrderMissing: string;
}

export interface StatementFormInput extends MappingFields {
  file: File | undefined;
  bank: string;
}

export interface StatementFormValues {
  file: File;
  bank: string;
  /** For a CSV: its columns' mapping. */
  mapping?: CsvMappingInput;
}

/**
 * `csv`: null for a file read without a mapping (camt.053, MT940); for a CSV, whether the dates
 * of a column need their order said.
 */
export function statementFormSchema(
  say: StatementFormTexts,
  csv: { needsDateOrder: (dateColumn: string) => boolean } | null,
) {
  return z
    .object({
      file: z
        .custom<File | undefined>()
        .refine((file) => file instanceof File, say.fileMissing)
        .refine(
          (file) => !(file instanceof File) || file.size <= MAX_STATEMENT_BYTES,
          say.fileTooLarge,
        )
        .transform((file) => file as File),
      bank: statementFields.shape.bank.unwrap(),
      date: z.string(),
      date_order: z.enum(['', 'dmy', 'mdy', 'ymd']),
      amount_mode: z.enum(['one', 'two']),
      amount: z.string(),
      credit: z.string(),
      debit: z.string(),
      reference: z.string(),
      description: z.string(),
      balance: z.string(),
      decimal: z.enum(['.', ',']),
    })
    .superRefine((v, ctx) => {
      if (!csv) return;
      const amountMissing =
        v.amount_mode === 'one' ? v.amount === '' : v.credit === '' && v.debit === '';
      if (amountMissing)
        ctx.addIssue({
          code: 'custom',
          path: [v.amount_mode === 'one' ? 'amount' : 'credit'],
          message: say.amountMissing,
        });
      if (v.date === '') ctx.addIssue({ code: 'custom', path: ['date'], message: say.dateMissing });
      else if (v.date_order === '' && csv.needsDateOrder(v.date))
        ctx.addIssue({
          code: 'custom',
          path: ['date_order'],
          message: say.dateOrderMissing,
        });
    })
    .transform((v, ctx): StatementFormValues => {
      if (!csv) return { file: v.file, bank: v.bank };
      const mapping = mappingOf(v);
      const checked = csvMapping.safeParse(mapping);
      if (!checked.success)
        for (const issue of checked.error.issues)
          ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      return { file: v.file, bank: v.bank, mapping };
    });
}
