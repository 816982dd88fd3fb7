import { tryParseAed } from '@jamiya/money/fils';
import { formatDay, formatMoment, formatMoney, formatMonth } from '@jamiya/money/format';
import { i18n } from './i18n.tsx';

// How amounts and dates read is decided in @jamiya/money/format, for the app and its mail;
// these give it the reader's language.
const language = () => i18n.language || 'en';

/** An AED amount from the API (a JSON number): "AED 1,600", "AED 356.67". */
export function aed(amount: number, options: { currency?: boolean } = {}): string {
  return formatMoney(tryParseAed(amount) ?? 0, language(), options);
}

/** A day, "19 Dec 2026": a calendar day as itself, a moment as its day in Dubai. */
export function formatDate(date: string): string {
  return formatDay(date, language());
}

/** A moment with its time of day in Dubai, "19 Dec 2026, 2:05 PM". */
export function formatDateTime(at: string): string {
  return formatMoment(at, language());
}

/** A month of dues, "2026-11", as "November 2026". */
export function periodLabel(period: string): string {
  return formatMonth(period, language());
}

/** A share in percent as the API gives it (two decimals at most): "12.5". */
export function formatPercent(percent: number): string {
  return new Intl.NumberFormat(language(), { maximumFractionDigits: 2 }).format(percent);
}
