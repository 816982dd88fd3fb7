import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '../../db/schema/notifications.ts';
import { duesMonths, payments } from '../../db/schema/payments.ts';
import { settings } from '../../db/schema/settings.ts';
import { users } from '../../db/schema/users.ts';
import { accountBalanceFils, memberSavingsFils } from '../ledger/public.ts';
import { renderNotice } from '../notifications/texts.ts';
import {
  anotherProcess,
  bearer,
  expectError,
  multipart,
  paidDues,
  plain,
  postForm,
  receiptWaiting,
  rowsOf,
  useTestApp,
} from '../../../test/harness.ts';
import { editableSettings } from '../../../test/settings-body.ts';
import { duesCalendarRun } from './dues-job.ts';
import { approvePayment, rejectPayment } from './review.ts';

// The dues calendar (docs/domain/dues.md, Payday and fines) with the clock moved: the due day
// and a member's payday, the reminder, the grace and the fine charged once, "my salary is
// late", a receipt sent in time, paying a fine, its waiver by two admins, and two processes.

const t = useTestApp();

/** A moment of a Dubai day (10:00 there unless told). */
const at = (day: string, time = '10:00') => new Date(`${day}T${time}:00+04:00`);

/** The app's clock (routes read `new Date()`) at that moment. */
function clockAt(day: string, time?: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at(day, time));
}

beforeEach(async () => {
  // The rules began on 1 January 2027; every test's members join then.
  await t.db.update(settings).set({
    dueDay: 1,
    reminderDaysBefore: 3,
    graceDays: 15,
    fineFils: 1_000,
    finePercent: null,
    finesSince: '2027-01-01',
    paymentInstructions: 'Emirates NBD, IBAN AE07 0331 2345 6789 0123 456',
  });
  // Other tests' members are no part of these counts.
  await t.db.update(users).set({ status: 0 });
});
afterEach(() => vi.useRealTimers());

async function member(overrides: { payday?: number | null; language?: 'en' | 'ml' } = {}) {
  const user = await t.makeUser({ joinedOn: '2027-01-01', ...overrides });
  if (overrides.payday !== undefined)
    await t.db.update(users).set({ payday: overrides.payday }).where(eq(users.id, user.id));
  return user;
}

async function tokenOf(user: { email: string }, day: string) {
  clockAt(day);
  return t.login(user.email);
}

async function rowsOfMember(user: { email: string }, day: string) {
  const token = await tokenOf(user, day);
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/my-account-data',
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().myAccountData as {
    due_balance: number;
    monthlyPaymentData: Array<{
      period: string;
      due_on: string;
      fine: number;
      fine_waived: number;
      fine_on: string | null;
      salary_late_on: string | null;
      remaining: number;
      status: string;
    }>;
  };
}

const noticesOf = (userId: number, text: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), sql`${notifications.params}->>'text' = ${text}`));

/** The member's payday through their profile ('' back to the association's due day). */
const setPayday = (token: string, payday: string) =>
  postForm(
    t.app,
    '/api/profile/update',
    token,
    multipart({ name: 'Rahul Nair', wallet: 'Botim 1', payday }),
  );

const finesAccount = (userId: number) => accountBalanceFils(t.db, { code: 'fines', userId });

describe('the due day and a member’s payday', () => {
  it('falls due on the association’s day, or on the payday (the month’s last day at most)', async () => {
    const rahul = await member();
    const token = await tokenOf(rahul, '2027-02-10');
    let rows = (await rowsOfMember(rahul, '2027-02-10')).monthlyPaymentData;
    expect(rows.map((r) => [r.period, r.due_on, r.fine_on])).toEqual([
      ['2027-02', '2027-02-01', '2027-02-16'],
      ['2027-01', '2027-01-01', '2027-01-16'],
    ]);

    const set = await setPayday(token, '31');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().userData.payday).toBe(31);
    rows = (await rowsOfMember(rahul, '2027-02-10')).monthlyPaymentData;
    expect(rows.map((r) => [r.period, r.due_on, r.fine_on])).toEqual([
      ['2027-02', '2027-02-28', '2027-03-15'],
      ['2027-01', '2027-01-31', '2027-02-15'],
    ]);

    const cleared = await setPayday(token, '');
    expect(cleared.json().userData.payday).toBeNull();
  });

  it('refuses a payday that is not a day of the month, with the field', async () => {
    const rahul = await member();
    const token = await tokenOf(rahul, '2027-01-05');
    for (const payday of ['0', '32', 'soon', '2.5']) {
      const res = await setPayday(token, payday);
      expect(expectError(res, 422).errors?.payday, payday).toBeDefined();
    }
  });
});

describe('the reminder', () => {
  it('goes reminder days before the due day, once, with the amount and where to pay', async () => {
    const rahul = await member({ language: 'ml' });
    await paidDues(t.db, rahul.id, ['2027-01']);
    expect(await duesCalendarRun(t.db, at('2027-01-28', '23:59'))).toEqual({
      reminders: 0,
      fines: 0,
    });
    expect(await duesCalendarRun(t.db, at('2027-01-29', '00:01'))).toEqual({
      reminders: 1,
      fines: 0,
    });
    expect(await duesCalendarRun(t.db, at('2027-01-30'))).toEqual({ reminders: 0, fines: 0 });
    const [notice] = await noticesOf(rahul.id, 'duesDueSoon');
    expect(notice?.params.values).toMatchObject({
      month: { month: '2027-02' },
      day: { day: '2027-02-01' },
      instructions: 'Emirates NBD, IBAN AE07 0331 2345 6789 0123 456',
    });
    // In the member's language, with the treasurer's instructions as written.
    const { title, body } = renderNotice(notice!.params, 'ml');
    expect(title).not.toBe(renderNotice(notice!.params, 'en').title);
    expect(plain(body)).toContain('200');
    expect(body).toContain('IBAN AE07 0331 2345 6789 0123 456');
  });

  it('follows the payday, and skips a month paid or under review', async () => {
    const payday = await member({ payday: 25 });
    const paid = await member();
    await paidDues(t.db, paid.id, ['2027-01', '2027-02']);
    const sent = await member();
    await paidDues(t.db, sent.id, ['2027-01']);
    await t.db.insert(payments).values({
      userId: sent.id,
      kind: 'dues',
      period: '2027-02',
      amountFils: 20_000,
      createdAt: at('2027-01-20'),
    });
    await paidDues(t.db, payday.id, ['2027-01']);
    expect(await duesCalendarRun(t.db, at('2027-01-29'))).toEqual({ reminders: 0, fines: 0 });
    expect(await duesCalendarRun(t.db, at('2027-02-22'))).toEqual({ reminders: 1, fines: 0 });
    expect(await noticesOf(payday.id, 'duesDueSoon')).toHaveLength(1);
  });
});

describe('the late fine', () => {
  it('is charged once, grace days after the due day, as a balanced entry the member sees', async () => {
    const rahul = await member();
    const incomeBefore = await accountBalanceFils(t.db, { code: 'fines_income' });
    expect((await duesCalendarRun(t.db, at('2027-01-15', '23:59'))).fines).toBe(0);
    expect((await duesCalendarRun(t.db, at('2027-01-16', '00:01'))).fines).toBe(1);
    expect((await duesCalendarRun(t.db, at('2027-01-17'))).fines).toBe(0);
    expect((await duesCalendarRun(t.db, at('2027-02-20'))).fines).toBe(1); // February's

    const data = await rowsOfMember(rahul, '2027-02-20');
    const january = data.monthlyPaymentData.find((r) => r.period === '2027-01')!;
    expect(january).toMatchObject({ fine: 10, fine_waived: 0, fine_on: null, remaining: 210 });
    expect(data.due_balance).toBe(420);
    expect(await finesAccount(rahul.id)).toBe(2_000);
    expect((await accountBalanceFils(t.db, { code: 'fines_income' })) - incomeBefore).toBe(-2_000);
    expect(await noticesOf(rahul.id, 'duesFined')).toHaveLength(2);
    await t.expectBooksBalance();
  });

  it('may be a percentage of the due, and is paid with the month’s due', async () => {
    await t.db.update(settings).set({ finePercent: 7 });
    const rahul = await member();
    const admin = await t.makeUser({ role: 'admin', isMember: false });
    await duesCalendarRun(t.db, at('2027-01-16'));
    expect(await finesAccount(rahul.id)).toBe(1_400);

    const payment = await receiptWaiting(t.db, rahul.id, '2027-01', at('2027-01-20'), 21_400);
    // The treasurer's review shows the month with its fine, as the approval will take it.
    const adminToken = await tokenOf(admin, '2027-01-21');
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/admin/payments?status=pending',
      headers: bearer(adminToken),
    });
    const reviewed = queue.json().items.find((p: { id: number }) => p.id === payment.id);
    expect(reviewed.dues_month).toEqual({ due: 200, fine: 14, paid: 0, remaining: 214 });
    await approvePayment(
      t.db,
      payment.id,
      { id: admin.id, role: 'admin' },
      at('2027-01-21'),
      21_400,
    );
    // The due to savings, the rest to the fine.
    expect(await memberSavingsFils(t.db, rahul.id)).toBe(20_000);
    expect(await finesAccount(rahul.id)).toBe(0);
    const january = (await rowsOfMember(rahul, '2027-01-21')).monthlyPaymentData[0]!;
    expect(january).toMatchObject({ status: 'completed', fine: 14, remaining: 0 });
    await t.expectBooksBalance();
  });

  it('leaves a month whose receipt was sent within the grace, until it is rejected', async () => {
    const rahul = await member();
    const admin = await t.makeUser({ role: 'admin', isMember: false });
    const payment = await receiptWaiting(t.db, rahul.id, '2027-01', at('2027-01-10'));
    expect((await duesCalendarRun(t.db, at('2027-01-16'))).fines).toBe(0);
    await rejectPayment(
      t.db,
      payment.id,
      { id: admin.id, role: 'admin' },
      'Blurred',
      at('2027-01-17'),
    );
    expect((await duesCalendarRun(t.db, at('2027-01-17'))).fines).toBe(1);
  });

  it('leaves the months whose fine day came before the rules began', async () => {
    await t.db.update(settings).set({ finesSince: '2027-02-01' });
    await member();
    expect((await duesCalendarRun(t.db, at('2027-02-16'))).fines).toBe(1); // February only
  });

  it('never falls on a due day before the member joined, nor before an imported member came in', async () => {
    // Accepted on 27 January with the due on the 1st: January's due is owed, not fined.
    const accepted = await t.makeUser({ joinedOn: '2027-01-27', createdAt: at('2027-01-27') });
    // Imported on 10 February with a joining day of June 2026: February's due day was before.
    const imported = await t.makeUser({ joinedOn: '2026-06-01', createdAt: at('2027-02-10') });
    for (const day of ['2027-01-28', '2027-02-11', '2027-02-16', '2027-02-28'])
      await duesCalendarRun(t.db, at(day));
    expect(await finesAccount(accepted.id)).toBe(1_000); // February's only
    expect(await finesAccount(imported.id)).toBe(0);
    const months = (await rowsOfMember(accepted, '2027-02-28')).monthlyPaymentData;
    expect(months.find((r) => r.period === '2027-01')).toMatchObject({ fine: 0, fine_on: null });
    expect(months.find((r) => r.period === '2027-02')).toMatchObject({ fine: 10 });
    const theirs = (await rowsOfMember(imported, '2027-02-28')).monthlyPaymentData;
    expect(theirs.find((r) => r.period === '2027-02')).toMatchObject({ fine: 0, fine_on: null });
    expect((await duesCalendarRun(t.db, at('2027-03-16'))).fines).toBe(2); // March: both
    await t.expectBooksBalance();
  });

  it('is never charged twice for one month by two processes at once', async () => {
    const members = [];
    for (let i = 0; i < 5; i++) members.push(await member());
    const other = await anotherProcess(t);
    try {
      const runs = await Promise.all([
        duesCalendarRun(t.db, at('2027-01-16')),
        duesCalendarRun(other.db, at('2027-01-16')),
        duesCalendarRun(t.db, at('2027-01-16')),
        duesCalendarRun(other.db, at('2027-01-16')),
      ]);
      expect(runs.reduce((s, r) => s + r.fines, 0)).toBe(5);
    } finally {
      await other.close();
    }
    for (const m of members) expect(await finesAccount(m.id)).toBe(1_000);
    const entries = await rowsOf<{ n: string | number }>(
      t.db,
      sql`select count(*) as n from journal_entries where kind = 'fine'
        and id in (select fine_entry_id from dues_months where user_id in (${sql.join(
          members.map((m) => sql`${m.id}`),
          sql`, `,
        )}))`,
    );
    expect(Number(entries[0]!.n)).toBe(5);
    await t.expectBooksBalance();
  });
});

describe('my salary is late', () => {
  const flag = (token: string, period: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/my-dues/${period}/salary-late`,
      headers: bearer(token),
    });

  it('moves the fine grace days from the day it is said, once a month', async () => {
    const rahul = await member();
    const token = await tokenOf(rahul, '2027-01-10');
    const res = await flag(token, '2027-01');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().fine_on).toBe('2027-01-25');
    expect(plain(res.json().message)).toContain('25');
    expectError(await flag(token, '2027-01'), 409);

    expect((await duesCalendarRun(t.db, at('2027-01-24'))).fines).toBe(0);
    const row = (await rowsOfMember(rahul, '2027-01-24')).monthlyPaymentData[0]!;
    expect(row).toMatchObject({ salary_late_on: '2027-01-10', fine_on: '2027-01-25', fine: 0 });
    expect((await duesCalendarRun(t.db, at('2027-01-25'))).fines).toBe(1);
  });

  it('is refused after the grace, for a month paid, before joining or not yet come', async () => {
    const rahul = await member();
    await paidDues(t.db, rahul.id, ['2027-01']);
    const token = await tokenOf(rahul, '2027-02-16');
    expectError(await flag(token, '2027-02'), 409); // the grace ended on the 16th
    expectError(await flag(token, '2027-01'), 409); // paid
    expectError(await flag(token, '2026-12'), 404); // before joining
    expectError(await flag(token, '2027-03'), 404); // not yet
    expectError(await flag(token, '2027-13'), 400);
  });
});

describe('a waiver', () => {
  const waive = (token: string, userId: number, period: string, reason = 'Hospital stay') =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/members/${userId}/fines/${period}/waive`,
      headers: bearer(token),
      payload: { reason },
    });

  it('is proposed by one admin and carried out by another; the member sees it', async () => {
    const rahul = await member();
    const first = await t.makeUser({ role: 'admin', isMember: false });
    const second = await t.makeUser({ role: 'admin', isMember: false });
    await duesCalendarRun(t.db, at('2027-01-16'));
    const incomeBefore = await accountBalanceFils(t.db, { code: 'fines_income' });
    const firstToken = await tokenOf(first, '2027-01-17');
    const secondToken = await t.login(second.email);

    const proposed = await waive(firstToken, rahul.id, '2027-01');
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect(proposed.json().proposal).toMatchObject({ action: 'fine.waive', amount: 10 });
    expectError(await waive(firstToken, rahul.id, '2027-01'), 409);
    expect(await finesAccount(rahul.id)).toBe(1_000);

    const done = await waive(secondToken, rahul.id, '2027-01', 'another reason');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().fine).toMatchObject({ fine: 10, waived: 10, waive_reason: 'Hospital stay' });
    expect(await finesAccount(rahul.id)).toBe(0);
    expect((await accountBalanceFils(t.db, { code: 'fines_income' })) - incomeBefore).toBe(1_000);
    const [notice] = await noticesOf(rahul.id, 'fineWaived');
    expect(notice?.params.values).toMatchObject({ reason: 'Hospital stay' });
    const row = (await rowsOfMember(rahul, '2027-01-17')).monthlyPaymentData[0]!;
    expect(row).toMatchObject({ fine: 0, fine_waived: 10, remaining: 200 });
    expectError(await waive(secondToken, rahul.id, '2027-01'), 409);

    const list = await t.app.inject({
      method: 'GET',
      url: `/api/admin/members/${rahul.id}/fines`,
      headers: bearer(secondToken),
    });
    expect(list.json().items).toEqual([
      expect.objectContaining({ period: '2027-01', fine: 10, waived: 10 }),
    ]);
    await t.expectBooksBalance();
  });

  it('is refused without a reason, for no fine, on one’s own fine, and to a member', async () => {
    const rahul = await member();
    const admin = await t.makeUser({ role: 'admin', joinedOn: '2027-01-01' });
    await duesCalendarRun(t.db, at('2027-01-16'));
    const token = await tokenOf(admin, '2027-01-17');
    expectError(await waive(token, rahul.id, '2027-01', '  '), 422);
    expectError(await waive(token, rahul.id, '2027-02'), 404);
    expectError(await waive(token, admin.id, '2027-01'), 403);
    const memberToken = await t.login(rahul.email);
    expectError(await waive(memberToken, rahul.id, '2027-01'), 403);
    const [month] = await t.db
      .select()
      .from(duesMonths)
      .where(and(eq(duesMonths.userId, rahul.id), eq(duesMonths.period, '2027-01')));
    expect(month?.waivedFils).toBe(0);
  });
});

describe('the rules in the settings', () => {
  it('are read by everyone and changed by an admin within their bounds', async () => {
    const admin = await t.makeUser({ role: 'admin', isMember: false });
    const token = await tokenOf(admin, '2027-01-05');
    const current = (
      await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: bearer(token) })
    ).json();
    const body = editableSettings(current);
    const rules = {
      due_day: 5,
      reminder_days_before: 2,
      grace_days: 10,
      fine_amount: 15,
      fine_percent: null,
    };
    const put = (dues_rules: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers: bearer(token),
        payload: { ...body, dues_rules },
      });
    const saved = await put(rules);
    expect(saved.statusCode, saved.body).toBe(200);
    const pub = (await t.app.inject({ method: 'GET', url: '/api/settings' })).json();
    expect(pub.dues_rules).toEqual(rules);
    expect(expectError(await put({ ...rules, due_day: 29 }), 422).errors).toHaveProperty([
      'dues_rules.due_day',
    ]);
    expectError(await put({ ...rules, fine_percent: 0 }), 422);
  });
});
