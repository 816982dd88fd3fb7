import type { Texts } from '../../../lib/i18n.tsx';

/** The days a payday may be: a 31 falls on the last day of a shorter month (the server's rule). */
export const DAYS_OF_MONTH = Array.from({ length: 31 }, (_, index) => index + 1);

/**
 * A member's payday in words: "The 25th of the month", or the association's due day when they
 * have none ("The association's due day (the 1st)"; without the day while the settings load).
 */
export function paydayText(i18n: Texts, payday: number | null, dueDay: number | undefined): string {
  if (payday !== null) return i18n._('profile.payday.day', { day: payday });
  return dueDay === undefined
    ? i18n._('profile.payday.dueDayUnknown')
    : i18n._('profile.payday.dueDay', { day: dueDay });
}
