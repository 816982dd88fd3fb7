import { i18n } from '../../../lib/i18n.tsx';

/** A share in percent as the API gives it (two decimals at most), in the member's locale. */
export function formatPercent(percent: number): string {
  return new Intl.NumberFormat(i18n.language || 'en', { maximumFractionDigits: 2 }).format(percent);
}
