import type { Texts } from '../../../lib/i18n.tsx';
import { formatDate } from '../../../lib/dates.ts';

/** The days a statement covers: "1 November 2026 – 26 November 2026", or its one day. */
export const daysOf = (i18n: Texts, from: string, to: string) =>
  from === to
    ? formatDate(from)
    : i18n._('admin-bank.list.days', { from: formatDate(from), to: formatDate(to) });
