import { MONTH_NAMES } from '@jamiya/contracts/common';

// The months the tests expect, worked out here from the calendar and not with the server's
// helpers (src/lib/calendar.ts), so that a wrong month resolution cannot agree with itself.
// Only the month names, which are data, are the app's own.

/** This month in Dubai as YYYY-MM (the association's months are Dubai's). */
export function dubaiPeriod(at: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai' }).format(at).slice(0, 7);
}

/** The period `months` after `period` (before it when negative), as YYYY-MM. */
export function shiftPeriod(period: string, months: number): string {
  const index = Number(period.slice(0, 4)) * 12 + Number(period.slice(5, 7)) - 1 + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The period `monthsAgo` months before this Dubai month. */
export const periodAgo = (monthsAgo: number): string => shiftPeriod(dubaiPeriod(), -monthsAgo);

/** "2026-10" -> "October", the name a dues submission sends. */
export const monthName = (period: string): (typeof MONTH_NAMES)[number] =>
  MONTH_NAMES[Number(period.slice(5, 7)) - 1]!;

/** "2026-10" -> "October 2026", as the account data labels a month. */
export const periodLabel = (period: string): string => `${monthName(period)} ${period.slice(0, 4)}`;
