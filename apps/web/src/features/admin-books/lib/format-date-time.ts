import { i18n } from '../../../lib/i18n.tsx';

/** A moment with its time of day, e.g. when a one-time link expires. */
export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat(i18n.language || 'en', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}
