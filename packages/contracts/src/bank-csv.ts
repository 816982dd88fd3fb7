// A CSV statement's column choices, and the form fields sent with a statement's file.
import { z } from 'zod';
import { optionalText } from './common.ts';

export const DATE_ORDERS = ['dmy', 'mdy', 'ymd'] as const;

const columnName = optionalText(200, {
  tooLong: /*i18n*/ 'A column name must be at most 200 characters.',
  notAllowed: /*i18n*/ 'A column name contains characters that are not allowed.',
}).pipe(z.string().min(1, /*i18n*/ 'Choose a column.'));

/** Which column of a bank's CSV export holds what: chosen once, then remembered for the bank. */
export const csvMapping = z
  .object({
    date: columnName.meta({ description: 'The booking date.' }),
    date_order: z
      .enum(DATE_ORDERS, { error: /*i18n*/ 'Choose the order of day, month and year.' })
      .optional()
      .meta({ description: 'dmy, mdy or ymd; needed unless every date is YYYY-MM-DD.' }),
    amount: columnName.optional().meta({ description: 'One signed amount (money in above 0).' }),
    credit: columnName.optional().meta({ description: 'Money in, when the bank has two columns.' }),
    debit: columnName.optional().meta({ description: 'Money out, when the bank has two columns.' }),
    reference: columnName.optional(),
    description: columnName.optional(),
    balance: columnName.optional().meta({ description: 'The running balance after the line.' }),
    currency: columnName.optional(),
    decimal: z
      .enum(['.', ','])
      .optional()
      .meta({ description: 'The decimal separator; "." by default.' }),
  })
  .refine((m) => m.amount !== undefined || m.credit !== undefined || m.debit !== undefined, {
    message: /*i18n*/ 'Choose the column with the amount, or the credit and debit columns.',
    path: ['amount'],
  })
  .meta({ id: 'BankCsvMapping' });
export type CsvMappingInput = z.input<typeof csvMapping>;
export type CsvMapping = z.output<typeof csvMapping>;

/** A JSON object sent as a multipart form field. */
const jsonField = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: /*i18n*/ 'The column choices could not be read.' });
        return z.NEVER;
      }
    })
    .pipe(schema);

const bankName = optionalText(80, {
  tooLong: /*i18n*/ "The bank's name must be at most 80 characters.",
  notAllowed: /*i18n*/ "The bank's name contains characters that are not allowed.",
});

export const LOOKALIKE_CHOICES = ['ask', 'same', 'new'] as const;
export type LookalikeChoice = (typeof LOOKALIKE_CHOICES)[number];

/** The form fields of POST /api/admin/bank-statements besides the file. */
export const statementFields = z.object({
  bank: bankName.optional().meta({
    description: "The bank's name: a CSV's column choices are remembered under it.",
  }),
  mapping: jsonField(csvMapping).optional().meta({
    description:
      "For a CSV: the column choices as JSON (BankCsvMapping); the bank's remembered ones when missing.",
  }),
  lookalikes: z
    .enum(LOOKALIKE_CHOICES, {
      error: /*i18n*/ 'Say whether these lines are the ones you have, or new.',
    })
    .optional()
    .meta({
      description:
        'Lines with the day and amount of a line already held (from a statement in another format) that nothing else ties to it: `ask` (the default) refuses the import with 409 listing them; `same` keeps the lines held; `new` keeps them as new lines.',
    }),
});

/** The columns of a CSV file, for choosing what each holds. */
export const csvColumns = z
  .object({
    columns: z.array(z.string()),
    sample: z.array(z.array(z.string())).meta({ description: 'Up to 5 rows as written.' }),
    date_orders: z.record(z.string(), z.enum(DATE_ORDERS)).meta({
      description:
        'For each column whose dates, in the whole file, prove the order of day and month (27/11/2026): that order. A date column named here needs no order chosen.',
    }),
    remembered: z
      .object({ bank: z.string(), mapping: csvMapping })
      .nullable()
      .meta({ description: 'The choices remembered for a bank whose export has these columns.' }),
  })
  .meta({ id: 'BankCsvColumns' });
export type CsvColumns = z.infer<typeof csvColumns>;
