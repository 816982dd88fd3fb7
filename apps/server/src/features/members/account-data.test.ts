import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { openPostgres } from '../../db/client.ts';
import { payments } from '../../db/schema/payments.ts';
import { settings } from '../../db/schema/settings.ts';
import { users } from '../../db/schema/users.ts';
import { approvePayment, rejectPayment } from '../payments/review.ts';
import { postEntry } from '../ledger/ledger.ts';
import { localDate } from '../../lib/calendar.ts';
import { applyForLoan } from '../loans/apply.ts';
import { approveLoan } from '../loans/decisions.ts';
import { disburseLoan } from '../loans/disburse.ts';
import { installmentsOf } from '../loans/installments.ts';
import type { Actor } from '../../lib/actor.ts';
import type { makeUser } from '../../../test/harness.ts';
import {
  TEST_CONFIG,
  bearer,
  createTestApp,
  expectError,
  multipart,
  type TestApp,
  loanApplication,
  useTestApp,
} from '../../../test/harness.ts';
import type { User } from '../users/user-data.ts';
import { dubaiPeriod, monthName, periodLabel, shiftPeriod } from '../../../test/calendar.ts';

const ACCOUNT_KEYS = [
  'account_balance',
  'account_holder_name',
  'current_period',
  'due_balance',
  'loan_balance',
  'monthlyPaymentData',
  'monthly_due',
  'owner_data',
  'under_review',
];
const ROW_KEYS = [
  'amount',
  'description',
  'due_on',
  'fine',
  'fine_on',
  'fine_waived',
  'month',
  'paid',
  'period',
  'remaining',
  'salary_late_on',
  'status',
];

interface Row {
  month: string;
  period: string;
  description: string;
  amount: number;
  status: string;
}

describe('GET /api/my-account-data', () => {
  const t = useTestApp();

  beforeAll(async () => {
    // Cash for the loans this file pays out (cash never goes below zero).
    await t.fundCash(10_000_000);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function member(
    overrides: Parameters<typeof makeUser>[1] = {},
  ): Promise<{ user: User; token: string }> {
    const user = await t.makeUser(overrides);
    return { user, token: await t.login(user.email) };
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

  it('answers the shape of docs/product.md section 2', async () => {
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
        paid: expect.any(Number),
        remaining: expect.any(Number),
        status: expect.any(String),
        due_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        fine: expect.any(Number),
        fine_waived: expect.any(Number),
        fine_on: row.fine_on === null ? null : expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        salary_late_on: null,
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
    expect(rows.map((r) => r.month)).toEqual(rows.map((r) => periodLabel(r.period)));
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
        month: periodLabel(now),
        period: now,
        description: expect.any(String),
        amount: 200,
        paid: 0,
        remaining: 200,
        status: 'pay_now',
        due_on: `${now}-01`,
        fine: 0,
        fine_waived: 0,
        // Fines begin with the rules (settings' fines_since, the day the database was made).
        fine_on: `${now}-16` >= localDate(new Date()) ? `${now}-16` : null,
        salary_late_on: null,
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

  it('shows a receipt under review as pending and still owed beside it, then completed once approved', async () => {
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
    // Due until approved (issue 33): what waits for review is said beside it.
    expect(data.due_balance).toBe(800);
    expect(data.under_review).toBe(200);
    expect(data.account_balance).toBe(0);

    const admin = await t.makeUser({ role: 'admin' });
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
    expect(data.under_review).toBe(0);
    expect(data.owner_data.unique_id).toBe(user.uniqueId);
    await t.expectBooksBalance();
  });

  it('shows a refused receipt as owed again, with the reason', async () => {
    const now = dubaiPeriod();
    const last = shiftPeriod(now, -1);
    const { token } = await member({ joinedOn: `${last}-01` });
    const payment = await payDues(token, last);
    const admin = await t.makeUser({ role: 'admin' });
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
    const token = await t.login(user.email);
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
    const token = await t.login(user.email);
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

// The route keeps each answer and sends it again while the member's account_version, row,
// the monthly due and the day are what they were (account-data.ts, migration 0009). Every
// test here reads with the same token before and after a change, so a kept answer that
// outlived its change would show.
describe('GET /api/my-account-data sends a kept answer only while nothing in it has changed', () => {
  let t: TestApp;
  let admin: Actor;

  beforeAll(async () => {
    t = await createTestApp();
    // Cash for the loans this file pays out (cash never goes below zero).
    await t.fundCash(10_000_000);
    const a = await t.makeUser({ role: 'admin' });
    admin = { id: a.id, role: 'admin' };
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  async function accountData(token: string, app = t.app) {
    const res = await app.inject({ url: '/api/my-account-data', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().myAccountData;
  }

  it('sends the same answer twice when nothing changed', async () => {
    const user = await t.makeUser({ joinedOn: `${shiftPeriod(dubaiPeriod(), -2)}-01` });
    const token = await t.login(user.email);
    const first = await t.app.inject({ url: '/api/my-account-data', headers: bearer(token) });
    const second = await t.app.inject({ url: '/api/my-account-data', headers: bearer(token) });
    expect(second.statusCode).toBe(200);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.body).toBe(first.body);
  });

  it('never sends a kept answer for a session that has ended', async () => {
    const user = await t.makeUser({ joinedOn: `${dubaiPeriod()}-01` });
    const signedOut = await t.login(user.email);
    await accountData(signedOut);
    await accountData(signedOut);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: bearer(signedOut),
    });
    expect(out.statusCode, out.body).toBeLessThan(300);
    expectError(
      await t.app.inject({ url: '/api/my-account-data', headers: bearer(signedOut) }),
      401,
    );

    vi.useFakeTimers({ toFake: ['Date'] });
    const expiring = await t.login(user.email);
    await accountData(expiring);
    vi.setSystemTime(Date.now() + TEST_CONFIG.sessionIdleMs + 60_000);
    expectError(
      await t.app.inject({ url: '/api/my-account-data', headers: bearer(expiring) }),
      401,
    );
  });

  it('sees a change written straight to the database, not through the app', async () => {
    const now = dubaiPeriod();
    const user = await t.makeUser({ joinedOn: `${shiftPeriod(now, -1)}-01` });
    const token = await t.login(user.email);
    expect((await accountData(token)).monthlyPaymentData.map((r: Row) => r.status)).toEqual([
      'pay_now',
      'due',
    ]);
    await t.db.insert(payments).values({
      userId: user.id,
      kind: 'dues',
      period: shiftPeriod(now, -1),
      amountFils: 20_000,
      status: 'rejected',
      reviewNote: 'Wrong account',
    });
    const data = await accountData(token);
    expect(data.monthlyPaymentData[1].description).toContain('Wrong account');

    await postEntry(t.db, {
      kind: 'dues',
      memo: 'a correction entered by hand',
      occurredAt: new Date(),
      createdBy: admin.id,
      lines: [
        { account: { code: 'cash' }, amountFils: 12_345 },
        { account: { code: 'savings', userId: user.id }, amountFils: -12_345 },
      ],
    });
    expect((await accountData(token)).account_balance).toBe(123.45);
  });

  it('follows the monthly due when the treasurer changes it', async () => {
    const user = await t.makeUser({ joinedOn: `${dubaiPeriod()}-01` });
    const token = await t.login(user.email);
    expect((await accountData(token)).monthly_due).toBe(200);
    await t.db.update(settings).set({ monthlyDueFils: 25_000 }).where(eq(settings.id, 1));
    try {
      const data = await accountData(token);
      expect(data.monthly_due).toBe(250);
      expect(data.due_balance).toBe(250);
    } finally {
      await t.db.update(settings).set({ monthlyDueFils: 20_000 }).where(eq(settings.id, 1));
    }
  });

  it('counts an installment as owed from midnight in Dubai on its day, though the answer was kept the evening before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-02-13T08:00:00Z'));
    const user = await t.makeUser({ joinedOn: '2026-02-01' });
    const loan = await applyForLoan(t.db, user.id, loanApplication(), new Date());
    await approveLoan(t.db, loan.id, admin, new Date());
    await disburseLoan(t.db, loan.id, admin, new Date());
    const [first] = await installmentsOf(t.db, loan.id);
    expect(first!.dueOn).toBe('2026-03-13');

    vi.setSystemTime(new Date('2026-03-12T19:58:00Z')); // 23:58 on 12 March in Dubai
    const token = await t.login(user.email);
    const before = await accountData(token);
    expect(await accountData(token)).toEqual(before); // kept
    vi.setSystemTime(new Date('2026-03-12T20:01:00Z')); // 00:01 on 13 March
    const after = await accountData(token);
    expect(after.due_balance - before.due_balance).toBeCloseTo(first!.amountFils / 100, 2);
  });

  it('sees at once what another instance of the app changed', async () => {
    // A second app with its own kept answers: on PostgreSQL over a pool of its own, as a
    // second process behind the load balancer would be.
    const other = await openPostgres(t.testDb.url);
    const second = await buildApp(TEST_CONFIG, {
      db: other.db,
      storage: t.storage,
      mailer: { delivers: true, send: async () => undefined },
    });
    try {
      const user = await t.makeUser({ joinedOn: `${dubaiPeriod()}-01` });
      const token = await t.login(user.email);
      const [payment] = await t.db
        .insert(payments)
        .values({
          userId: user.id,
          kind: 'dues',
          period: dubaiPeriod(),
          amountFils: 20_000,
          status: 'pending',
        })
        .returning({ id: payments.id });
      expect((await accountData(token)).monthlyPaymentData[0].status).toBe('pending');
      expect((await accountData(token, second)).monthlyPaymentData[0].status).toBe('pending');

      await approvePayment(other.db, payment!.id, admin, new Date(), 20_000);
      for (const app of [t.app, second]) {
        const data = await accountData(token, app);
        expect(data.monthlyPaymentData[0].status).toBe('completed');
        expect(data.account_balance).toBe(200);
      }
    } finally {
      await second.close();
      await other.close();
    }
  });
});
