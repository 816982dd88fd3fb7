import { desc, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { monthLocks } from '../../db/schema/ledger.ts';
import { conflict } from '../../lib/errors.ts';
import { addMonthsToPeriod, localDate, periodOf } from '../../lib/calendar.ts';
import { sentence } from '../../lib/i18n.ts';

// A locked month takes no more entries (docs/domain/year.md). Entries dated before this month
// take the locks' shared lock and a month's lock takes it alone, so an entry dated into a
// month cannot commit beside that month's lock unseen by both.
const LOCKS = sql`hashtext('jamiya:month-locks')`;

export type MonthLock = typeof monthLocks.$inferSelect;

/** The month of a moment in Dubai's calendar, YYYY-MM. */
export const monthOfMoment = (at: Date): string => periodOf(localDate(at));

/**
 * Refuses (409) entries dated in a locked month, or before the first (months are locked in
 * order from the books' first, so nothing may be dated before it once one is), naming the
 * first month still open.
 */
export async function refuseLockedMonths(
  tx: DbOrTx,
  dates: readonly Date[],
  now = new Date(),
): Promise<void> {
  const thisMonth = monthOfMoment(now);
  const months = [...new Set(dates.map(monthOfMoment))].filter((m) => m < thisMonth).sort();
  if (months.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${LOCKS})`);
  const [last] = await tx
    .select({ month: monthLocks.month })
    .from(monthLocks)
    .orderBy(desc(monthLocks.month))
    .limit(1);
  if (!last || months[0]! > last.month) return;
  throw conflict(
    sentence(
      /*i18n*/ 'The books of {month} are locked: nothing more is dated in it. Date it in {open} or later; a late correction is a reversal dated in an open month.',
      { month: { month: months[0]! }, open: { month: addMonthsToPeriod(last.month, 1) } },
    ),
  );
}

/** Every lock, oldest first. */
export async function monthLocksList(db: DbOrTx): Promise<MonthLock[]> {
  return db.select().from(monthLocks).orderBy(monthLocks.month);
}

/** Takes the locks' lock alone, first in the transaction that checks a month and locks it. */
export async function holdMonthLocks(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCKS})`);
}

/** Writes a month's lock, under holdMonthLocks, so no entry dated in it commits beside it. */
export async function writeMonthLock(
  tx: DbOrTx,
  lock: { month: string; lockedBy: number; proposedBy: number | null; lockedAt: Date },
): Promise<MonthLock> {
  await holdMonthLocks(tx);
  const [row] = await tx.insert(monthLocks).values(lock).onConflictDoNothing().returning();
  if (!row)
    throw conflict(
      sentence(/*i18n*/ '{month} is already locked.', { month: { month: lock.month } }),
    );
  return row;
}
