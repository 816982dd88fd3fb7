import { i18n } from '../../../lib/i18n.tsx';

/**
 * The day a movement happened, in Dubai as the books count it (the period's days are
 * Dubai's), whatever time zone the phone is set to.
 */
export function dubaiDate(iso: string): string {
  return new Intl.DateTimeFormat(i18n.language || 'en', {
    dateStyle: 'medium',
    timeZone: 'Asia/Dubai',
  }).format(new Date(iso));
}
