import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../../db/schema/users.ts';
import { addDaysToDate, addMonthsToPeriod, daysInPeriod, localDate } from '../../lib/calendar.ts';
import type { Settings } from '../settings/public.ts';

// The dues calendar (docs/domain/dues.md, Payday and fines): when a month's due falls due, when
// its reminder goes and when it is fined. Dates are Dubai's days, YYYY-MM-DD.

/** Whom the calendar runs for: members, active, who have not left (a condition on `users`). */
export const owingDues = and(eq(users.isMember, true), eq(users.status, 1), isNull(users.leftOn))!;

export type DuesRules = Pick<
  Settings,
  'dueDay' | 'reminderDaysBefore' | 'graceDays' | 'fineFils' | 'finePercent' | 'finesSince'
>;

/**
 * The day a month's due falls due: the member's payday, or the association's due day; a payday
 * of 31 is the last day of a shorter month.
 */
export function dueOn(period: string, payday: number | null, rules: Pick<DuesRules, 'dueDay'>) {
  const day = Math.min(payday ?? rules.dueDay, daysInPeriod(period));
  return `${period}-${String(day).padStart(2, '0')}`;
}

/** The day the reminder of a month goes out, or null when the association sends none. */
export function reminderOn(
  period: string,
  payday: number | null,
  rules: Pick<DuesRules, 'dueDay' | 'reminderDaysBefore'>,
): string | null {
  if (rules.reminderDaysBefore === 0) return null;
  return addDaysToDate(dueOn(period, payday, rules), -rules.reminderDaysBefore);
}

/**
 * The first day of a member's that a due may be fined for: the day they joined, or the day they
 * came into Jamiya when later (an imported member, or one added with an earlier joining day).
 */
export const finesFromOf = (member: { joinedOn: string; createdAt: Date }) => {
  const added = localDate(member.createdAt);
  return added > member.joinedOn ? added : member.joinedOn;
};

/**
 * The day a month still unpaid is fined: grace days after its due day, or grace days after the
 * day the member said their salary was late, whichever is later. Null when the association
 * fines nothing, when the day came before the rules did (finesSince), or when the due day came
 * before the member was one (`finesFrom`, finesFromOf).
 */
export function fineOn(
  period: string,
  payday: number | null,
  salaryLateOn: string | null,
  rules: DuesRules,
  finesFrom: string,
): string | null {
  if (rules.fineFils === 0 && rules.finePercent === null) return null;
  const due = dueOn(period, payday, rules);
  if (due < finesFrom) return null;
  const fromDue = addDaysToDate(due, rules.graceDays);
  const fromFlag = salaryLateOn ? addDaysToDate(salaryLateOn, rules.graceDays) : null;
  const day = fromFlag && fromFlag > fromDue ? fromFlag : fromDue;
  return day < rules.finesSince ? null : day;
}

/**
 * The months whose reminder or fine may fall on `today`: a due day is at most the 31st and the
 * grace at most 60 days, twice with a late salary, so a fine falls within five months after its month; a reminder
 * at most 27 days before, so in the month before at the earliest.
 */
export function periodsAround(thisPeriod: string): string[] {
  return [-5, -4, -3, -2, -1, 0, 1].map((n) => addMonthsToPeriod(thisPeriod, n));
}
