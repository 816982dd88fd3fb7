import { and, eq } from 'drizzle-orm';
import type pg from 'pg';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MONTH_NAMES } from '@jamiya/contracts/common';
import { formatMoney } from '@jamiya/money/format';
import { bearer, createTestApp, expectError, type TestApp } from '../../../test/harness.ts';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { journalEntries, ledgerAccounts, postings } from '../../db/schema/ledger.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { renderNotice } from '../notifications/texts.ts';
import { users } from '../../db/schema/users.ts';
import { localDate } from '../../lib/calendar.ts';
import { approvePayment } from '../payments/review.ts';
import { submitDues } from '../payments/submissions.ts';
import { settings } from '../../db/schema/settings.ts';
import { pendingUpload } from '../files/files.ts';
import { sanitizeUpload } from '../files/sanitize-upload.ts';
import { accountBalanceFils, memberSavingsFils } from '../ledger/balances.ts';
import { applyForLoan } from '../loans/apply.ts';
import { applyRepayment } from '../loans/repayment.ts';
import { approveLoan } from '../loans/decisions.ts';
import { disburseLoan } from '../loans/disburse.ts';
import { installmentsOf } from '../loans/installments.ts';
import type { Actor } from '../../lib/actor.ts';

/** A moment on a Dubai date (noon unless a time is given). */
const at = (date: string, time = '12:00') => new Date(`${date}T${time}:00+04:00`);
const today = () => localDate(new Date());

/** The journal, written through the services with dates in the past (a savings history). */
function books(t: TestApp, admin: Actor) {
  let receipt: Buffer | undefined;
  return {
    async dues(userId: number, date: string, amountFils: number) {
      receipt ??= await sharp({
        create: { width: 20, height: 20, channels: 3, background: '#fff' },
      })
        .png()
        .toBuffer();
      const stored = pendingUpload(t.storage, await sanitizeUpload(receipt), 'r.png');
      const payment = await submitDues(
        t.db,
        userId,
        {
          month: MONTH_NAMES[Number(date.slice(5, 7)) - 1]!,
          amountFils,
          accountNumber: 'AE07',
          receipt: stored,
        },
        at(date, '09:00'),
      );
      await approvePayment(t.db, payment.id, admin, at(date));
    },
    async loan(userId: number, date: string) {
      // The payout needs cash (never below zero): funds from a member who saves only today,
      // after every period these tests close, so that nobody's share of them changes.
      await t.fundCash(100_000);
      const loan = await applyForLoan(
        t.db,
        userId,
        {
          loanType: 'personal',
          amountFils: 100_000,
          termMonths: 3,
          includeInsurance: false,
          bankAccount: 'Botim',
          passportOrNid: 'P1',
        },
        at(date, '08:00'),
      );
      await approveLoan(t.db, loan.id, admin, at(date, '09:00'));
      await disburseLoan(t.db, loan.id, admin, at(date));
      return loan.id;
    },
    /** Repays the next installment; returns the interest it paid. */
    async repay(loanId: number, when: Date) {
      const next = (await installmentsOf(t.db, loanId)).find((i) => i.paidAt === null)!;
      await t.db.transaction((tx) =>
        applyRepayment(tx, { loanId, amountFils: next.amountFils, actor: admin, now: when }),
      );
      return next.interestFils;
    },
  };
}

async function bonusEntries(db: Db) {
  return db.select().from(journalEntries).where(eq(journalEntries.kind, 'bonus'));
}

describe('sharing out the interest income', () => {
  // A close is for good, and each test needs the periods closed before it and no others: the
  // tests that only read share books (`t`) with nothing closed; each that closes has its own.
  let t: TestApp;
  let adminToken: string;
  let adminId: number;
  let a: { id: number; token: string };
  let b: { id: number; token: string };
  let borrower: number;
  let interestQ1 = 0;
  let interestApril = 0;

  const as = (token: string) => ({
    get: (url: string) => t.app.inject({ url, headers: bearer(token) }),
    post: (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: bearer(token) }),
  });

  /** Fresh books: the admin, savers A and B, and the borrower whose interest is to share. */
  async function association() {
    t = await createTestApp();
    const admin = await t.makeUser({ role: 'admin', joinedOn: '2025-01-01' });
    adminId = admin.id;
    adminToken = await t.login(admin.email);
    const member = async () => {
      const user = await t.makeUser({ joinedOn: '2025-01-01' });
      return { id: user.id, token: await t.login(user.email) };
    };
    a = await member();
    b = await member();
    borrower = (await member()).id;

    // A monthly due of 500 AED, so that B can save 500 in one month; A's 200 are part payments.
    await t.db.update(settings).set({ monthlyDueFils: 50_000 });
    const j = books(t, { id: adminId, role: 'admin' });
    // A: 200 AED from 10 Jan and 200 more from 10 Feb; B: 500 AED from 20 Feb.
    await j.dues(a.id, '2025-01-10', 20_000);
    await j.dues(a.id, '2025-02-10', 20_000);
    await j.dues(b.id, '2025-02-20', 50_000);
    // The borrower saves nothing; their interest is the income to share.
    const loanId = await j.loan(borrower, '2025-01-21');
    interestQ1 = await j.repay(loanId, at('2025-02-21'));
    // 20:30 UTC on 31 March, but 1 April in Dubai: the next period's.
    interestApril = await j.repay(loanId, at('2025-04-01', '00:30'));
  }

  /** The first period, 10 January to 31 March, closed by the admin. */
  async function firstPeriodClosed() {
    const res = await as(adminToken).post('/api/admin/bonus/periods', { ends_on: '2025-03-31' });
    expect(res.statusCode, res.body).toBe(201);
  }

  // Days from 10 Jan to 31 Mar: 22 + 28 + 31 = 81. A holds 200 AED for 81 days and 200 more
  // for 50 (10 Feb – 31 Mar); B 500 AED for 40 (20 Feb – 31 Mar). In fils × days:
  const weightA = 20_000 * 81 + 20_000 * 50; // 2,620,000
  const weightB = 50_000 * 40; // 2,000,000
  const total = weightA + weightB; // 4,620,000: A has 131/231 of it

  async function userEmail(id: number) {
    const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, id));
    return row?.email;
  }

  describe('with nothing closed yet', () => {
    beforeAll(association);
    afterAll(() => t.close());

    it('previews the first period from the first entry: interest shared by balance-days', async () => {
      const res = await as(adminToken).get('/api/admin/bonus/preview?ends_on=2025-03-31');
      expect(res.statusCode).toBe(200);
      const preview = res.json();
      // The first installment of 1,000 AED over 3 months at 7 % carries 23.33 AED of interest:
      // A gets 2,333 × 131/231 = 1,323.05 → 1,323 fils, B 2,333 × 100/231 = 1,009.95 → 1,010.
      expect(interestQ1).toBe(2_333);
      // Each part within 1 fil of interest × weight / total, and the parts sum to the interest.
      const [shareA, shareB] = preview.members.map((m: { amount: number }) =>
        Math.round(m.amount * 100),
      );
      expect([shareA, shareB]).toEqual([1_323, 1_010]);
      expect(shareA + shareB).toBe(interestQ1);
      expect(Math.abs(shareA * total - interestQ1 * weightA)).toBeLessThan(total);
      expect(Math.abs(shareB * total - interestQ1 * weightB)).toBeLessThan(total);
      expect(preview).toEqual({
        starts_on: '2025-01-10',
        ends_on: '2025-03-31',
        days: 81,
        interest: interestQ1 / 100,
        parts: {
          interest: interestQ1 / 100,
          fines: null,
          other_income: null,
          expenses: null,
          shared: interestQ1 / 100,
        },
        // Nothing else was earned: the interest is the whole surplus.
        could_share: { fines: 0, other_income: 0, expenses: 0 },
        total_average_balance: 570.37, // 4,620,000 / 81 = 57,037.04 fils
        members: [
          {
            member: expect.objectContaining({ id: a.id }),
            average_balance: 323.46, // 2,620,000 / 81
            share_percent: 56.71,
            amount: shareA / 100,
          },
          {
            member: expect.objectContaining({ id: b.id }),
            average_balance: 246.91, // 2,000,000 / 81
            share_percent: 43.29,
            amount: shareB / 100,
          },
        ],
        can_close: true,
        blocker: null,
      });
    });

    it("estimates a member's share so far exactly as the preview of the same days", async () => {
      const mine = (await as(a.token).get('/api/my-bonus')).json();
      expect(mine.closed).toEqual([]);
      expect(mine.estimate).toMatchObject({ from: '2025-01-10', to: today(), is_estimate: true });
      const preview = (
        await as(adminToken).get(`/api/admin/bonus/preview?ends_on=${today()}`)
      ).json();
      expect(preview.can_close).toBe(false);
      expect(preview.blocker).toMatch(/Today is not over/);
      const row = preview.members.find((m: { member: { id: number } }) => m.member.id === a.id);
      expect(mine.estimate).toEqual({
        from: '2025-01-10',
        to: today(),
        days: preview.days,
        interest_so_far: preview.interest,
        parts: preview.parts,
        your_average_balance: row.average_balance,
        total_average_balance: preview.total_average_balance,
        your_share_percent: row.share_percent,
        amount: row.amount,
        is_estimate: true,
      });
      expect(preview.interest).toBe((interestQ1 + interestApril) / 100);
      expect(mine.estimate.amount).toBeGreaterThan(0);
      // The borrower held no savings: nothing so far, and no closed share.
      const theirs = (
        await as(await t.login((await userEmail(borrower))!)).get('/api/my-bonus')
      ).json();
      expect(theirs.estimate).toMatchObject({
        amount: 0,
        your_average_balance: 0,
        your_share_percent: 0,
      });
    });

    it('is for admins only; the member call needs a sign-in', async () => {
      for (const url of [
        '/api/admin/bonus/periods',
        '/api/admin/bonus/preview?ends_on=2025-03-31',
      ]) {
        expectError(await t.app.inject({ url }), 401);
        expectError(await as(a.token).get(url), 403);
      }
      expectError(
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/bonus/periods',
          payload: { ends_on: '2025-06-30' },
        }),
        401,
      );
      expectError(
        await as(a.token).post('/api/admin/bonus/periods', { ends_on: '2025-06-30' }),
        403,
      );
      expectError(await t.app.inject({ url: '/api/my-bonus' }), 401);
    });
  });

  describe('closing periods', () => {
    beforeEach(association);
    afterEach(() => t.close());

    it('closes with one balanced entry that moves the interest to the savings, audited and notified', async () => {
      const preview = (
        await as(adminToken).get('/api/admin/bonus/preview?ends_on=2025-03-31')
      ).json();
      const [shareA, shareB] = preview.members.map((m: { amount: number }) =>
        Math.round(m.amount * 100),
      );
      const before = {
        a: await memberSavingsFils(t.db, a.id),
        b: await memberSavingsFils(t.db, b.id),
        income: await accountBalanceFils(t.db, { code: 'interest_income' }),
      };

      const res = await as(adminToken).post('/api/admin/bonus/periods', { ends_on: '2025-03-31' });
      expect(res.statusCode).toBe(201);
      const { period } = res.json();
      expect(period).toMatchObject({
        starts_on: '2025-01-10',
        ends_on: '2025-03-31',
        days: 81,
        interest: interestQ1 / 100,
        members: 2,
        total_average_balance: 570.37,
        closed_by: expect.objectContaining({ id: adminId }),
      });

      expect(await memberSavingsFils(t.db, a.id)).toBe(before.a + shareA);
      expect(await memberSavingsFils(t.db, b.id)).toBe(before.b + shareB);
      expect(await accountBalanceFils(t.db, { code: 'interest_income' })).toBe(
        before.income + interestQ1,
      );
      const entries = await bonusEntries(t.db);
      expect(entries.map((e) => e.id)).toEqual([period.entry_id]);
      const lines = await t.db
        .select({ code: ledgerAccounts.code, amount: postings.amountFils })
        .from(postings)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
        .where(eq(postings.entryId, period.entry_id));
      expect(lines).toEqual(
        expect.arrayContaining([
          { code: 'interest_income', amount: interestQ1 },
          { code: `savings:${a.id}`, amount: -shareA },
          { code: `savings:${b.id}`, amount: -shareB },
        ]),
      );
      expect(lines).toHaveLength(3);
      await t.expectBooksBalance();

      const [audited] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'bonus.close'), eq(auditLog.targetId, String(period.id))));
      expect(audited).toMatchObject({ actorId: adminId, targetType: 'bonus_period' });
      const told = await t.db.select().from(notifications).where(eq(notifications.kind, 'bonus'));
      expect(told.map((n) => n.userId).sort()).toEqual([a.id, b.id].sort());
      const toldA = told.find((n) => n.userId === a.id)!;
      expect({ ...toldA, ...renderNotice(toldA.params, 'en') }).toMatchObject({
        link: '/user/my-bonus',
        title: `Your bonus of ${formatMoney(shareA, 'en')} was added to your savings`,
        // How it was worked out, with the figures /api/my-bonus shows (a test below).
        body:
          'Your share of the interest the association earned from 10 January 2025 to 31 March 2025: ' +
          `your average savings of ${formatMoney(32_346, 'en')} were 56.71\u00a0% of the association’s ` +
          `${formatMoney(57_037, 'en')}, so you receive that part of ${formatMoney(interestQ1, 'en')}.`,
      });
      // The member's statement says which period the share-out was for.
      const statement = (await as(a.token).get('/api/my-statement')).json() as {
        lines: { kind: string; memo: string }[];
      };
      expect(statement.lines.find((l) => l.kind === 'bonus')?.memo).toBe(
        'Share-out of interest income, 10 January 2025 to 31 March 2025',
      );
    });

    it('shows the member their share and how it was computed, and estimates the next period', async () => {
      await firstPeriodClosed();
      const mine = (await as(a.token).get('/api/my-bonus')).json();
      const [entry] = await bonusEntries(t.db);
      const [line] = await t.db
        .select({ amount: postings.amountFils })
        .from(postings)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
        .where(and(eq(postings.entryId, entry!.id), eq(ledgerAccounts.code, `savings:${a.id}`)));
      expect(mine.closed).toEqual([
        {
          period: expect.objectContaining({
            starts_on: '2025-01-10',
            ends_on: '2025-03-31',
            days: 81,
          }),
          interest_total: interestQ1 / 100,
          parts: {
            interest: interestQ1 / 100,
            fines: null,
            other_income: null,
            expenses: null,
            shared: interestQ1 / 100,
          },
          your_average_balance: 323.46,
          total_average_balance: 570.37,
          your_share_percent: 56.71,
          amount: -line!.amount / 100,
        },
      ]);
      expect(mine.estimate).toMatchObject({
        from: '2025-04-01',
        to: today(),
        interest_so_far: interestApril / 100,
        is_estimate: true,
      });
      const list = (await as(adminToken).get('/api/admin/bonus/periods')).json();
      expect(list.items).toHaveLength(1);
      expect(list.next).toEqual({
        starts_on: '2025-04-01',
        is_start_fixed: true,
        latest_ends_on: expect.any(String),
      });
    });

    it('refuses a second close, an overlap, a gap, the future and a period with nothing to share', async () => {
      await firstPeriodClosed();
      const close = (body: object) => as(adminToken).post('/api/admin/bonus/periods', body);
      expect(expectError(await close({ ends_on: '2025-03-31' }), 409).message).toMatch(
        /already closed.*starts on 1 April 2025/,
      );
      expectError(await close({ starts_on: '2025-03-01', ends_on: '2025-06-30' }), 409);
      expectError(await as(adminToken).get('/api/admin/bonus/preview?ends_on=2025-02-28'), 409);
      expect(
        expectError(await close({ starts_on: '2025-04-05', ends_on: '2025-06-30' }), 422).errors,
      ).toHaveProperty('starts_on');
      expectError(await close({ ends_on: '2999-01-01' }), 422);
      expect(expectError(await close({ ends_on: today() }), 422).message).toMatch(
        /Today is not over/,
      );
      expectError(await close({ ends_on: '2025-02-30' }), 422);

      // April has the second repayment's interest; May has none.
      expect((await close({ ends_on: '2025-04-30' })).statusCode).toBe(201);
      const may = (await as(adminToken).get('/api/admin/bonus/preview?ends_on=2025-05-31')).json();
      expect(may).toMatchObject({ interest: 0, can_close: false });
      expect(expectError(await close({ ends_on: '2025-05-31' }), 422).message).toBe(
        'There is no income from loans in this period to share.',
      );
      expect(await bonusEntries(t.db)).toHaveLength(2);
      await t.expectBooksBalance();
    });
  });
});

describe('a first period with nothing or nobody to share with', () => {
  let t: TestApp;
  let token: string;
  let adminId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const admin = await t.makeUser({ role: 'admin', joinedOn: '2025-01-01' });
    adminId = admin.id;
    token = await t.login(admin.email);
  });
  afterAll(() => t.close());

  it('says so when the books are empty, and when no member held savings', async () => {
    const post = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/bonus/periods',
        payload,
        headers: bearer(token),
      });
    expect(expectError(await post({ ends_on: '2025-03-31' }), 422).message).toMatch(
      /Nothing is recorded/,
    );
    const periods = await t.app.inject({ url: '/api/admin/bonus/periods', headers: bearer(token) });
    expect(periods.json().next).toMatchObject({ starts_on: null, is_start_fixed: false });

    const borrower = await t.makeUser({ joinedOn: '2025-01-01' });
    const j = books(t, { id: adminId, role: 'admin' });
    const loanId = await j.loan(borrower.id, '2025-01-21');
    await j.repay(loanId, at('2025-02-21'));

    const res = await t.app.inject({
      url: '/api/admin/bonus/preview?starts_on=2025-01-01&ends_on=2025-03-31',
      headers: bearer(token),
    });
    expect(res.json()).toMatchObject({
      starts_on: '2025-01-01',
      members: [],
      can_close: false,
      blocker: 'No member held savings during this period, so there is nobody to share with.',
    });
    expectError(await post({ starts_on: '2025-01-01', ends_on: '2025-03-31' }), 422);
    expect(await bonusEntries(t.db)).toHaveLength(0);
    await t.expectBooksBalance();
  });
});

// PGlite runs one query at a time, so races can only happen on a real PostgreSQL server.
describe('closes at the same moment (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    // The harness drops the database as soon as the pool ends; ignore the dropped connections.
    (t.db as unknown as { $client: pg.Pool }).$client.on('error', () => {});
    await t.close();
  });

  it('gives one period and one entry; the others are told it is closed', async () => {
    const admin = await t.makeUser({ role: 'admin', joinedOn: '2025-01-01' });
    const token = await t.login(admin.email);
    const j = books(t, { id: admin.id, role: 'admin' });
    const saver = await t.makeUser({ joinedOn: '2025-01-01' });
    const borrower = await t.makeUser({ joinedOn: '2025-01-01' });
    await j.dues(saver.id, '2025-01-10', 20_000);
    await j.repay(await j.loan(borrower.id, '2025-01-21'), at('2025-02-21'));

    // The first period may start where the admin says: different starts must not both pass.
    const starts = [undefined, '2025-01-01', '2025-01-05', '2025-01-10'];
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/admin/bonus/periods',
          payload: { starts_on: starts[i % starts.length], ends_on: '2025-03-31' },
          headers: bearer(token),
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(await bonusEntries(t.db)).toHaveLength(1);
    await t.expectBooksBalance();
  });
});
