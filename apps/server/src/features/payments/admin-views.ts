import { and, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { filsToAed } from '@jamiya/money/fils';
import type { AdminPayment } from '@jamiya/contracts/payments';
import type { PaymentStatus } from '@jamiya/contracts/values';
import type { DbOrTx } from '../../db/client.ts';
import { duesMonths, payments } from '../../db/schema/payments.ts';
import { notFound } from '../../lib/errors.ts';
import { page } from '../../lib/pagination.ts';
import { monthFigures } from './months.ts';
import { receiptDay, type Payment } from './submissions.ts';
import { toPaymentView } from './payment-view.ts';
import { memberRefsById } from '../users/public.ts';
import { possibleDuplicatesOf } from './duplicates.ts';
import { getSettings } from '../settings/public.ts';

/**
 * Submissions as the treasurer's review shows them: with their member, for dues the month's
 * due, what other approved payments already cover and what remains, and the other submissions
 * whose receipt looks the same.
 */
export async function toAdminPayments(db: DbOrTx, rows: Payment[]): Promise<AdminPayment[]> {
  if (rows.length === 0) return [];
  const members = await memberRefsById(
    db,
    rows.map((p) => p.userId),
  );
  const dueFils = (await getSettings(db)).monthlyDueFils;
  const dues = rows.filter((p) => p.kind === 'dues' && p.period !== null);
  // Every submission of those members' months: their figures come from monthFigures, as the
  // member's account and the approval's check take them.
  const sameMonths = dues.length
    ? await db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.kind, 'dues'),
            inArray(
              payments.userId,
              dues.map((p) => p.userId),
            ),
            inArray(
              payments.period,
              dues.map((p) => p.period!),
            ),
          ),
        )
    : [];
  // And their fines, which the month asks with its due.
  const marks = dues.length
    ? await db
        .select()
        .from(duesMonths)
        .where(
          and(
            inArray(
              duesMonths.userId,
              dues.map((p) => p.userId),
            ),
            inArray(
              duesMonths.period,
              dues.map((p) => p.period!),
            ),
          ),
        )
    : [];
  const duplicates = await possibleDuplicatesOf(db, rows);
  return rows.map((p) => {
    let duesMonth: AdminPayment['dues_month'] = null;
    if (p.kind === 'dues') {
      // This submission aside: what the month was before it.
      const others = sameMonths.filter(
        (o) => o.userId === p.userId && o.period === p.period && o.id !== p.id,
      );
      const mark = marks.find((m) => m.userId === p.userId && m.period === p.period);
      const month = monthFigures(others, dueFils, mark);
      duesMonth = {
        due: filsToAed(month.dueFils),
        fine: filsToAed(month.fineFils),
        paid: filsToAed(month.paidFils),
        remaining: filsToAed(month.remainingFils),
      };
    }
    return {
      ...toPaymentView(p),
      member: members.get(p.userId)!,
      dues_month: duesMonth,
      possible_duplicates: duplicates.get(p.id) ?? [],
    };
  });
}

/** The submission of that id as the review shows it; 404 when there is none. */
export async function adminPaymentOf(db: DbOrTx, id: number): Promise<AdminPayment> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  if (!row) throw notFound(/*i18n*/ 'There is no such payment.');
  const [view] = await toAdminPayments(db, [row]);
  return view!;
}

/** A page of the submissions in `status`, newest first, as the review shows them. */
export async function adminPaymentsPage(
  db: DbOrTx,
  query: { status: PaymentStatus; cursor: number | null; limit: number },
): Promise<{ items: AdminPayment[]; next_cursor: string | null }> {
  const { status, cursor, limit } = query;
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.status, status), cursor === null ? undefined : lt(payments.id, cursor)))
    .orderBy(desc(payments.id))
    .limit(limit + 1);
  const { items, nextCursor } = page(rows, limit);
  return { items: await toAdminPayments(db, items), next_cursor: nextCursor };
}

/** A member's latest submissions, newest first (the treasurer's member desk shows 50). */
export async function paymentsOfMember(
  db: DbOrTx,
  userId: number,
  limit: number,
): Promise<Payment[]> {
  return db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.id))
    .limit(limit);
}

/** How many receipts wait for review. */
export async function pendingReceiptCount(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(payments)
    .where(eq(payments.status, 'pending'));
  return Number(row?.n ?? 0);
}

/**
 * Receipts still waiting for review that were sent for money moved by the end of `day` (the
 * transfer's date, or the day the receipt came): what a month's lock waits for.
 */
export async function receiptsWaitingBy(db: DbOrTx, day: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(payments)
    .where(and(eq(payments.status, 'pending'), sql`${receiptDay} <= ${day}`));
  return Number(row?.n ?? 0);
}

/** The month of dues each payment pays, by its id (a repayment pays none): what a movement says. */
export async function duesPeriodsOf(
  db: DbOrTx,
  paymentIds: readonly number[],
): Promise<Map<number, string>> {
  if (paymentIds.length === 0) return new Map();
  const rows = await db
    .select({ id: payments.id, period: payments.period })
    .from(payments)
    .where(inArray(payments.id, [...new Set(paymentIds)]));
  return new Map(rows.flatMap((r) => (r.period === null ? [] : [[r.id, r.period] as const])));
}
