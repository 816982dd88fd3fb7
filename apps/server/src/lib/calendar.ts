import { addDays, addMonths, format, parseISO } from 'date-fns';
import { MONTH_NAMES, type MonthName } from '@jamiya/contracts/common';
import { isPeriod, type MonthChoice } from '@jamiya/contracts/values';
import { addMonthsToPeriod } from '@jamiya/money/dates';

// The association lives in the UAE: "this month" and "today" are Dubai's.
export const TIME_ZONE = 'Asia/Dubai';

// One formatter, made once: building a zoned date per call cost a hot read several
// per cent of its time (docs/performance.md).
const dubaiDay = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in Dubai as YYYY-MM-DD. */
export function localDate(now: Date): string {
  let year = '';
  let month = '';
  let day = '';
  for (const part of dubaiDay.formatToParts(now)) {
    if (part.type === 'year') year = part.value;
    else if (part.type === 'month') month = part.value;
    else if (part.type === 'day') day = part.value;
  }
  return `${year}-${month}-${day}`;
}

/** A period is a month as YYYY-MM. */
export function periodOf(date: string): string {
  return date.slice(0, 7);
}

export function addMonthsToDate(date: string, months: number): string {
  return format(addMonths(parseISO(date), months), 'yyyy-MM-dd');
}

// One month arithmetic for the server and the app (packages/money/src/dates.ts).
export { addMonthsToPeriod };

/** Every period from `from` to `to` inclusive, newest first. */
export function periodsNewestFirst(from: string, to: string): string[] {
  const out: string[] = [];
  // YYYY-MM compares as it counts.
  for (let p = to; p >= from; p = addMonthsToPeriod(p, -1)) out.push(p);
  return out;
}

/** The last day of a period (YYYY-MM) as a day of the month: 28 to 31. */
export function daysInPeriod(period: string): number {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The last day of a period (YYYY-MM) as YYYY-MM-DD. */
export const lastDayOfPeriod = (period: string): string => `${period}-${daysInPeriod(period)}`;

export function periodLabel(period: string): string {
  const [year, month] = period.split('-');
  return `${MONTH_NAMES[Number(month) - 1]} ${year}`;
}

/** The latest month with this name that is not in the future (docs/product.md section 4). */
export function resolveMonthName(name: MonthName, today: string): string {
  const index = MONTH_NAMES.indexOf(name) + 1;
  const year = Number(today.slice(0, 4));
  const thisMonth = Number(today.slice(5, 7));
  const y = index <= thisMonth ? year : year - 1;
  return `${y}-${String(index).padStart(2, '0')}`;
}

/** The month a dues payment names: a period as it is, a month name as resolveMonthName reads it. */
export function resolveMonth(choice: MonthChoice, today: string): string {
  return isPeriod(choice) ? choice : resolveMonthName(choice, today);
}

/** The date `days` days after `date` (before it when negative), both YYYY-MM-DD. */
export function addDaysToDate(date: string, days: number): string {
  return format(addDays(parseISO(date), days), 'yyyy-MM-dd');
}

/** The first moment of a Dubai day (YYYY-MM-DD); Dubai has no daylight saving. */
export const startOfDay = (day: string): Date => new Date(`${day}T00:00:00+04:00`);

/**
 * The moment an entry of a past Dubai day is dated at: its noon (Dubai has no daylight saving),
 * or now when the day is today and noon has not come.
 */
export function momentOfDay(day: string, now: Date): Date {
  const noon = new Date(`${day}T12:00:00+04:00`);
  return noon > now ? now : noon;
}
