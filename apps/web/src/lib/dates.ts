import { formatDay, formatMoment, formatMonth } from '@jamiya/money/dates';
import { language } from './format.ts';

// How dates read is decided in @jamiya/money/dates, for the app and its mail; these give it the
// reader's language. Apart from the amounts, so that the landing page does not load them.

/** A day, "19 December 2026": a calendar day as itself, a moment as its day in Dubai. */
export function formatDate(date: string): string {
  return formatDay(date, language());
}

/** A moment with its time of day in Dubai, "19 December 2026 at 2:05 PM". */
export function formatDateTime(at: string): string {
  return formatMoment(at, language());
}

/** A month of the year by its number (1–12), "July", in the reader's language. */
export function monthName(month: number): string {
  return new Intl.DateTimeFormat(language(), { month: 'long', timeZone: 'UTC' }).format(
    Date.UTC(2026, month - 1, 15),
  );
}

/** A month of dues, "2026-11", as "November 2026". */
export function periodLabel(period: string): string {
  return formatMonth(period, language());
}
