import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminPayment } from '@jamiya/contracts/payments';
import type { DbOrTx } from '../../db/client.ts';
import { payments } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { periodLabel } from '../../lib/calendar.ts';
import type { Payment } from './submissions.ts';
import { nearIdentical, sameReceipts } from '../files/public.ts';

/**
 * For each submission, the other submissions (any member, any month, any status) whose receipt
 * holds the same (files' sameReceipts: the same file as sent or a near-identical picture). Two
 * queries for the page.
 */
export async function possibleDuplicatesOf(
  db: DbOrTx,
  rows: Payment[],
): Promise<Map<number, AdminPayment['possible_duplicates']>> {
  const withReceipt = rows.filter((p) => p.receiptFileId !== null).map((p) => p.id);
  const found = new Map<number, AdminPayment['possible_duplicates']>();
  if (withReceipt.length === 0) return found;
  const same = sameReceipts(db);
  const other = alias(payments, 'other');
  const matches = await db
    .select({
      fileId: same.fileId,
      sameId: same.sameId,
      bySha: same.bySha,
      paymentId: payments.id,
      otherId: other.id,
      userId: other.userId,
      name: users.name,
      period: other.period,
      status: other.status,
    })
    .from(payments)
    .innerJoin(same, eq(same.fileId, payments.receiptFileId))
    .innerJoin(other, and(eq(other.receiptFileId, same.sameId), ne(other.id, payments.id)))
    .innerJoin(users, eq(users.id, other.userId))
    .where(inArray(payments.id, withReceipt))
    .orderBy(asc(payments.id), asc(other.id));
  for (const m of await nearIdentical(db, matches)) {
    const list = found.get(m.paymentId) ?? [];
    list.push({
      payment_id: m.otherId,
      member: { id: m.userId, name: m.name },
      month: m.period ? periodLabel(m.period) : null,
      status: m.status,
    });
    found.set(m.paymentId, list);
  }
  return found;
}
