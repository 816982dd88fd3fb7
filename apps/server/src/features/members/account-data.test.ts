import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { approvePayment, rejectPayment } from '../dues/dues.ts';
import {
  bearer,
  createTestApp,
  expectBooksBalance,
  expectError,
  login,
  makeUser,
  multipart,
  type TestApp,
} from '../../../test/harness.ts';
import type { User } from './user-data.ts';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const ACCOUNT_KEYS = [
  'account_balance',
  'account_holder_name',
  'due_balance',
  'loan_balance',
  'monthlyPaymentData',
  'monthly_due',
  'owner_data',
];
const ROW_KEYS = ['amount', 'description', 'month', 'period', 'status'];

/** This month in Dubai as YYYY-MM, worked out here rather than with the server's helpers. */
function dubaiPeriod(at: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Dubai',
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('year')}-${get('month')}`;
}

function shiftPeriod(period: string, months: number): string {
  const index = Number(period.slice(0, 4)) * 12 + Number(period.slice(5, 7)) - 1 + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const monthName = (period: string) => MONTHS[Number(period.slice(5, 7)) - 1]!;
const label = (period: string) => `${monthName(period)} ${period.slice(0, 4)}`;

interface Row {
  month: string;
  period: string;
  description: string;
  amount: number;
  status: string;
}

describe('GET /api/my-account-data', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  async function member(
    overrides: Parameters<typeof makeUser>[1] = {},
  ): Promise<{ user: User; token: string }> {
    const user = await makeUser(t.db, overrides);
    return { user, token: await login(t.app, user.email) };
  }

  async function accountData(token: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/my-account-data',
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().myAccountData;
  }

  async function payDues(token: string, period: string) {
    const receipt = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    const body = multipart(
      {
        payment_amount: '200',
        month: monthName(period),
        account_number: 'AE070331234567890123456',
      },
      { photo: { filename: 'receipt.png', contentType: 'image/png', data: receipt } },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/save-monthly-payment',
      headers: { ...body.headers, ...bearer(token) },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().payment as { id: number; period: string };
  }

  it('answers the shape of PRODUCT.md section 2', async () => {
    const { user, token } = await member({ name: 'Shape Member', joinedOn: `${dubaiPeriod()}-01` });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/my-account-data',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['myAccountData']);
    const data = body.myAccountData;
    expect(Object.keys(data).sort()).toEqual(ACCOUNT_KEYS);
    expect(data.account_balance).toEqual(expect.any(Number));
    expect(data.due_balance).toEqual(expect.any(Number));
    expect(data.account_holder_name).toBe('Shape Member');
    expect(data.owner_data).toEqual({
      unique_id: `JM${String(user.id).padStart(6, '0')}`,
      name: 'Shape Member',
      status: 1,
      created_at: user.createdAt.toISOString(),
    });
    expect(Array.isArray(data.monthlyPaymentData)).toBe(true);
    for (const row of data.monthlyPaymentData) {
      expect(Object.keys(row).sort()).toEqual(ROW_KEYS);
      expect(row).toEqual({
        month: expect.any(String),
        period: expect.any(String),
        description: expect.any(String),
        amount: expect.any(Number),
        status: expect.any(String),
      });
    }
  });

  it('lists a member who joined 3 months ago newest first: pay_now, due, due, due, and owes 4 x 200', async () => {
    const now = dubaiPeriod();
    const { token } = await member({ joinedOn: `${shiftPeriod(now, -3)}-01` });
    const data = await accountData(token);
    const rows: Row[] = data.monthlyPaymentData;
    expect(rows.map((r) => r.period)).toEqual([
      now,
      shiftPeriod(now, -1),
      shiftPeriod(now, -2),
      shiftPeriod(now, -3),
    ]);
    expect(rows.map((r) => r.month)).toEqual(rows.map((r) => label(r.period)));
    expect(rows.map((r) => r.status)).toEqual(['pay_now', 'due', 'due', 'due']);
    expect(rows.map((r) => r.amount)).toEqual([200, 200, 200, 200]);
    for (const row of rows) expect(row.description.length).toBeGreaterThan(0);
    expect(data.due_balance).toBe(800);
    expect(data.account_balance).toBe(0);
    expect(data.loan_balance).toBe(0);
    expect(data.monthly_due).toBe(200);
  });

  it('counts the month a member joined in, whatever the day', async () => {
    const now = dubaiPeriod();
    const { token } = await member({ joinedOn: `${shiftPeriod(now, -3)}-28` });
    const data = await accountData(token);
    expect(data.monthlyPaymentData.map((r: Row) => r.status)).toEqual([
      'pay_now',
      'due',
      'due',
      'due',
    ]);
    expect(data.due_balance).toBe(800);
  });

  it('lists a member who joined this month with one row to pay now', async () => {
    const now = dubaiPeriod();
    const { token } = await member({ joinedOn: `${now}-01` });
    const data = await accountData(token);
    expect(data.monthlyPaymentData).toEqual([
      {
        month: label(now),
        period: now,
        description: expect.any(String),
        amount: 200,
        status: 'pay_now',
      },
    ]);
    expect(data.due_balance).toBe(200);
  });

  it('spans the turn of the year', async () => {
    const now = dubaiPeriod();
    const { token } = await member({ joinedOn: `${shiftPeriod(now, -14)}-01` });
    const rows: Row[] = (await accountData(token)).monthlyPaymentData;
    expect(rows).toHaveLength(15);
    expect(new Set(rows.map((r) => r.period)).size).toBe(15);
    expect(rows.map((r) => r.period)).toEqual([...rows.map((r) => r.period)].sort().reverse());
    expect(rows.filter((r) => r.status === 'due')).toHaveLength(14);
  });

  it('shows a receipt under review as pending and no longer owed, then completed once approved', async () => {
    const now = dubaiPeriod();
    const { user, token } = await member({ joinedOn: `${shiftPeriod(now, -3)}-01` });
    const payment = await payDues(token, now);
    expect(payment.period).toBe(now);

    let data = await accountData(token);
    expect(data.monthlyPaymentData.map((r: Row) => r.status)).toEqual([
      'pending',
      'due',
      'due',
      'due',
    ]);
    expect(data.due_balance).toBe(600);
    expect(data.account_balance).toBe(0);

    const admin = await makeUser(t.db, { role: 'admin' });
    await approvePayment(t.db, payment.id, { id: admin.id, role: 'admin' }, new Date());
    data = await accountData(token);
    expect(data.monthlyPaymentData.map((r: Row) => r.status)).toEqual([
      'completed',
      'due',
      'due',
      'due',
    ]);
    expect(data.monthlyPaymentData[0].amount).toBe(200);
    expect(data.account_balance).toBe(200);
    expect(data.due_balance).toBe(600);
    expect(data.owner_data.unique_id).toBe(user.uniqueId);
    await expectBooksBalance(t.db);
  });

  it('shows a refused receipt as owed again, with the reason', async () => {
    const now = dubaiPeriod();
    const last = shiftPeriod(now, -1);
    const { token } = await member({ joinedOn: `${last}-01` });
    const payment = await payDues(token, last);
    const admin = await makeUser(t.db, { role: 'admin' });
    await rejectPayment(
      t.db,
      payment.id,
      { id: admin.id, role: 'admin' },
      'The receipt is blurred',
      new Date(),
    );
    const data = await accountData(token);
    expect(data.monthlyPaymentData.map((r: Row) => r.status)).toEqual(['pay_now', 'due']);
    expect(data.monthlyPaymentData[1].description).toContain('The receipt is blurred');
    expect(data.due_balance).toBe(400);
    expect(data.account_balance).toBe(0);
  });

  it('follows a name change and an inactive status', async () => {
    const { user, token } = await member({ name: 'Old Name', joinedOn: `${dubaiPeriod()}-01` });
    const body = multipart({
      name: 'New Name',
      address: 'Somewhere',
      wallet: 'W',
      profession_id: '1',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profile/update',
      headers: { ...body.headers, ...bearer(token) },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, user.id));
    const data = await accountData(token);
    expect(data.account_holder_name).toBe('New Name');
    expect(data.owner_data).toMatchObject({ name: 'New Name', status: 0 });
  });

  it('answers only for the signed-in member', async () => {
    const now = dubaiPeriod();
    const a = await member({ name: 'Member A', joinedOn: `${shiftPeriod(now, -2)}-01` });
    const b = await member({ name: 'Member B', joinedOn: `${now}-01` });
    expect((await accountData(a.token)).owner_data.name).toBe('Member A');
    expect((await accountData(b.token)).owner_data.name).toBe('Member B');
    expect((await accountData(a.token)).due_balance).toBe(600);
    expect((await accountData(b.token)).due_balance).toBe(200);
  });

  it('takes "this month" from Dubai: 01:00 on 1 February in Dubai is still 31 January in UTC', async () => {
    const { user } = await member({ joinedOn: '2025-11-01' });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-31T21:00:00Z'));
    const token = await login(t.app, user.email);
    const rows: Row[] = (await accountData(token)).monthlyPaymentData;
    expect(rows.map((r) => [r.period, r.status])).toEqual([
      ['2026-02', 'pay_now'],
      ['2026-01', 'due'],
      ['2025-12', 'due'],
      ['2025-11', 'due'],
    ]);
    expect(rows[0]!.month).toBe('February 2026');
  });

  it('still shows January at 23:59 on 31 January in Dubai', async () => {
    const { user } = await member({ joinedOn: '2025-11-01' });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-31T19:59:00Z'));
    const token = await login(t.app, user.email);
    const data = await accountData(token);
    expect(data.monthlyPaymentData.map((r: Row) => [r.period, r.status])).toEqual([
      ['2026-01', 'pay_now'],
      ['2025-12', 'due'],
      ['2025-11', 'due'],
    ]);
    expect(data.due_balance).toBe(600);
  });

  it('answers 401 without a token, with a bad one, or with the token in the URL', async () => {
    const { token } = await member();
    expectError(await t.app.inject({ method: 'GET', url: '/api/my-account-data' }), 401);
    expectError(
      await t.app.inject({
        method: 'GET',
        url: '/api/my-account-data',
        headers: { authorization: 'Bearer not-a-real-token-at-all-xyz' },
      }),
      401,
    );
    expectError(
      await t.app.inject({ method: 'GET', url: `/api/my-account-data?token=${token}` }),
      401,
    );
  });
});
