import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminPayment } from '@jamiya/contracts/payments';
import type { DbOrTx } from '../../db/client.ts';
import { files } from '../../db/schema/files.ts';
import { payments } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { periodLabel } from '../../lib/calendar.ts';
import type { Payment } from './submissions.ts';
import { SAME_PICTURE_MAX_DISTANCE } from '../files/public.ts';

/**
 * For each submission, the other submissions (any member, any month, any status) whose receipt
 * is the same file as sent (SHA-256) or a near-identical picture (dHash within
 * SAME_PICTURE_MAX_DISTANCE bits). One query for the page; files without hashes never match.
 */
export async function possibleDuplicatesOf(
  db: DbOrTx,
  rows: Payment[],
): Promise<Map<number, AdminPayment['possible_duplicates']>> {
  const withReceipt = rows.filter((p) => p.receiptFileId !== null).map((p) => p.id);
  const found = new Map<number, AdminPayment['possible_duplicates']>();
  if (withReceipt.length === 0) return found;
  const mine = alias(files, 'mine');
  const theirs = alias(files, 'theirs');
  const other = alias(payments, 'other');
  const matches = await db
    .select({
      paymentId: payments.id,
      otherId: other.id,
      userId: other.userId,
      name: users.name,
      period: other.period,
      status: other.status,
    })
    .from(payments)
    .innerJoin(mine, eq(mine.id, payments.receiptFileId))
    .innerJoin(
      theirs,
      and(
        eq(theirs.purpose, 'receipt'),
        or(
          eq(theirs.originalSha256, mine.originalSha256),
          // bit_count over the XOR: PostgreSQL 14+ (and PGlite).
          sql`bit_count((${theirs.pictureHash} # ${mine.pictureHash})::bit(64)) <= ${SAME_PICTURE_MAX_DISTANCE}`,
        ),
      ),
    )
    .innerJoin(other, and(eq(other.receiptFileId, theirs.id), ne(other.id, payments.id)))
    .innerJoin(users, eq(users.id, other.userId))
    .where(inArray(payments.id, withReceipt))
    .orderBy(asc(payments.id), asc(other.id));
  for (const m of matches) {
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
