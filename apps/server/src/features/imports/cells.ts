import { tryParseAed, type Fils } from '@jamiya/money/fils';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage, type Language } from '@jamiya/contracts/languages';
import { MONTH_NAMES } from '@jamiya/contracts/values';

// A spreadsheet's cells as treasurers type them, read into amounts, months, whole numbers and
// languages, or refused with the sentence that says how to write them (docs/domain/import.md).

export type Cell<T> = { ok: true; value: T } | { ok: false; say: string };

const ok = <T>(value: T): Cell<T> => ({ ok: true, value });
const refuse = <T>(say: string): Cell<T> => ({ ok: false, say });

// The zero of each script's digits that a spreadsheet may hold: Arabic-Indic, Eastern
// Arabic-Indic (Urdu), Devanagari, Bengali, Malayalam, and full-width.
const DIGIT_ZEROS = [0x0660, 0x06f0, 0x0966, 0x09e6, 0x0d66, 0xff10];

/** Every digit in Latin, the Arabic decimal and thousands marks as a point and a comma. */
export function latinDigits(text: string): string {
  return text
    .replace(/[\u066b]/g, '.')
    .replace(/[\u066c]/g, ',')
    .replace(/\p{Nd}/gu, (digit) => {
      const code = digit.codePointAt(0)!;
      const zero = DIGIT_ZEROS.find((z) => code >= z && code <= z + 9);
      return zero === undefined ? digit : String(code - zero);
    });
}

// Thousands grouped by 3 (1,500,000) or the Indian way (15,00,000); or by spaces.
const GROUPED_BY_COMMAS = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$|^\d{1,2}(?:,\d{2})*,\d{3}(?:\.\d+)?$/;
const GROUPED_BY_SPACES = /^\d{1,3}(?: \d{3})+(?:\.\d+)?$/;

/** An amount of AED: digits of any script, thousands grouped or not, "AED" before or after. */
export function amountCell(raw: string): Cell<Fils> {
  let text = latinDigits(raw)
    .replace(/[\u00a0\u202f\u2009]/g, ' ')
    .trim()
    .replace(/^(?:AED|د\.إ\.?)\s*|\s*(?:AED|د\.إ\.?)$/gi, '');
  if (text.startsWith('-') && /\d/.test(text))
    return refuse(/*i18n*/ 'An amount cannot be below 0.');
  if (GROUPED_BY_COMMAS.test(text)) text = text.replace(/,/g, '');
  else if (GROUPED_BY_SPACES.test(text)) text = text.replace(/ /g, '');
  if (/^\d+,\d{1,2}$/.test(text))
    return refuse(/*i18n*/ 'Write decimals after a point, not a comma: 1500.50, not 1500,50.');
  if (!/^\d+(?:\.\d+)?$/.test(text))
    return refuse(/*i18n*/ 'Write an amount in AED with digits only, like 1500 or 1,500.50.');
  if (/\.\d{3,}$/.test(text)) return refuse(/*i18n*/ 'An amount has at most two decimals.');
  const fils = tryParseAed(text);
  return fils === null ? refuse(/*i18n*/ 'This amount is too large.') : ok(fils);
}

/** A whole number (a loan's months). */
export function wholeNumberCell(raw: string): Cell<number> {
  const text = latinDigits(raw).trim();
  if (!/^\d{1,4}$/.test(text)) return refuse(/*i18n*/ 'Write a whole number, like 12.');
  return ok(Number(text));
}

const MONTHS = new Map<string, number>(
  MONTH_NAMES.flatMap((name, index) => [
    [name.toLowerCase(), index + 1],
    [name.slice(0, 3).toLowerCase(), index + 1],
  ]),
);
MONTHS.set('sept', 9);

const period = (year: number, month: number): Cell<string> =>
  month < 1 || month > 12 || year < 1970 || year > 2100
    ? refuse(/*i18n*/ 'This is not a real month: write it as YYYY-MM, like 2024-03.')
    : ok(`${year}-${String(month).padStart(2, '0')}`);

/**
 * A month (YYYY-MM): as ISO (2024-03, 2024-03-01), month and year (03/2024, Mar 2024, March
 * 2024, Mar-24 as Excel writes a month in a CSV). A day before the month (01/03/2024) is
 * refused: which is the day and which the month depends on the computer that wrote it.
 */
export function monthCell(raw: string): Cell<string> {
  const text = latinDigits(raw).trim();
  // 2024.1 is refused: a spreadsheet makes the number 2024.1 of a typed 2024.10.
  let m = /^(\d{4})(?:[-/](\d{1,2})|\.(\d{2}))(?:[-/.]\d{1,2})?(?:T.*)?$/.exec(text);
  if (m) return period(Number(m[1]), Number(m[2] ?? m[3]));
  m = /^(\d{1,2})[-/.](\d{4})$/.exec(text);
  if (m) return period(Number(m[2]), Number(m[1]));
  m = /^([a-z]+)\.?[\s\-/,]+(\d{4}|\d{2})$/i.exec(text);
  const month = m ? MONTHS.get(m[1]!.toLowerCase()) : undefined;
  if (m && month !== undefined) {
    const year = Number(m[2]);
    return period(m[2]!.length === 2 ? 2000 + year : year, month);
  }
  return refuse(/*i18n*/ 'Write the month as YYYY-MM, like 2024-03.');
}

const LANGUAGE_BY_NAME = new Map<string, Language>([
  ...LANGUAGES.map((code) => [LANGUAGE_NAMES[code].toLowerCase(), code] as const),
  ['english', 'en'],
  ['arabic', 'ar'],
  ['hindi', 'hi'],
  ['urdu', 'ur'],
  ['bengali', 'bn'],
  ['bangla', 'bn'],
  ['malayalam', 'ml'],
]);

/** A language: its code (en, ar, hi, ur, bn, ml) or its name; English when empty. */
export function languageCell(raw: string): Cell<Language> {
  const text = raw.trim().toLowerCase();
  if (text === '') return ok('en');
  if (isLanguage(text)) return ok(text);
  const named = LANGUAGE_BY_NAME.get(text);
  return named
    ? ok(named)
    : refuse(/*i18n*/ 'Write the language as en, ar, hi, ur, bn or ml (English when empty).');
}

/** A mobile number with the marks people put in it (dashes, dots, brackets) taken out. */
export function mobileText(raw: string): string {
  return latinDigits(raw)
    .replace(/[-().]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
