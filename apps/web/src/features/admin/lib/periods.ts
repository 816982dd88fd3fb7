import { numbersLocale } from '../../../lib/format.ts';

function periodDate(period: string): Date | null {
  const [year, month] = period.split('-').map(Number);
  if (!year || !month) return null;
  return new Date(Date.UTC(year, month - 1, 15));
}

/** "2026-10" -> "Oct", for a chart's axis. */
export function shortMonth(period: string): string {
  const date = periodDate(period);
  if (!date) return period;
  return new Intl.DateTimeFormat(numbersLocale(), { month: 'short', timeZone: 'UTC' }).format(date);
}
