import { i18n } from '../../../lib/i18n.tsx';

function periodDate(period: string): Date | null {
  const [year, month] = period.split('-').map(Number);
  if (!year || !month) return null;
  return new Date(Date.UTC(year, month - 1, 15));
}

/** "2026-10" -> "Oct", for a chart's axis. */
export function shortMonth(period: string): string {
  const date = periodDate(period);
  if (!date) return period;
  return new Intl.DateTimeFormat(i18n.language || 'en', { month: 'short', timeZone: 'UTC' }).format(
    date,
  );
}
