import { z } from 'zod';
import { MONTH_NAMES, type MonthName } from './values.ts';
import { hasAtMostTwoDecimals, MAX_AED_FILS, tryParseAed, type Fils } from '@jamiya/money/fils';

/** The error body of every failed call (docs/product.md section 2). */
export const errorBody = z
  .object({
    status_code: z.number().int(),
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBody>;

export const messageBody = z.object({ message: z.string() });

/** Who a payment or a loan belongs to, as the treasurer's lists show it. */
export const memberRef = z.object({
  id: z.number().int(),
  unique_id: z.string(),
  name: z.string(),
});

/**
 * An amount in AED as a member types it: a JSON number or a form string with at most two
 * decimals, parsed exactly to integer fils (never through floating point arithmetic).
 */
export const aedInput = z
  .union([z.number(), z.string()], { error: /*i18n*/ 'Enter an amount in AED.' })
  .transform((value, ctx): Fils => {
    const fils = tryParseAed(typeof value === 'string' ? value.trim() : value);
    if (fils === null) {
      ctx.addIssue({
        code: 'custom',
        message: /*i18n*/ 'Enter an amount in AED with at most two decimals, like 200 or 200.50.',
      });
      return z.NEVER;
    }
    return fils;
  });

export const positiveAedInput = aedInput.refine((fils) => fils > 0, {
  message: /*i18n*/ 'The amount must be more than AED 0.',
});

/** An amount in AED as the API answers it: a JSON number with at most two decimals. */
export const aedOutput = z
  .number()
  .refine((n) => hasAtMostTwoDecimals(n) && Math.abs(n) * 100 <= MAX_AED_FILS)
  .meta({ description: 'An amount in AED (at most two decimals).' });

/** A whole number sent as a JSON number or a form string; `notANumber` says what was wrong. */
export const intInput = (notANumber: string) =>
  z.union([z.number(), z.string()]).transform((value, ctx) => {
    const n = typeof value === 'number' ? value : Number(value.trim());
    if (
      (typeof value === 'string' && !/^\s*-?\d+(\.\d+)?\s*$/.test(value)) ||
      !Number.isFinite(n)
    ) {
      ctx.addIssue({ code: 'custom', message: notANumber });
      return z.NEVER;
    }
    return n;
  });

/** A yes/no sent as a JSON boolean or a form string. */
export const booleanInput = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'])], {
    error: /*i18n*/ 'Choose yes or no.',
  })
  .transform((v) => (typeof v === 'boolean' ? v : ['true', '1', 'on', 'yes'].includes(v)));

// Tab, line feed and carriage return are allowed; PostgreSQL refuses NUL in text outright.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const hasNoControlCharacters = (s: string) => !CONTROL_CHARACTERS.test(s);

// Invisible format characters (Unicode Cf): bidi overrides can turn "Ali exe.doc" around on
// screen. ZWNJ and ZWJ are kept: Malayalam, Bengali, Hindi, Urdu and Arabic writing needs them.
const FORMAT_CONTROLS = /(?![\u200C\u200D])\p{Cf}/gu;
const withoutFormatControls = (s: string) => s.replace(FORMAT_CONTROLS, '');

/**
 * What a text field says when it refuses a value. Each is a whole sentence marked for Lingui's
 * extract (decision 046), so that every language writes it as it reads best.
 */
export interface TextRefusals {
  required: string;
  tooLong: string;
  notAllowed: string;
}

/** Free text of a member: trimmed, with a length limit and no control characters. */
export const text = (max: number, say: TextRefusals) =>
  z
    .string({ error: say.required })
    .overwrite(withoutFormatControls)
    .trim()
    .min(1, say.required)
    .max(max, say.tooLong)
    .refine(hasNoControlCharacters, { message: say.notAllowed });

/**
 * One line of text (a name, an ID): as `text`, and no tab or line break, which a form's field
 * cannot hold and a spreadsheet's cell can.
 */
export const oneLine = (max: number, say: TextRefusals) =>
  text(max, say).refine((s) => !/[\t\n\r]/.test(s), { message: say.notAllowed });

/** Text that may be empty (a note, a search, a cursor): trimmed, limited, no control characters. */
export const optionalText = (max: number, say: Omit<TextRefusals, 'required'>) =>
  z
    .string()
    .overwrite(withoutFormatControls)
    .trim()
    .max(max, say.tooLong)
    .refine(hasNoControlCharacters, { message: say.notAllowed });

export const listQuery = z.object({
  cursor: optionalText(64, {
    tooLong: /*i18n*/ 'The cursor must be at most 64 characters.',
    notAllowed: /*i18n*/ 'The cursor contains characters that are not allowed.',
  }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/**
 * How many of a long list to send, 50 unless asked: 1 to 10,000, refused with `howMany` (its
 * own words for what is listed, "Ask for 1 to 10,000 members at a time.").
 */
export const listLimit = (howMany: string, description: string) =>
  z.coerce
    .number({ error: howMany })
    .int(howMany)
    .min(1, howMany)
    .max(10_000, howMany)
    .default(50)
    .meta({ description });

/** A row id in a path, within PostgreSQL's integer. */
export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), next_cursor: z.string().nullable() });

export { MONTH_NAMES, type MonthName };
