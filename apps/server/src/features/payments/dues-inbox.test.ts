import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { duesJobInbox, duesMonths, payments } from '../../db/schema/payments.ts';
import { settings } from '../../db/schema/settings.ts';
import { users } from '../../db/schema/users.ts';
import { anotherProcess, receiptWaiting, useTestApp } from '../../../test/harness.ts';
import { scheduledDuesCalendar } from './dues-inbox.ts';
import { rejectPayment } from './review.ts';

// Issue 51, point 2: the job passes over every member once a day, and between those passes
// only over the members whose dues changed (the inbox the triggers fill). A member no trigger
// saw is the proof that a quiet minute looked at nobody.

const t = useTestApp();

/** A moment of a Dubai day (10:00 there unless told). */
const at = (day: string, time = '10:00') => new Date(`${day}T${time}:00+04:00`);

beforeEach(async () => {
  // Due on the 1st, fined after 15 days of grace, from January 2027 on.
  await t.db.update(settings).set({
    dueDay: 1,
    reminderDaysBefore: 3,
    graceDays: 15,
    fineFils: 1_000,
    finePercent: null,
    finesSince: '2027-01-01',
  });
  await t.db.update(users).set({ status: 0 }); // other tests' members
  await t.db.delete(duesJobInbox);
});

const member = () => t.makeUser({ joinedOn: '2027-01-01', createdAt: at('2027-01-01') });

/** A member the inbox never heard of: as if the change had been made beside the triggers. */
async function unseenMember() {
  const user = await member();
  await t.db.delete(duesJobInbox).where(eq(duesJobInbox.userId, user.id));
  return user;
}

async function finedMonths(userId: number) {
  const rows = await t.db
    .select({ period: duesMonths.period })
    .from(duesMonths)
    .where(and(eq(duesMonths.userId, userId), isNotNull(duesMonths.finedAt)));
  return rows.map((r) => r.period);
}

describe('the dues job each minute', () => {
  it('passes over everyone on its first minute of a day, then only when something changed', async () => {
    const early = await member();
    const minute = scheduledDuesCalendar();
    // 17 January: January's due (the 1st) is past its 15 days of grace.
    expect(await minute(t.db, at('2027-01-17', '10:00'))).toBe(1);
    expect(await finedMonths(early.id)).toEqual(['2027-01']);

    const unseen = await unseenMember();
    expect(await minute(t.db, at('2027-01-17', '10:01'))).toBe(0);
    expect(await finedMonths(unseen.id)).toEqual([]);

    // The next day's first minute passes over everyone again.
    expect(await minute(t.db, at('2027-01-18', '00:01'))).toBe(1);
    expect(await finedMonths(unseen.id)).toEqual(['2027-01']);
    expect(await t.db.select().from(duesJobInbox)).toEqual([]);
  });

  it('fines within a minute the month whose receipt is rejected after its fine day', async () => {
    const minute = scheduledDuesCalendar();
    const rahul = await member();
    const admin = await t.makeUser({ role: 'admin', isMember: false });
    const payment = await receiptWaiting(t.db, rahul.id, '2027-01', at('2027-01-10'));
    // Sent within the grace: no fine while it waits for review.
    expect(await minute(t.db, at('2027-01-17', '09:00'))).toBe(0);
    const unseen = await unseenMember();

    await rejectPayment(
      t.db,
      payment.id,
      { id: admin.id, role: 'admin' },
      'Blurred',
      at('2027-01-17', '11:00'),
    );
    expect(await minute(t.db, at('2027-01-17', '11:01'))).toBe(1);
    expect(await finedMonths(rahul.id)).toEqual(['2027-01']);
    // Only the member the rejection named was looked at.
    expect(await finedMonths(unseen.id)).toEqual([]);
  });

  it('passes over everyone when the rules change', async () => {
    await t.db.update(settings).set({ fineFils: 0 });
    const minute = scheduledDuesCalendar();
    const asha = await member();
    expect(await minute(t.db, at('2027-01-17', '09:00'))).toBe(0);
    const unseen = await unseenMember();

    await t.db.update(settings).set({ fineFils: 1_000 });
    expect(await minute(t.db, at('2027-01-17', '09:01'))).toBe(2);
    expect(await finedMonths(asha.id)).toEqual(['2027-01']);
    expect(await finedMonths(unseen.id)).toEqual(['2027-01']);
  });

  it('leaves what it read for the next minute when its pass fails', async () => {
    const minute = scheduledDuesCalendar();
    expect(await minute(t.db, at('2027-01-17', '09:00'))).toBe(0);
    const rahul = await member();
    // A pass that cannot be run (as when the database goes away mid-run): the settings gone.
    const [kept] = await t.db.select().from(settings);
    await t.db.delete(settings);
    await expect(minute(t.db, at('2027-01-17', '09:01'))).rejects.toThrow(/settings/);
    await t.db.insert(settings).values(kept!);
    expect(await minute(t.db, at('2027-01-17', '09:02'))).toBe(1);
    expect(await finedMonths(rahul.id)).toEqual(['2027-01']);
    expect(await t.db.select().from(duesJobInbox)).toEqual([]);
  });

  it('keeps what it read until its pass is done: a process that dies mid-pass loses nothing', async () => {
    const minute = scheduledDuesCalendar();
    expect(await minute(t.db, at('2027-01-17', '09:00'))).toBe(0);
    const rahul = await member();
    // Another process holds the settings: the pass waits for them, mid-way, as long as it takes.
    const other = await anotherProcess(t);
    let release!: () => void;
    let locked!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holding = other.db.transaction(async (tx) => {
      await tx.execute(sql`lock table settings in access exclusive mode`);
      locked();
      await held;
    });
    // The lock first: a pass that started before it would finish and leave nothing to see.
    await isLocked;
    const running = minute(t.db, at('2027-01-17', '09:01'));
    await new Promise((r) => setTimeout(r, 300));
    // Had this process died here, the next minute would find him still there.
    const waiting = await other.db.select().from(duesJobInbox);
    release();
    await holding;
    expect(await running).toBe(1);
    await other.close();
    expect(waiting.map((r) => r.userId)).toEqual([rahul.id]);
    expect(await t.db.select().from(duesJobInbox)).toEqual([]);
  });

  it('hears of a member joining, a payday moved, a salary said to be late, a due reversed', async () => {
    const rahul = await member();
    const before = async () => (await t.db.select().from(duesJobInbox)).length;
    await t.db.delete(duesJobInbox);
    await t.db.update(users).set({ payday: 5 }).where(eq(users.id, rahul.id));
    expect(await before()).toBe(1);
    // A change the job does not read (a name) leaves nothing.
    await t.db.update(users).set({ name: 'Rahul K' }).where(eq(users.id, rahul.id));
    expect(await before()).toBe(1);
    await t.db
      .insert(duesMonths)
      .values({ userId: rahul.id, period: '2027-01', salaryLateOn: '2027-01-20' });
    expect(await before()).toBe(2);
    // The job's own marks leave nothing: it would wake itself every minute.
    await t.db
      .update(duesMonths)
      .set({ remindedAt: at('2027-01-20'), finedAt: at('2027-01-20') })
      .where(eq(duesMonths.userId, rahul.id));
    expect(await before()).toBe(2);
    const [paid] = await t.db
      .insert(payments)
      .values({
        userId: rahul.id,
        kind: 'dues',
        period: '2027-02',
        amountFils: 20_000,
        status: 'approved',
      })
      .returning();
    expect(await before()).toBe(3);
    await t.db.delete(payments).where(eq(payments.id, paid!.id));
    expect(await before()).toBe(4);
    const taken = await t.db.select({ userId: duesJobInbox.userId }).from(duesJobInbox);
    expect(new Set(taken.map((r) => r.userId))).toEqual(new Set([rahul.id]));
  });
});
