import { tryParseAed, type Fils } from '@jamiya/money/fils';
import { formatMoney, leftToRightIn } from '@jamiya/money/format';
import { i18n } from './i18n.tsx';

// How amounts read is decided in @jamiya/money/format, for the app and its mail; these give it
// the reader's language. Dates: lib/dates.ts.
export const language = () => i18n.language || 'en';

/** An AED amount from the API (a JSON number): "AED 1,600", "AED 356.67". */
export function aed(
  amount: number,
  options: { currency?: boolean; signed?: boolean } = {},
): string {
  return formatMoney(tryParseAed(amount) ?? 0, language(), options);
}

/** An amount the app worked out in fils: "AED 1,070", "AED 356.67". */
export function aedFils(fils: Fils, options: { currency?: boolean; signed?: boolean } = {}) {
  return formatMoney(fils, language(), options);
}

/** A change with its sign, so money in and money out cannot be confused; none is a dash. */
export function aedChange(amount: number): string {
  return amount === 0 ? '—' : aed(amount, { currency: false, signed: true });
}

/** A share in percent as the API gives it (two decimals at most): "12.5". */
export function formatPercent(percent: number): string {
  return new Intl.NumberFormat(numbersLocale(), { maximumFractionDigits: 2 }).format(percent);
}

/** A figure written left to right (a size, "20.9 kB"), isolated in a right-to-left page as amounts are. */
export const leftToRight = (text: string) => leftToRightIn(language(), text);

/** The reader's language with Latin digits, as on the receipts (docs/languages.md), for Intl. */
export const numbersLocale = () => `${language()}-u-nu-latn`;
