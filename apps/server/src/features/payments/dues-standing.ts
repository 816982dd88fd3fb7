import { and, eq, sql } from 'drizzle-orm';
import { amongIds, type DbOrTx } from '../../db/client.ts';
import { duesStanding, duesStandingInbox, duesStandingMonth } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { periodOf } from '../../lib/calendar.ts';
import { getSettings } from '../settings/public.ts';
import { duesBehindStatement, type DuesBehind } from './arrears.ts';
import { dueOn, owingDues } from './dues-calendar.ts';

// Who is behind on their dues, kept (dues_standing, migration 0035) instead of worked out from
// every member's every month on each look at the arrears desk (0.5 s at 5,000 members): the
// first look of a month, or after the rules changed, works out everyone; every other look only
// the members whose payments, fines or membership changed since (the inbox its triggers fill).

/** Beyond this many members changed at once (an import), working out everyone is cheaper. */
const NAMED_AT_MOST = 1_000;

/** Brings dues_standing up to the month of `today` and the changes of the inbox. */
async function bringUpToDate(db: DbOrTx, today: string): Promise<void> {
  const month = periodOf(today);
  // Most looks find it up to date: read without a lock, whose row written at commit made each
  // look wait for the disk.
  const [kept] = await db.select({ month: duesStandingMonth.month }).from(duesStandingMonth);
  const [changed] = await db.select({ id: duesStandingInbox.id }).from(duesStandingInbox).limit(1);
  if (kept?.month === month && changed === undefined) return;
  await db.transaction(async (tx) => {
    // One look at a time brings it up to date; the others wait, then find nothing to do.
    await tx
      .insert(duesStandingMonth)
      .values({ id: 1, month: '' })
      .onConflictDoNothing({ target: duesStandingMonth.id });
    const [kept] = await tx
      .select({ month: duesStandingMonth.month })
      .from(duesStandingMonth)
      .for('update');
    const taken = await tx
      .select({ id: duesStandingInbox.id, userId: duesStandingInbox.userId })
      .from(duesStandingInbox);
    const everyone =
      kept?.month !== month || taken.length > NAMED_AT_MOST || taken.some((t) => t.userId === null);
    if (!everyone && taken.length === 0) return;
    const named = everyone ? undefined : [...new Set(taken.map((t) => t.userId!))];
    await tx
      .delete(duesStanding)
      .where(named === undefined ? undefined : amongIds(duesStanding.userId, named));
    await tx.execute(sql`insert into dues_standing (user_id, months, owed_fils, oldest_period)
      select user_id, months, owed, oldest from (${await duesBehindStatement(tx, today, named)}) t`);
    // Only the rows read: a change written meanwhile is for the next look.
    if (taken.length > 0)
      await tx.delete(duesStandingInbox).where(
        amongIds(
          duesStandingInbox.id,
          taken.map((t) => t.id),
        ),
      );
    await tx.update(duesStandingMonth).set({ month }).where(eq(duesStandingMonth.id, 1));
  });
}

/** The active members behind on their dues on `today`, by user id. */
export async function duesBehind(db: DbOrTx, today: string): Promise<Map<number, DuesBehind>> {
  await bringUpToDate(db, today);
  const rows = await db
    .select({
      userId: duesStanding.userId,
      months: duesStanding.months,
      owedFils: duesStanding.owedFils,
      oldestPeriod: duesStanding.oldestPeriod,
      payday: users.payday,
    })
    .from(duesStanding)
    .innerJoin(users, and(eq(users.id, duesStanding.userId), owingDues));
  const rules = await getSettings(db);
  return new Map(
    rows.map((r) => [
      r.userId,
      {
        monthsBehind: r.months,
        owedFils: r.owedFils,
        oldestDueOn: dueOn(r.oldestPeriod, r.payday, rules),
      },
    ]),
  );
}
