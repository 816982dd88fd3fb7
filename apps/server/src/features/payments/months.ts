import { and, eq, sql } from 'drizzle-orm';
import { formatAed, type Fils } from '@jamiya/money/fils';
import type { DbOrTx } from '../../db/client.ts';
import { duesMonths, payments } from '../../db/schema/payments.ts';
import { periodOf, periodsNewestFirst } from '../../lib/calendar.ts';
import { getSettings } from '../settings/public.ts';
import { dueOn, fineOn, type DuesRules } from './dues-calendar.ts';

// A member's dues month by month: what each month is due, what approved payments cover and
// what remains (docs/domain/dues.md).

export type DuesStatus = 'completed' | 'pending' | 'pay_now' | 'due' | 'ahead';

export interface DuesRow {
  period: string;
  status: DuesStatus;
  /** The month's due. */
  amountFils: Fils;
  /** What approved payments for the month add up to. */
  paidFils: Fils;
  /** What is left: the due and its fine less what is paid, never below 0. */
  remainingFils: Fils;
  description: string;
  /** The day the due falls due (the member's payday or the association's due day). */
  dueOn: string;
  /** The month's late fine, less what was waived. */
  fineFils: Fils;
  /** What was waived of the month's fine. */
  fineWaivedFils: Fils;
  /** The day the month will be fined if still unpaid; null once fined, paid or never. */
  fineOn: string | null;
  /** The day the member said their salary was late, for this month. */
  salaryLateOn: string | null;
}

/** What the dues calendar did to a month (dues_months): its fine, waiver, late-salary day. */
export interface DuesMonthFigures {
  fineFils: Fils;
  waivedFils: Fils;
  salaryLateOn: string | null;
  /** What the member's exit settled of the month: counted as paid (docs/domain/leaving.md). */
  settledFils?: Fils;
}

/** What places a member's months on the calendar: their payday, the rules, each month's fine. */
export interface DuesCalendar {
  payday: number | null;
  /** The first day a due of the member's may be fined for (dues-calendar.ts, finesFromOf). */
  finesFrom: string;
  rules: DuesRules;
  months: ReadonlyMap<string, DuesMonthFigures>;
  /** The day the membership ended, or an open request to leave says: no month after its month
   * is owed or listed. */
  endsOn?: string | null;
}

/** The columns of a member's dues submission that decide their row for a month. */
export const duesSubmissionColumns = {
  period: payments.period,
  status: payments.status,
  amountFils: payments.amountFils,
  approvedAmountFils: payments.approvedAmountFils,
  reviewNote: payments.reviewNote,
  monthDueFils: payments.monthDueFils,
};
export type DuesSubmissionFigures = Pick<
  typeof payments.$inferSelect,
  keyof typeof duesSubmissionColumns
>;

/** A month's figures: its due, its fine (less what was waived), and what payments left of each. */
export interface MonthFigures {
  dueFils: Fils;
  fineFils: Fils;
  paidFils: Fils;
  /** What is left of the due: payments pay the due first (to the member's savings)... */
  dueLeftFils: Fils;
  /** ...and what they paid above it, the fine. */
  fineLeftFils: Fils;
  /** dueLeftFils + fineLeftFils. */
  remainingFils: Fils;
}

/**
 * A month's due, what its approved payments cover and what remains of the due and of its fine
 * less what was waived (`month`, the month's dues_months figures), the due paid first
 * (docs/domain/dues.md).
 */
export function monthFigures(
  forPeriod: DuesSubmissionFigures[],
  monthlyDueFils: Fils,
  month?: Pick<DuesMonthFigures, 'fineFils' | 'waivedFils' | 'settledFils'>,
): MonthFigures {
  const approved = forPeriod.filter((p) => p.status === 'approved');
  // The due recorded when the month's first payment was approved; the setting for a month
  // nobody has paid into yet.
  const recorded = approved.map((p) => p.monthDueFils).find((d) => d !== null && d !== undefined);
  const dueFils = recorded ?? monthlyDueFils;
  const fineFils = month ? month.fineFils - month.waivedFils : 0;
  const paidFils = approved.reduce(
    (s, p) => s + (p.approvedAmountFils ?? p.amountFils),
    month?.settledFils ?? 0,
  );
  const dueLeftFils = Math.max(dueFils - paidFils, 0);
  const fineLeftFils = Math.max(fineFils - Math.max(paidFils - dueFils, 0), 0);
  return {
    dueFils,
    fineFils,
    paidFils,
    dueLeftFils,
    fineLeftFils,
    remainingFils: dueLeftFils + fineLeftFils,
  };
}

/**
 * One row per month from the month the member joined to this month, and one for each later month
 * paid ahead (with a submission of any kind), newest first, from the member's dues submissions
 * (newest first). A month is completed once its approved payments reach its due; a part-paid
 * month keeps pay_now, due or ahead with what remains.
 */
export function duesRows(
  joinedOn: string,
  subs: DuesSubmissionFigures[],
  today: string,
  monthlyDueFils: Fils,
  calendar: DuesCalendar,
): DuesRow[] {
  const thisPeriod = periodOf(today);
  // A member who leaves owes nothing after the month they leave in, nor pays it ahead.
  const endPeriod = calendar.endsOn ? periodOf(calendar.endsOn) : null;
  const lastPeriod = endPeriod && endPeriod < thisPeriod ? endPeriod : thisPeriod;
  const ahead = new Set(
    subs.flatMap((p) =>
      p.period && p.period > thisPeriod && (!endPeriod || p.period <= endPeriod) ? [p.period] : [],
    ),
  );
  const periods = [
    ...[...ahead].sort().reverse(),
    ...periodsNewestFirst(periodOf(joinedOn), lastPeriod),
  ];
  return periods.map((period) => {
    const forPeriod = subs.filter((p) => p.period === period);
    const month = calendar.months.get(period);
    const { dueFils, fineFils, paidFils, remainingFils } = monthFigures(
      forPeriod,
      monthlyDueFils,
      month,
    );
    const salaryLateOn = month?.salaryLateOn ?? null;
    const figures = {
      amountFils: dueFils,
      paidFils,
      remainingFils,
      dueOn: dueOn(period, calendar.payday, calendar.rules),
      fineFils,
      fineWaivedFils: month?.waivedFils ?? 0,
      fineOn:
        remainingFils === 0 || (month?.fineFils ?? 0) > 0
          ? null
          : fineOn(period, calendar.payday, salaryLateOn, calendar.rules, calendar.finesFrom),
      salaryLateOn,
    };
    if (remainingFils === 0) {
      const description = month?.settledFils ? 'Settled when you left' : 'Monthly due paid';
      return { period, status: 'completed', ...figures, description };
    }
    const pending = forPeriod.find((p) => p.status === 'pending');
    if (pending)
      return { period, status: 'pending', ...figures, description: 'Receipt under review' };
    // Newest first: the latest decision on the month speaks.
    const latest = forPeriod.find((p) => p.status !== 'pending');
    const description =
      latest?.status === 'rejected'
        ? `Receipt not accepted: ${latest.reviewNote ?? 'please send it again'}`
        : paidFils > 0
          ? `Part paid: ${formatAed(paidFils)} of ${formatAed(dueFils)}`
          : period === thisPeriod
            ? 'Monthly due for this month'
            : 'Monthly due not paid yet';
    return {
      period,
      status: period === thisPeriod ? 'pay_now' : period > thisPeriod ? 'ahead' : 'due',
      ...figures,
      description,
    };
  });
}

/**
 * The months behind of a member's rows (newest first): before `thisPeriod`, not paid in full and
 * with no receipt waiting for review. What a loan's eligibility counts and the arrears desk lists.
 */
export const monthsBehind = (rows: readonly DuesRow[], thisPeriod: string): DuesRow[] =>
  rows.filter((r) => r.period < thisPeriod && r.status === 'due');

/**
 * A member's month: its due, its fine (less what was waived), what approved payments cover,
 * what remains, and whether a receipt for it awaits review. `exceptPaymentId` leaves one
 * submission out (the one being approved).
 */
export async function monthOf(
  db: DbOrTx,
  userId: number,
  period: string,
  exceptPaymentId?: number,
): Promise<MonthOf> {
  const months = await monthsOf(db, [{ userId, period }], exceptPaymentId);
  return months.get(monthKey({ userId, period }))!;
}

/** The figures, whether a payment waits for review, and whether the month was ever fined. */
type MonthOf = MonthFigures & { pending: boolean; fined: boolean };
export interface MemberMonth {
  userId: number;
  period: string;
}
export const monthKey = (m: MemberMonth) => `${m.userId}:${m.period}`;

/** monthOf for many members' months in three statements, by monthKey. */
export async function monthsOf(
  db: DbOrTx,
  months: readonly MemberMonth[],
  exceptPaymentId?: number,
): Promise<Map<string, MonthOf>> {
  const pairs = sql.join(
    months.map((m) => sql`(${m.userId}::integer, ${m.period}::text)`),
    sql`, `,
  );
  const rows = await db
    .select({ id: payments.id, userId: payments.userId, ...duesSubmissionColumns })
    .from(payments)
    .where(
      and(eq(payments.kind, 'dues'), sql`(${payments.userId}, ${payments.period}) in (${pairs})`),
    );
  const dueFils = (await getSettings(db)).monthlyDueFils;
  const marks = await db
    .select({
      userId: duesMonths.userId,
      period: duesMonths.period,
      fineFils: duesMonths.fineFils,
      waivedFils: duesMonths.waivedFils,
      settledFils: duesMonths.settledAtExitFils,
      finedAt: duesMonths.finedAt,
    })
    .from(duesMonths)
    .where(sql`(${duesMonths.userId}, ${duesMonths.period}) in (${pairs})`);
  const markOf = new Map(marks.map((m) => [monthKey({ userId: m.userId, period: m.period }), m]));
  return new Map(
    months.map((m) => {
      const others = rows.filter(
        (r) => r.userId === m.userId && r.period === m.period && r.id !== exceptPaymentId,
      );
      const mark = markOf.get(monthKey(m));
      const figures = {
        ...monthFigures(others, dueFils, mark),
        pending: others.some((r) => r.status === 'pending'),
        fined: Boolean(mark?.finedAt),
      };
      return [monthKey(m), figures];
    }),
  );
}

/**
 * Serialises what changes a member's month in the books: an approval of its dues, its fine, a
 * waiver. Each reads the month (monthOf) after taking it, so none acts on a month another has
 * just changed.
 */
export async function lockMonth(tx: DbOrTx, userId: number, period: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`jamiya:dues:${userId}:${period}`}))`,
  );
}

/**
 * Marks what a member's exit settled of each month (docs/domain/leaving.md): what was left of
 * its due, closed, and of its fine, paid from the savings; the month then counts as paid.
 */
export async function settleMonthsAtExit(
  tx: DbOrTx,
  userId: number,
  months: ReadonlyArray<{ period: string; settledFils: Fils }>,
): Promise<void> {
  for (const { period, settledFils } of months) {
    await lockMonth(tx, userId, period);
    await tx
      .insert(duesMonths)
      .values({ userId, period, settledAtExitFils: settledFils })
      .onConflictDoUpdate({
        target: [duesMonths.userId, duesMonths.period],
        set: { settledAtExitFils: settledFils },
      });
  }
}
