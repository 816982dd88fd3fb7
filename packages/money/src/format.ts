import { assertFils, formatAed, type Fils } from './fils.ts';

/** The decimal text of an amount, exactly, e.g. 123450 -> "1234.50", -5 -> "-0.05". */
export function filsToDecimalString(f: Fils): string {
  assertFils(f);
  const sign = f < 0 ? '-' : '';
  const abs = BigInt(Math.abs(f));
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** Right-to-left languages, by their first subtag (ar, ar-EG, ur-PK...). */
const RIGHT_TO_LEFT = /^(ar|ur|fa|he)(-|$)/i;

/**
 * A figure written left to right (an amount, a size), as a left-to-right isolate (U+2066 ...
 * U+2069) in a right-to-left language: it keeps its own order, and neither the words nor the
 * figures around it are drawn into it, in a page, a mail or a PDF alike.
 */
export const leftToRightIn = (locale: string, text: string): string =>
  RIGHT_TO_LEFT.test(locale) ? `\u2066${text}\u2069` : text;

/**
 * An amount for people to read, the same in every language (issue 34, decision 043): the code
 * first, Latin digits grouped by thousands, decimals only when there are fils: "AED 1,600",
 * "AED 356.67", "-AED 46.66". `signed`: a change, "+1,600" or "-1,600". A no-break space keeps
 * the code with its figure. Right to left (Arabic, Urdu) it is isolated (`leftToRightIn`): its
 * sign stays before the digits.
 */
export function formatMoney(
  f: Fils,
  locale = 'en',
  options: { currency?: boolean; signed?: boolean } = {},
): string {
  const sign = options.signed === true && f > 0 ? '+' : '';
  const text =
    sign + formatAed(f, { withCurrency: options.currency !== false }).replace('AED ', 'AED\u00a0');
  return leftToRightIn(locale, text);
}
