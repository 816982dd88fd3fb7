import { and, eq } from 'drizzle-orm';
import { formatAed, type Fils } from '@jamiya/money/fils';
import type { DbOrTx } from '../../db/client.ts';
import { payments, type PaymentStatus } from '../../db/schema/payments.ts';
import { periodOf, periodsNewestFirst } from '../../lib/calendar.ts';
import { getSettings } from '../settings/public.ts';

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
  /** What is left: the due less what is paid, never below 0. */
  remainingFils: Fils;
  description: string;
}

/** The columns of a member's dues submission that decide their row for a month. */
export interface DuesSubmissionFigures {
  period: string | null;
  status: PaymentStatus;
  amountFils: Fils;
  approvedAmountFils: Fils | null;
  reviewNote: string | null;
  monthDueFils: Fils | null;
}

/** A month's due, what its approved payments cover and what remains (docs/domain/dues.md). */
export function monthFigures(
  forPeriod: DuesSubmissionFigures[],
  monthlyDueFils: Fils,
): { dueFils: Fils; paidFils: Fils; remainingFils: Fils } {
  const approved = forPeriod.filter((p) => p.status === 'approved');
  // The due recorded when the month's first payment was approved; the setting for a month
  // nobody has paid into yet.
  const recorded = approved.map((p) => p.monthDueFils).find((d) => d !== null && d !== undefined);
  const dueFils = recorded ?? monthlyDueFils;
  const paidFils = approved.reduce((s, p) => s + (p.approvedAmountFils ?? p.amountFils), 0);
  return { dueFils, paidFils, remainingFils: Math.max(dueFils - paidFils, 0) };
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
): DuesRow[] {
  const thisPeriod = periodOf(today);
  const ahead = new Set(subs.flatMap((p) => (p.period && p.period > thisPeriod ? [p.period] : [])));
  const periods = [
    ...[...ahead].sort().reverse(),
    ...periodsNewestFirst(periodOf(joinedOn), thisPeriod),
  ];
  return periods.map((period) => {
    const forPeriod = subs.filter((p) => p.period === period);
    const { dueFils, paidFils, remainingFils } = monthFigures(forPeriod, monthlyDueFils);
    const figures = { amountFils: dueFils, paidFils, remainingFils };
    if (remainingFils === 0) {
      return { period, status: 'completed', ...figures, description: 'Monthly due paid' };
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
 * A member's month: its due, what approved payments cover, what remains, and whether a
 * receipt for it awaits review. `exceptPaymentId` leaves one submission out (the one being
 * approved).
 */
export async function monthOf(
  db: DbOrTx,
  userId: number,
  period: string,
  exceptPaymentId?: number,
): Promise<{ dueFils: Fils; paidFils: Fils; remainingFils: Fils; pending: boolean }> {
  const rows = await db
    .select({
      id: payments.id,
      period: payments.period,
      status: payments.status,
      amountFils: payments.amountFils,
      approvedAmountFils: payments.approvedAmountFils,
      reviewNote: payments.reviewNote,
      monthDueFils: payments.monthDueFils,
    })
    .from(payments)
    .where(
      and(eq(payments.userId, userId), eq(payments.kind, 'dues'), eq(payments.period, period)),
    );
  const dueFils = (await getSettings(db)).monthlyDueFils;
  const others = rows.filter((r) => r.id !== exceptPaymentId);
  return {
    ...monthFigures(others, dueFils),
    pending: others.some((r) => r.status === 'pending'),
  };
}
