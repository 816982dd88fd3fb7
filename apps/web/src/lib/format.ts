import { tryParseAed } from '@jamiya/money/fils';
import { formatMoney } from '@jamiya/money/format';
import { i18n } from './i18n.tsx';

/** An AED amount from the API (a JSON number) in the member's locale. */
export function aed(amount: number, options: { currency?: boolean } = {}): string {
  return formatMoney(tryParseAed(amount) ?? 0, i18n.language || 'en', options);
}

export function formatDate(iso: string, style: 'medium' | 'long' = 'medium'): string {
  const date = iso.length === 10 ? new Date(`${iso}T12:00:00`) : new Date(iso);
  return new Intl.DateTimeFormat(i18n.language || 'en', { dateStyle: style }).format(date);
}
