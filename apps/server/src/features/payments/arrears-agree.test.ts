import { and, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { duesMonths, payments } from '../../db/schema/payments.ts';
import { settings } from '../../db/schema/settings.ts';
import { users } from '../../db/schema/users.ts';
import { addMonthsToPeriod, periodOf } from '../../lib/calendar.ts';
import { useTestApp } from '../../../test/harness.ts';
import { accountSummary } from './account-summary.ts';
import { duesBehind } from './dues-standing.ts';
import { monthsBehind } from './months.ts';

// The arrears desk works out every member's months in one statement (arrears.ts); a member's
// statement works them out in JavaScript (months.ts). Over members of every kind of history,
// made at random from a fixed seed, the two must give the same months, sums and days.

const t = useTestApp();
const now = new Date('2027-06-15T10:00:00+04:00');
const today = '2027-06-15';

/** A small fixed-seed generator: the same members on every run. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

describe('the arrears desk and each member’s statement', () => {
  it('agree on every member’s months behind, what they owe and the oldest due day', async () => {
    await t.db.update(settings).set({ monthlyDueFils: 20_000, dueDay: 1 });
    await t.db.update(users).set({ status: 0 }); // other tests' members
    const pick = random(51);
    const one = <T>(xs: readonly T[]): T => xs[Math.floor(pick() * xs.length)]!;
    const members: number[] = [];
    for (let n = 0; n < 60; n++) {
      const joinedOn = `${addMonthsToPeriod('2026-06', Math.floor(pick() * 14))}-${one(['01', '17'])}`;
      const user = await t.makeUser({ joinedOn });
      const leaving =
        pick() < 0.15 ? `${addMonthsToPeriod('2027-02', Math.floor(pick() * 6))}-20` : null;
      await t.db
        .update(users)
        .set({ payday: one([null, null, 25, 31]), leavingOn: leaving })
        .where(eq(users.id, user.id));
      members.push(user.id);
      for (
        let period = periodOf(joinedOn);
        period <= '2027-07';
        period = addMonthsToPeriod(period, 1)
      ) {
        const due = one([null, 15_000, 20_000]);
        const sent = one([
          'none',
          'full',
          'full',
          'part',
          'over',
          'pending',
          'rejected',
          'two',
        ] as const);
        const pay = (
          status: 'approved' | 'pending' | 'rejected' | 'reversed',
          amountFils: number,
        ) =>
          t.db.insert(payments).values({
            userId: user.id,
            kind: 'dues',
            period,
            amountFils,
            approvedAmountFils: status === 'approved' && pick() < 0.5 ? amountFils : null,
            monthDueFils: status === 'approved' ? due : null,
            status,
          });
        if (sent === 'full') await pay('approved', due ?? 20_000);
        if (sent === 'part') await pay('approved', 8_000);
        if (sent === 'over') await pay('approved', 21_000);
        if (sent === 'pending') await pay('pending', 20_000);
        if (sent === 'rejected') await pay('rejected', 20_000);
        if (sent === 'two') {
          await pay('approved', 10_000);
          await pay(one(['approved', 'reversed', 'pending'] as const), 10_000);
        }
        if (pick() < 0.3) {
          const fineFils = one([0, 1_000, 2_000]);
          await t.db.insert(duesMonths).values({
            userId: user.id,
            period,
            fineFils,
            waivedFils: pick() < 0.3 ? fineFils : 0,
            settledAtExitFils: pick() < 0.1 ? 5_000 : 0,
          });
        }
      }
    }

    const desk = await duesBehind(t.db, today);
    const expected = new Map<number, unknown>();
    for (const id of members) {
      const summary = await accountSummary(t.db, id, now);
      const late = monthsBehind(summary.rows, summary.currentPeriod);
      if (late.length === 0) continue;
      expected.set(id, {
        monthsBehind: late.length,
        owedFils: late.reduce((s, r) => s + r.remainingFils, 0),
        oldestDueOn: late[late.length - 1]!.dueOn,
      });
    }
    expect(expected.size).toBeGreaterThan(20);
    expect(expected.size).toBeLessThan(60);
    expect(new Map([...desk].filter(([id]) => members.includes(id)))).toEqual(expected);

    // The desk keeps who is behind and works out again only the members changed since: after
    // each change, what it kept is what working out everyone gives.
    const keptAgrees = async (change: string) => {
      const kept = await duesBehind(t.db, today);
      await t.db.execute(sql`insert into dues_standing_inbox (user_id) values (null)`);
      expect(kept, change).toEqual(await duesBehind(t.db, today));
    };
    const staying = await t.db.select({ id: users.id }).from(users).where(isNull(users.leavingOn));
    const [a, b, c, d] = [...expected.keys()].filter((id) => staying.some((u) => u.id === id));
    const pending = await t.db.select().from(payments).where(eq(payments.status, 'pending'));
    await t.db
      .update(payments)
      .set({ status: 'approved', monthDueFils: 20_000 })
      .where(eq(payments.id, pending[0]!.id));
    await keptAgrees('a receipt approved');
    await t.db.insert(payments).values({
      userId: a!,
      kind: 'dues',
      period: '2027-03',
      amountFils: 20_000,
      status: 'pending',
    });
    await keptAgrees('a receipt sent');
    await t.db.insert(duesMonths).values({ userId: b!, period: '2027-05', fineFils: 3_000 });
    await keptAgrees('a fine');
    await t.db
      .update(duesMonths)
      .set({ waivedFils: 3_000 })
      .where(and(eq(duesMonths.userId, b!), eq(duesMonths.period, '2027-05')));
    await keptAgrees('a waiver');
    await t.db.update(users).set({ leftOn: '2027-06-01' }).where(eq(users.id, c!));
    await keptAgrees('a member left');
    await t.db.delete(payments).where(eq(payments.userId, d!));
    await keptAgrees('payments deleted');
    expect((await duesBehind(t.db, today)).has(c!)).toBe(false);
    await t.db.update(settings).set({ monthlyDueFils: 25_000 });
    await keptAgrees('the rules changed');
    // A month later, everyone again: a month more behind for a member who pays nothing.
    const later = await duesBehind(t.db, '2027-07-02');
    expect(later.get(d!)?.monthsBehind).toBe(
      (await duesBehind(t.db, today)).get(d!)!.monthsBehind + 1,
    );
  });
});
