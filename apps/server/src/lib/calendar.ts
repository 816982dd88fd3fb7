import { TZDate } from '@date-fns/tz';
import { addMonths, format, parseISO } from 'date-fns';
import { MONTH_NAMES, type MonthName } from '@jamiya/contracts/common';

// The association lives in the UAE: "this month" and "today" are Dubai's.
export const TIME_ZONE = 'Asia/Dubai';

/** Today's date in Dubai as YYYY-MM-DD. */
export function localDate(now: Date): string {
  return format(new TZDate(now, TIME_ZONE), 'yyyy-MM-dd');
}

/** A period is a month as YYYY-MM. */
export function periodOf(date: string): string {
  return date.slice(0, 7);
}

export function addMonthsToDate(date: string, months: number): string {
  return format(addMonths(parseISO(date), months), 'yyyy-MM-dd');
}

export function addMonthsToPeriod(period: string, months: number): string {
  return addMonthsToDate(`${period}-01`, months).slice(0, 7);
}

/** Every period from `from` to `to` inclusive, newest first. */
export function periodsNewestFirst(from: string, to: string): string[] {
  const out: string[] = [];
  for (let p = to; p >= from; p = addMonthsToPeriod(p, -1)) out.push(p);
  return out;
}

export function periodLabel(period: string): string {
  const [year, month] = period.split('-');
  return `${MONTH_NAMES[Number(month) - 1]} ${year}`;
}

/** The latest month with this name that is not in the future (PRODUCT.md section 4). */
export function resolveMonthName(name: MonthName, today: string): string {
  const index = MONTH_NAMES.indexOf(name) + 1;
  const year = Number(today.slice(0, 4));
  const thisMonth = Number(today.slice(5, 7));
  const y = index <= thisMonth ? year : year - 1;
  return `${y}-${String(index).padStart(2, '0')}`;
}
