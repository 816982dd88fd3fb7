import { eq, inArray } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { duesMonths, payments } from '../../db/schema/payments.ts';
import { settings } from '../../db/schema/settings.ts';
import { users } from '../../db/schema/users.ts';
import { exits } from '../../db/schema/exits.ts';
import { bonusAllocations } from '../../db/schema/bonus.ts';
import { accountBalanceFils, memberSavingsFils, memberWeights } from '../ledger/public.ts';
import { chargeFine, duesCalendarRun, recordPaymentFromBank } from '../payments/public.ts';
import { bearer, expectError, memberWhoPaid, paidDues, useTestApp } from '../../../test/harness.ts';
import { dubaiPeriod, periodAgo, shiftPeriod } from '../../../test/calendar.ts';

// Leaving the association (docs/domain/leaving.md): the settlement with a loan, a fine and a
// guarantee, paid out by two admins; the held part paid once released; the account read-only
// after; the share-out estimate at exit; and every refusal.

const t = useTestApp({}, { loanRules: 'defaults' });

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai' }).format(new Date());

beforeEach(async () => {
  // Other tests' admins and members are no part of these counts: each test brings its own.
  await t.db.update(users).set({ status: 0 });
  await t.db.update(settings).set({
    finesSince: '2020-01-01',
    fineFils: 1_000,
    shareOutAtExit: false,
    maxMonthsInArrears: 2,
  });
});

afterEach(() => vi.useRealTimers());

const as = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** A member who joined `monthsAgo` months ago and paid `paid` of those months, oldest first. */
const member = (monthsAgo: number, paid = monthsAgo) => memberWhoPaid(t, monthsAgo, { paid });

async function admin() {
  const a = await t.makeUser({ role: 'admin', isMember: false });
  return { ...a, token: await t.login(a.email) };
}

const myExit = async (token: string) => {
  const res = await as(token, 'GET', '/api/my-exit');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const askToLeave = (
  token: string,
  body: object = { leave_on: today(), pay_to: 'IBAN AE07 0331' },
) => as(token, 'POST', '/api/my-exit', body);

const payOut = (token: string, exitId: number, amount: number) =>
  as(token, 'POST', `/api/admin/exits/${exitId}/payout`, { amount });

describe('leaving with a loan, a fine and a guarantee', () => {
  // The admin list puts the oldest open exit first: other tests' open requests are withdrawn,
  // so the one this test opens is the list's first.
  beforeEach(async () => {
    await t.db
      .update(exits)
      .set({ state: 'withdrawn', withdrawnAt: new Date() })
      .where(inArray(exits.state, ['requested', 'holding']));
  });

  it('settles from the savings, pays out by two admins, holds what guarantees hold, then clears', async () => {
    const first = await admin();
    // Five months paid of six (AED 1,000): last month unpaid and fined, this month unpaid.
    const anjali = await member(6, 5);
    const borrower = await member(12);
    expect(await chargeFine(t.db, anjali.id, periodAgo(1), new Date())).toBe(true);

    // Anjali's own loan of AED 500 (AED 535 with the charge), paid out.
    const applied = await as(anjali.token, 'POST', '/api/loan-application', {
      loan_amount: 500,
      duration_month: 3,
      bank_account: 'Botim 1',
      passport_or_nid: 'P1',
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const loanId = applied.json().loan.id;
    for (const step of ['approve', 'disburse'])
      expect(
        (await as(first.token, 'POST', `/api/admin/loans/${loanId}/${step}`, {})).statusCode,
      ).toBe(200);

    // Anjali guarantees AED 200 of another member's application: that part stays held.
    const theirs = await as(borrower.token, 'POST', '/api/loan-application', {
      loan_amount: 2600,
      duration_month: 3,
      bank_account: 'Botim 2',
      passport_or_nid: 'P2',
      guarantors: [{ member_id: anjali.uniqueId, amount: 200 }],
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    const asked = (await as(anjali.token, 'GET', '/api/guarantees')).json().items[0];
    expect((await as(anjali.token, 'POST', `/api/guarantees/${asked.id}/accept`)).statusCode).toBe(
      200,
    );

    // Before she asks: what leaving would pay today.
    const before = await myExit(anjali.token);
    expect(before.exit).toBeNull();
    expect(before.settlement).toMatchObject({
      savings: 1000,
      share_out: 0,
      loan_owed: 535,
      fines_owed: 10,
      dues_unpaid: 400,
      dues_unpaid_months: 2,
      held_for_guarantees: 200,
      payout: 255,
      shortfall: 0,
      blockers: [],
    });

    const asked1 = await askToLeave(anjali.token);
    expect(asked1.statusCode, asked1.body).toBe(200);
    const exitId = asked1.json().exit.id;
    expect(asked1.json().exit).toMatchObject({
      state: 'requested',
      asked_by: 'member',
      settled: null,
    });
    expectError(await askToLeave(anjali.token), 409);

    // Two admins now: one proposes, the other confirms the same amount.
    const second = await admin();
    const cashBefore = await accountBalanceFils(t.db, { code: 'cash' });
    expectError(await payOut(first.token, exitId, 300), 409);
    const proposed = await payOut(first.token, exitId, 255);
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect(proposed.json().proposal).toMatchObject({ action: 'exit.payout', amount: 255 });
    expectError(await payOut(first.token, exitId, 255), 409);
    expect(await accountBalanceFils(t.db, { code: 'cash' })).toBe(cashBefore);
    const paid = await payOut(second.token, exitId, 255);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().exit).toMatchObject({
      state: 'holding',
      left_on: today(),
      settled: {
        savings: 1000,
        loan_repaid: 535,
        fines_paid: 10,
        dues_closed: 400,
        paid_out: 255,
        held: 200,
      },
    });

    // The books: cash out by the payout only, the loan closed from savings, the fine paid.
    expect(await accountBalanceFils(t.db, { code: 'cash' })).toBe(cashBefore - 25_500);
    expect(await memberSavingsFils(t.db, anjali.id)).toBe(20_000);
    expect(await accountBalanceFils(t.db, { code: 'fines', userId: anjali.id })).toBe(0);
    expect((await as(anjali.token, 'GET', '/api/my-loans')).json().items[0].state).toBe('closed');
    await t.expectBooksBalance();

    // Read-only: she owes nothing, no month is due, and nothing new can be sent.
    const account = (await as(anjali.token, 'GET', '/api/my-account-data')).json().myAccountData;
    expect(account).toMatchObject({ due_balance: 0, loan_balance: 0, account_balance: 200 });
    expect(
      account.monthlyPaymentData.every((r: { status: string }) => r.status === 'completed'),
    ).toBe(true);
    expect(account.monthlyPaymentData[0].period).toBe(dubaiPeriod());
    const refused = expectError(await askToLeave(anjali.token), 403);
    expect(refused.message).toMatch(/read-only/);
    expectError(
      await as(anjali.token, 'POST', '/api/loan-application', {
        loan_amount: 500,
        duration_month: 3,
        bank_account: 'b',
        passport_or_nid: 'p',
      }),
      403,
    );
    expectError(await as(anjali.token, 'POST', `/api/my-dues/${dubaiPeriod()}/salary-late`), 403);
    expect((await as(anjali.token, 'GET', '/api/my-statement')).statusCode).toBe(200);
    expect((await as(anjali.token, 'GET', '/api/profile')).json().userData).toMatchObject({
      left_on: today(),
      status: 0,
    });
    // Not a member of the share-out any more, nor of the arrears list.
    expect(
      (await memberWeights(t.db, periodAgo(12) + '-01', today())).some(
        (w) => w.userId === anjali.id,
      ),
    ).toBe(false);
    const arrears = (await as(first.token, 'GET', '/api/admin/arrears')).json();
    expect(arrears.members.some((m: { member: { id: number } }) => m.member.id === anjali.id)).toBe(
      false,
    );
    expectError(await as(anjali.token, 'GET', '/api/my-exit/clearance-letter'), 409);
    // Nothing comes into her savings any more: a receipt found later is not approved.
    const [late] = await t.db
      .insert(payments)
      .values({
        userId: anjali.id,
        kind: 'dues',
        period: shiftPeriod(dubaiPeriod(), 1),
        amountFils: 20_000,
      })
      .returning();
    const approval = await as(first.token, 'POST', `/api/admin/payments/${late!.id}/approve`, {
      amount: 200,
    });
    expect(expectError(approval, 409).message).toMatch(/has left/);
    await t.db.delete(payments).where(eq(payments.id, late!.id));

    // The loan she guaranteed is withdrawn: the hold is released, the rest paid out.
    const list = (await as(first.token, 'GET', '/api/admin/exits')).json().items;
    expect(list[0]).toMatchObject({
      id: exitId,
      state: 'holding',
      settlement: { payout: 0, held_for_guarantees: 200 },
    });
    expect(list[0].settlement.blockers[0]).toMatch(/still hold AED.200/);
    expectError(await payOut(first.token, exitId, 0), 409);
    const withdrawn = await as(
      borrower.token,
      'POST',
      `/api/my-loans/${theirs.json().loan.id}/withdraw`,
      {},
    );
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const released = (await as(first.token, 'GET', '/api/admin/exits')).json().items[0];
    expect(released.settlement).toMatchObject({ payout: 200, held_for_guarantees: 0 });
    expect((await payOut(first.token, exitId, 200)).statusCode).toBe(202);
    const closed = await payOut(second.token, exitId, 200);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().exit).toMatchObject({
      state: 'closed',
      settled: { paid_out: 455, held: 0 },
    });

    // An exited member owes nothing and holds nothing.
    expect(await memberSavingsFils(t.db, anjali.id)).toBe(0);
    expect(await accountBalanceFils(t.db, { code: 'cash' })).toBe(cashBefore - 45_500);
    await t.expectBooksBalance();
    const after = await myExit(anjali.token);
    expect(after).toMatchObject({
      exit: { state: 'closed' },
      settlement: null,
      clearance_letter_url: '/api/my-exit/clearance-letter',
    });
    const letter = await as(anjali.token, 'GET', '/api/my-exit/clearance-letter');
    expect(letter.statusCode).toBe(200);
    expect(letter.headers['content-type']).toBe('application/pdf');
    expect(letter.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const theirCopy = await as(first.token, 'GET', `/api/admin/exits/${exitId}/clearance-letter`);
    expect(theirCopy.statusCode).toBe(200);
    expectError(await payOut(first.token, exitId, 0), 409);
    // The months the exit closed say so.
    const months = await t.db.select().from(duesMonths).where(eq(duesMonths.userId, anjali.id));
    expect(months.map((m) => [m.period, m.settledAtExitFils]).sort()).toEqual(
      [
        [periodAgo(1), 21_000],
        [dubaiPeriod(), 20_000],
      ].sort(),
    );
  });
});

describe('asking to leave', () => {
  it('refuses a day in the past or too far, no account, and lets the member withdraw', async () => {
    const rahul = await member(3);
    const pastDay = expectError(
      await askToLeave(rahul.token, { leave_on: '2020-01-01', pay_to: 'Cash' }),
      422,
    );
    expect(pastDay.errors?.leave_on).toBeDefined();
    expectError(await askToLeave(rahul.token, { leave_on: '2099-01-01', pay_to: 'Cash' }), 422);
    const noAccount = expectError(
      await askToLeave(rahul.token, { leave_on: today(), pay_to: '  ' }),
      422,
    );
    expect(noAccount.errors?.pay_to).toBeDefined();
    expectError(await askToLeave(rahul.token, { leave_on: 'tomorrow', pay_to: 'Cash' }), 422);
    expectError(await as(rahul.token, 'POST', '/api/my-exit/withdraw'), 409);

    expect((await askToLeave(rahul.token)).statusCode).toBe(200);
    const back = await as(rahul.token, 'POST', '/api/my-exit/withdraw');
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().exit.state).toBe('withdrawn');
    // A new request after a withdrawal.
    expect((await askToLeave(rahul.token)).statusCode).toBe(200);
  });

  it('is no call for an admin without membership, nor for an admin who is a member', async () => {
    const a = await admin();
    expectError(await as(a.token, 'GET', '/api/my-exit'), 403);
    const both = await t.makeUser({ role: 'admin', isMember: true });
    const token = await t.login(both.email);
    expectError(await askToLeave(token), 409);
    expectError(await as(token, 'GET', '/api/admin/exits/999999/clearance-letter'), 404);
    // No admin decides on their own membership.
    const own = { leave_on: today(), pay_to: 'Cash', reason: 'Going home' };
    expectError(await as(token, 'POST', `/api/admin/members/${both.id}/exit`, own), 403);
  });
});

describe('the committee ending a membership', () => {
  it('asks on the member’s behalf with a reason, and tells them', async () => {
    const a = await admin();
    const rashid = await member(2);
    const end = (body: object, id = rashid.id) =>
      as(a.token, 'POST', `/api/admin/members/${id}/exit`, body);
    expectError(await end({ leave_on: today(), pay_to: 'Cash' }), 422);
    expectError(
      await end({ leave_on: today(), pay_to: 'Cash', reason: 'Went home' }, 999_999),
      404,
    );
    expectError(await end({ leave_on: today(), pay_to: 'Cash', reason: 'Went home' }, a.id), 404);
    const ended = await end({ leave_on: today(), pay_to: 'Cash', reason: 'Went home for good' });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().exit).toMatchObject({
      state: 'requested',
      asked_by: 'committee',
      reason: 'Went home for good',
      member: { id: rashid.id },
      settlement: { savings: 400, payout: 400 },
    });
    const notices = (await as(rashid.token, 'GET', '/api/notifications')).json().items;
    expect(notices[0]).toMatchObject({ kind: 'exit', link: '/user/leave' });
    expect(notices[0].body).toMatch(/Went home for good/);
    expect((await as(rashid.token, 'GET', '/api/admin/exits')).statusCode).toBe(403);
    // The committee's decision is not the member's to take back.
    expectError(await as(rashid.token, 'POST', '/api/my-exit/withdraw'), 403);
  });
});

describe('the payout refuses', () => {
  it('before the leaving day, with a receipt under review, a loan application open or a shortfall', async () => {
    const a = await admin();
    const later = await member(2);
    const tomorrow = new Date(Date.now() + 36 * 3600_000);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai' }).format(tomorrow);
    const exit = (await askToLeave(later.token, { leave_on: day, pay_to: 'Cash' })).json().exit;
    expect(expectError(await payOut(a.token, exit.id, 400), 409).message).toMatch(/leaves on/);
    expectError(await payOut(a.token, 999_999, 0), 404);
    expectError(await payOut(a.token, exit.id, -1), 422);

    // A receipt waiting for review is decided first.
    const waiting = await member(2, 1);
    await t.db.insert(payments).values({
      userId: waiting.id,
      kind: 'dues',
      period: dubaiPeriod(),
      amountFils: 20_000,
      status: 'pending',
    });
    const waitingExit = (await askToLeave(waiting.token)).json().exit;
    const review = expectError(await payOut(a.token, waitingExit.id, 200), 409);
    expect(review.message).toMatch(/receipt awaits/);

    // What is owed beyond the savings: a loan larger than them.
    const short = await member(3);
    await t.db.update(settings).set({ savingsMultiple: 0 });
    const applied = await as(short.token, 'POST', '/api/loan-application', {
      loan_amount: 1000,
      duration_month: 3,
      bank_account: 'Botim 1',
      passport_or_nid: 'P1',
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const pending = (await myExit(short.token)).settlement;
    expect(pending.blockers).toEqual([expect.stringMatching(/loan application is still open/)]);
    for (const step of ['approve', 'disburse'])
      expect(
        (await as(a.token, 'POST', `/api/admin/loans/${applied.json().loan.id}/${step}`, {}))
          .statusCode,
      ).toBe(200);
    const owed = (await myExit(short.token)).settlement;
    expect(owed).toMatchObject({ savings: 600, loan_owed: 1070, payout: 0, shortfall: 470 });
    const shortExit = (await askToLeave(short.token)).json().exit;
    expect(expectError(await payOut(a.token, shortExit.id, 0), 409).message).toMatch(
      /AED.470 more/,
    );
    await t.db.update(settings).set({ savingsMultiple: 3 });
  });
});

describe('two payouts at once', () => {
  it('pay once', async () => {
    const a = await admin();
    const leaver = await member(2);
    const exit = (await askToLeave(leaver.token)).json().exit;
    const cashBefore = await accountBalanceFils(t.db, { code: 'cash' });
    const answers = await Promise.all([
      payOut(a.token, exit.id, 400),
      payOut(a.token, exit.id, 400),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await accountBalanceFils(t.db, { code: 'cash' })).toBe(cashBefore - 40_000);
    await t.expectBooksBalance();
  });
});

describe('the share-out at exit', () => {
  it('pays the estimate of the open period when the association says so, and leaves the rest to the others', async () => {
    const a = await admin();
    const leaver = await member(2);
    const stayer = await member(2);
    // Interest earned in the open period: a loan's first installment repaid in cash.
    const borrower = await member(6);
    const applied = await as(borrower.token, 'POST', '/api/loan-application', {
      loan_amount: 1000,
      duration_month: 1,
      bank_account: 'Botim 1',
      passport_or_nid: 'P1',
    });
    const loanId = applied.json().loan.id;
    for (const step of ['approve', 'disburse'])
      expect((await as(a.token, 'POST', `/api/admin/loans/${loanId}/${step}`, {})).statusCode).toBe(
        200,
      );
    const repaid = await as(a.token, 'POST', `/api/admin/loans/${loanId}/repayments`, {
      amount: 1070,
    });
    expect(repaid.statusCode, repaid.body).toBe(200);
    await t.db.update(settings).set({ shareOutAtExit: true });
    const settlement = (await myExit(leaver.token)).settlement;
    expect(settlement.share_out).toBeGreaterThan(0);
    expect(settlement.payout).toBe(400 + settlement.share_out);
    const exit = (await askToLeave(leaver.token)).json().exit;
    const paid = await payOut(a.token, exit.id, settlement.payout);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().exit).toMatchObject({
      state: 'closed',
      settled: { share_out: settlement.share_out },
    });
    expect(await memberSavingsFils(t.db, leaver.id)).toBe(0);
    const weights = await memberWeights(t.db, periodAgo(3) + '-01', today());
    expect(weights.map((w) => w.userId)).toContain(stayer.id);
    expect(weights.map((w) => w.userId)).not.toContain(leaver.id);
    await t.expectBooksBalance();
    const [row] = await t.db.select().from(exits).where(eq(exits.id, exit.id));
    expect(row?.shareOutFils).toBe(Math.round(settlement.share_out * 100));

    // Tomorrow the period closes: the others share the charge less what she took, she nothing.
    const exitDay = today();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(Date.now() + 24 * 3600_000));
    const tomorrowToken = await t.login(a.email);
    const closed = await as(tomorrowToken, 'POST', '/api/admin/bonus/periods', {
      ends_on: exitDay,
    });
    expect(closed.statusCode, closed.body).toBe(201);
    const shares = await t.db.select().from(bonusAllocations);
    expect(shares.some((r) => r.userId === leaver.id)).toBe(false);
    expect(shares.find((r) => r.userId === stayer.id)?.amountFils).toBeGreaterThan(0);
    expect(shares.reduce((sum, r) => sum + r.amountFils, 0)).toBe(
      Math.round(closed.json().period.interest * 100),
    );
    // Every charge earned so far is shared once: at exit or at the close, never both.
    expect(await accountBalanceFils(t.db, { code: 'interest_income' })).toBe(0);
    await t.expectBooksBalance();
  });
});

describe('while a request to leave waits', () => {
  it('asks no month after the leaving month, fines none, and takes no new loan or guarantee', async () => {
    const a = await admin();
    const day = (d: string) => new Date(`${d}T10:00:00+04:00`);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(day('2030-03-20'));
    const user = await t.makeUser({ joinedOn: '2030-01-01' });
    await paidDues(t.db, user.id, ['2030-01', '2030-02', '2030-03'], 20_000, day('2030-03-05'));
    const token = await t.login(user.email);
    const borrower = await t.makeUser({ joinedOn: '2029-12-01' });
    await paidDues(
      t.db,
      borrower.id,
      ['2029-12', '2030-01', '2030-02', '2030-03'],
      20_000,
      day('2030-03-05'),
    );
    // A guarantee asked of her before she asks to leave: declined then, the borrower told.
    const borrowerToken = await t.login(borrower.email);
    const application = {
      loan_amount: 1000,
      duration_month: 3,
      bank_account: 'b',
      passport_or_nid: 'p',
      guarantors: [{ member_id: user.uniqueId, amount: 200 }],
    };
    const theirs = await as(borrowerToken, 'POST', '/api/loan-application', application);
    expect(theirs.statusCode, theirs.body).toBe(200);
    const exit = (await askToLeave(token, { leave_on: '2030-03-31', pay_to: 'Cash' })).json().exit;
    const asked = (await as(token, 'GET', '/api/guarantees')).json().items[0];
    expect(asked.state).toBe('declined');
    expectError(await as(token, 'POST', `/api/guarantees/${asked.id}/accept`), 409);
    const told = (await as(borrowerToken, 'GET', '/api/notifications')).json().items[0];
    expect(told).toMatchObject({ kind: 'guarantee' });
    expect(
      (await as(borrowerToken, 'POST', `/api/my-loans/${theirs.json().loan.id}/withdraw`, {}))
        .statusCode,
    ).toBe(200);
    // Nobody names her again, and she asks for no loan of her own.
    expectError(await as(borrowerToken, 'POST', '/api/loan-application', application), 422);
    expectError(
      await as(token, 'POST', '/api/loan-application', {
        loan_amount: 500,
        duration_month: 3,
        bank_account: 'b',
        passport_or_nid: 'p',
      }),
      409,
    );

    // The committee pays out in May: April and May are no months of hers, nor fined.
    vi.setSystemTime(day('2030-05-20'));
    await duesCalendarRun(t.db, day('2030-05-20'));
    const months = await t.db.select().from(duesMonths).where(eq(duesMonths.userId, user.id));
    expect(months.filter((m) => m.finedAt !== null)).toEqual([]);
    // Two months on, a new session of each.
    const later = await t.login(user.email);
    const adminLater = await t.login(a.email);
    const rows = (await as(later, 'GET', '/api/my-account-data')).json().myAccountData;
    expect(rows.monthlyPaymentData.map((r: { period: string }) => r.period)).toEqual([
      '2030-03',
      '2030-02',
      '2030-01',
    ]);
    expect(rows.due_balance).toBe(0);
    const list = (await as(adminLater, 'GET', '/api/admin/exits')).json().items;
    expect(list.find((e: { id: number }) => e.id === exit.id).settlement).toMatchObject({
      savings: 600,
      dues_unpaid: 0,
      payout: 600,
    });
    const paid = await payOut(adminLater, exit.id, 600);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().exit).toMatchObject({ state: 'closed', left_on: '2030-03-31' });
    // A bank line for her is refused: nothing comes into a settled account.
    await expect(
      t.db.transaction((tx) =>
        recordPaymentFromBank(
          tx,
          {
            userId: user.id,
            amountFils: 20_000,
            period: '2030-04',
            bankReference: 'FT1',
            transferDate: '2030-05-19',
          },
          { id: a.id, role: 'admin' },
          new Date(),
        ),
      ),
    ).rejects.toMatchObject({ statusCode: 409 });
    await t.expectBooksBalance();
  });
});

describe('an exit that waits for a guarantee', () => {
  it('closes by itself when a write-off took all that was held', async () => {
    const treasurer = await admin();
    const leaver = await member(12); // AED 2,400
    const borrower = await member(12);
    const applied = await as(borrower.token, 'POST', '/api/loan-application', {
      loan_amount: 4000,
      duration_month: 6,
      bank_account: 'Botim 2',
      passport_or_nid: 'P2',
      guarantors: [{ member_id: leaver.uniqueId, amount: 1600 }],
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const loanId = applied.json().loan.id;
    const asked = (await as(leaver.token, 'GET', '/api/guarantees')).json().items[0];
    expect((await as(leaver.token, 'POST', `/api/guarantees/${asked.id}/accept`)).statusCode).toBe(
      200,
    );
    for (const step of ['approve', 'disburse'])
      expect(
        (await as(treasurer.token, 'POST', `/api/admin/loans/${loanId}/${step}`, {})).statusCode,
      ).toBe(200);

    const exitId = (await askToLeave(leaver.token)).json().exit.id;
    const paid = await payOut(treasurer.token, exitId, 800);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await myExit(leaver.token)).exit).toMatchObject({ state: 'holding' });

    const writtenOff = await as(treasurer.token, 'POST', `/api/admin/loans/${loanId}/write-off`, {
      reason: 'The borrower left the country',
      recover_from_guarantors: true,
    });
    expect(writtenOff.statusCode, writtenOff.body).toBe(200);
    expect(await memberSavingsFils(t.db, leaver.id)).toBe(0);
    const [row] = await t.db.select().from(exits).where(eq(exits.id, exitId));
    expect(row).toMatchObject({ state: 'closed', paidOutFils: 80_000 });
    expect(row!.closedAt).not.toBeNull();
    await t.expectBooksBalance();

    // The letter lists every line between the savings and the payout, and they add up.
    const letter = await as(leaver.token, 'GET', '/api/my-exit/clearance-letter');
    expect(letter.statusCode).toBe(200);
    const { text } = await extractText(new Uint8Array(letter.rawPayload), { mergePages: true });
    const words = text.replace(/\s+/g, ' ');
    expect(words).toContain('Savings 2,400 ');
    expect(words).toContain('Taken for loans you guaranteed 1,600 ');
    expect(words).toMatch(/Paid out to you \(to .*\) 800 /);
  });
});
