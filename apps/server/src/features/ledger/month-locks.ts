import { desc, inArray, sql } from 'drizzle-orm';
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

/** The month after the last locked one (a lock was found): where late work is dated. */
async function firstOpenMonth(db: DbOrTx): Promise<string> {
  const [last] = await db
    .select({ month: monthLocks.month })
    .from(monthLocks)
    .orderBy(desc(monthLocks.month))
    .limit(1);
  return addMonthsToPeriod(last!.month, 1);
}

/** Refuses (409) entries dated in a locked month, naming the first month still open. */
export async function refuseLockedMonths(
  tx: DbOrTx,
  dates: readonly Date[],
  now = new Date(),
): Promise<void> {
  const thisMonth = monthOfMoment(now);
  const months = [...new Set(dates.map(monthOfMoment))].filter((m) => m < thisMonth);
  if (months.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${LOCKS})`);
  const [locked] = await tx
    .select({ month: monthLocks.month })
    .from(monthLocks)
    .where(inArray(monthLocks.month, months))
    .orderBy(monthLocks.month)
    .limit(1);
  if (!locked) return;
  throw conflict(
    sentence(
      /*i18n*/ 'The books of {month} are locked: nothing more is dated in it. Date it in {open} or later; a late correction is a reversal dated in an open month.',
      { month: { month: locked.month }, open: { month: await firstOpenMonth(tx) } },
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
