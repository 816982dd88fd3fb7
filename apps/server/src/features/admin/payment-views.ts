import { and, eq, inArray, sql } from 'drizzle-orm';
import { filsToAed } from '@jamiya/money/fils';
import type { AdminPayment } from '@jamiya/contracts/admin';
import type { DbOrTx } from '../../db/client.ts';
import { payments } from '../../db/schema/payments.ts';
import { settings } from '../../db/schema/settings.ts';
import type { Payment } from '../dues/dues.ts';
import { toPaymentView } from '../dues/payment-view.ts';
import { memberRefsById } from '../members/member-refs.ts';
import { possibleDuplicatesOf } from './duplicates.ts';

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
  const [s] = await db.select({ due: settings.monthlyDueFils }).from(settings);
  const dues = rows.filter((p) => p.kind === 'dues' && p.period !== null);
  // Approved per (member, month), each submission's own approval left out below.
  const approved = dues.length
    ? await db
        .select({
          id: payments.id,
          userId: payments.userId,
          period: payments.period,
          fils: sql<string>`coalesce(${payments.approvedAmountFils}, ${payments.amountFils})`,
        })
        .from(payments)
        .where(
          and(
            eq(payments.kind, 'dues'),
            eq(payments.status, 'approved'),
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
  const duplicates = await possibleDuplicatesOf(db, rows);
  const dueFils = s?.due ?? 0;
  return rows.map((p) => {
    let duesMonth: AdminPayment['dues_month'] = null;
    if (p.kind === 'dues') {
      const paidFils = approved
        .filter((a) => a.userId === p.userId && a.period === p.period && a.id !== p.id)
        .reduce((sum, a) => sum + Number(a.fils), 0);
      duesMonth = {
        due: filsToAed(dueFils),
        paid: filsToAed(paidFils),
        remaining: filsToAed(Math.max(dueFils - paidFils, 0)),
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
