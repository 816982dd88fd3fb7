import { tryParseAed, type Fils } from '@jamiya/money/fils';
import { MONTH_NAMES } from '@jamiya/contracts/values';
import { sentence, type Say } from '../../lib/sentence.ts';
import type { Problem, Problems } from './read-types.ts';

// What the formats of a statement share (read-formats.ts): the bounds, the list of what
// is wrong, and amounts, days and texts read exactly as a bank writes them.

export { sentence };

/** A busy account has a few thousand lines a year: more is not one statement. */
export const MAX_LINES = 50_000;
/** No date, amount or reference is this long: a longer cell is not a statement's. */
export const MAX_CELL_CHARACTERS = 1_000;
const MAX_PROBLEMS = 50;
const MAX_TEXT_CHARACTERS = 500;
const MAX_REFERENCE_CHARACTERS = 100;

export const TOO_MANY_LINES = (max: number) =>
  sentence(
    /*i18n*/ 'A statement may hold at most {max} lines: export a shorter period and send it again.',
    { max },
  );
export const OTHER_CURRENCY = (currency: string) =>
  sentence(
    /*i18n*/ 'This statement is in {currency}, and the fund keeps its books in AED: send the statement of its AED account.',
    { currency: shown(currency) },
  );
/** A camt.053's or an MT940's day: the bank's own, so no order of day and month to choose. */
export const NO_SUCH_DAY = (value: string) =>
  sentence(
    /*i18n*/ 'The day {value} of this line does not exist: export the statement again from the bank.',
    { value: shown(value) },
  );
export const ZERO_AMOUNT =
  /*i18n*/ "This line's amount is 0, so it moves no money: check the amount columns, or delete the line from the file.";

/** What is wrong with a file, in its order: reading stops once 50 are said. */
export function problemList(): Problems {
  const list: Problem[] = [];
  return {
    list,
    add(row, column, message) {
      if (list.length < MAX_PROBLEMS) list.push({ row, column, message });
    },
    get full() {
      return list.length >= MAX_PROBLEMS;
    },
  };
}

export type Value<T> = { ok: true; value: T } | { ok: false; say: Say };

/** A cell as a message shows it: a long one cut. */
export const shown = (raw: string) => {
  const text = raw.trim();
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
};

// U+0660..0669 (Arabic-Indic) and U+06F0..06F9 (Eastern, as in Urdu) both end in their digit.
const latinDigits = (text: string) =>
  text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) & 0xf));

const CURRENCY = /^(?:AED|د\.إ\.?)\s*|\s*(?:AED|د\.إ\.?)$/gi;
const GROUPED = {
  // 1,500,000.00, or grouped the Indian way: 15,00,000.00.
  '.': /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$|^\d{1,2}(?:,\d{2})*,\d{3}(?:\.\d+)?$/,
  ',': /^\d{1,3}(?:\.\d{3})+(?:,\d+)?$|^\d{1,3}(?: \d{3})+(?:,\d+)?$/,
};

/**
 * An amount as a bank writes it, exactly, in fils: digits of Arabic scripts, "AED" before or
 * after, thousands grouped, negative with a minus before or after or in parentheses.
 */
export function readAmount(raw: string, decimal: '.' | ',' = '.'): Value<Fils> {
  let text = latinDigits(raw)
    .replace(/\u066b/g, decimal)
    .replace(/\u066c/g, decimal === '.' ? ',' : '.')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(CURRENCY, '');
  let negative = true;
  const bracketed = /^\((.*)\)$/.exec(text);
  if (bracketed) text = bracketed[1]!;
  else if (/^[-\u2212]/.test(text)) text = text.slice(1);
  else if (/[-\u2212]$/.test(text)) text = text.slice(0, -1);
  else negative = false;
  text = text.trim().replace(CURRENCY, '').replace(/^\+/, '');
  if (GROUPED[decimal].test(text)) text = text.replace(decimal === '.' ? /,/g : /[. ]/g, '');
  if (decimal === ',') text = text.replace(',', '.');
  const value = shown(raw);
  if (!/^(?:\d+(?:\.\d+)?|\.\d+)$/.test(text))
    return {
      ok: false,
      say: sentence(
        /*i18n*/ 'The amount {value} is not a number: check that this is an amount column, and which mark separates its decimals.',
        { value },
      ),
    };
  if (/\.\d{3,}$/.test(text))
    return {
      ok: false,
      say: sentence(
        /*i18n*/ 'The amount {value} has more than two decimals, which no amount in AED has: check which mark separates its decimals.',
        { value },
      ),
    };
  const fils = tryParseAed(`${negative ? '-' : ''}${text}`);
  if (fils === null)
    return {
      ok: false,
      say: sentence(
        /*i18n*/ 'The amount {value} is larger than any the fund keeps: check it in the file.',
        { value },
      ),
    };
  return { ok: true, value: fils };
}

/** YYYY-MM-DD of a day that exists, or null (31 February). */
export function dayOf(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1970 || year > 2100 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return date.toISOString().slice(0, 10);
}

export type DateOrder = 'dmy' | 'mdy' | 'ymd';

const MONTHS = new Map<string, number>(
  MONTH_NAMES.flatMap((name, index) => [
    [name.toLowerCase(), index + 1],
    [name.slice(0, 3).toLowerCase(), index + 1],
  ]),
);
MONTHS.set('sept', 9);

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const NUMERIC_DAY = /^(\d{1,4})([/.-])(\d{1,2})\2(\d{1,4})$/;
const NAMED_DAY = /^(\d{1,2})[\s/-]([a-z]{3,9})\.?[\s/-](\d{4}|\d{2})$/i;
// A time after the day, as some banks write the booking: "05/01/2026 14:03:22".
const TIME = /[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?: ?[AP]M)?(?:Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * The order of day and month the file's own dates prove, when the treasurer did not say it: a
 * first number above 12 is a day (27/11/2026), a second above 12 too (11/27/2026). Undefined
 * when no date proves it, or when they contradict each other.
 */
export function dateOrderShownBy(dates: readonly string[]): DateOrder | undefined {
  let dayFirst = false;
  let monthFirst = false;
  for (const raw of dates) {
    const numeric = NUMERIC_DAY.exec(latinDigits(raw).trim().replace(TIME, ''));
    if (!numeric || numeric[1]!.length === 4) continue;
    if (Number(numeric[1]) > 12) dayFirst = true;
    if (Number(numeric[3]) > 12) monthFirst = true;
  }
  return dayFirst === monthFirst ? undefined : dayFirst ? 'dmy' : 'mdy';
}

/**
 * A booking day as a CSV writes it: 2026-01-31 as it is; any other way (31/01/26, 01-31-2026,
 * 31.01.2026, 31 Jan 2026) only with the order of day and month it was written in, as which
 * comes first depends on the computer that wrote it: never guessed.
 */
export function readDay(
  raw: string,
  order: DateOrder | undefined,
): { ok: true; value: string } | { ok: false; why: 'order' | 'unreal' | 'unreadable' } {
  const text = latinDigits(raw).trim().replace(TIME, '');
  const year = (digits: string) =>
    digits.length === 2 ? 2000 + Number(digits) : digits.length === 4 ? Number(digits) : NaN;
  let parts: [number, number, number] | null = null;
  const iso = ISO_DAY.exec(text);
  const numeric = NUMERIC_DAY.exec(text);
  const named = NAMED_DAY.exec(text);
  if (iso) parts = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (!numeric && !named) return { ok: false, why: 'unreadable' };
  else if (!order) return { ok: false, why: 'order' };
  else if (numeric) {
    const [a, b, c] = [numeric[1]!, numeric[3]!, numeric[4]!];
    // Four digits first can only be the year.
    if (order === 'ymd' || a.length === 4) parts = [year(a), Number(b), Number(c)];
    else
      parts = order === 'dmy' ? [year(c), Number(b), Number(a)] : [year(c), Number(a), Number(b)];
  } else if (named) {
    const month = MONTHS.get(named[2]!.toLowerCase());
    if (!month) return { ok: false, why: 'unreadable' };
    parts = [year(named[3]!), month, Number(named[1])];
  }
  const day = parts && dayOf(...parts);
  return day ? { ok: true, value: day } : { ok: false, why: 'unreal' };
}

/**
 * Whitespace and line breaks as one space, without the controls that could turn the text
 * around on screen, and whole characters only: half of one (a library that cut a reference
 * by UTF-16 units) becomes U+FFFD, as the database would store it.
 */
const cleaned = (part: string) =>
  part
    .replace(/[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, ' ')
    .replace(/\p{Cs}/gu, '\ufffd')
    .replace(/\s+/g, ' ')
    .trim();

/** A line's words, its parts joined, at most 500 characters (`cleaned`). */
export function lineText(parts: readonly (string | null | undefined)[]): string {
  const text = parts
    .map((part) => cleaned(part ?? ''))
    .filter((part) => part !== '')
    .join(' · ');
  return Array.from(text).slice(0, MAX_TEXT_CHARACTERS).join('').trim();
}

/**
 * The bank's reference of a line (`cleaned`), at most 100 characters, or null. It names the
 * line in every statement that holds it, so it is kept exactly as the database keeps it.
 */
export function bankReference(raw: string): string | null {
  const ref = Array.from(cleaned(raw)).slice(0, MAX_REFERENCE_CHARACTERS).join('').trim();
  return ref === '' ? null : ref;
}
