import { numbersLocale } from '../../../lib/format.ts';
import { MONTH_NAMES, type MonthName } from '@jamiya/contracts/values';

/** "2026-10" -> "October", the English name the server expects for a month. */
export function monthNameOfPeriod(period: string): MonthName | undefined {
  const month = Number(period.slice(5, 7));
  return MONTH_NAMES[month - 1];
}

/** The name of a month (index 0-11) in the member's language, for the month select. */
export function monthLabel(index: number): string {
  return new Intl.DateTimeFormat(numbersLocale(), { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, index, 15)),
  );
}
