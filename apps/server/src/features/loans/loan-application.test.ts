import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, expectError, multipart, useTestApp } from '../../../test/harness.ts';
import { journalEntries, ledgerAccounts, postings } from '../../db/schema/ledger.ts';
import { loanInstallments, loans, loanTransitions } from '../../db/schema/loans.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/errors.ts';
import { accountBalanceFils, loanReceivableFils } from '../ledger/balances.ts';
import { applyRepayment } from './repayment.ts';
import { approveLoan, rejectLoan } from './decisions.ts';
import { disburseLoan } from './disburse.ts';
import { writeOffLoan } from './write-off.ts';
import type { Actor } from '../../lib/actor.ts';

type Fields = Record<string, string | undefined>;

const VALID: Fields = {
  loan_type: 'personalLoan',
  loan_amount: '1000',
  duration_month: '3',
  bank_account: 'Botim 0501234567',
  passport_or_nid: 'P1234567',
  includeInsurance: 'true',
};

/**
 * The figures of docs/product.md section 5, worked out here in integer fils: total =
 * amount x 1.07 rounded half up to whole AED; per month = amount x 1.07 / term rounded
 * half up to the fil.
 */
function expectedFigures(amountAed: number, term: number) {
  const owedMilli = BigInt(amountAed) * 100n * 1070n; // thousandths of a fil
  const totalFils = Number(((owedMilli + 50_000n) / 100_000n) * 100n);
  const perMonthFils = Number((owedMilli + 500n * BigInt(term)) / (1000n * BigInt(term)));
  return { totalFils, perMonthFils };
}

/** YYYY-MM-DD plus `months`, the day clamped to the end of a shorter month. */
function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

function dubaiDate(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Dubai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

describe('loans', () => {
  const t = useTestApp();
  let admin: Actor;

  beforeAll(async () => {
    // Cash for the loans this file pays out (cash never goes below zero).
    await t.fundCash(10_000_000);
    const adminUser = await t.makeUser({ role: 'admin' });
    admin = { id: adminUser.id, role: 'admin' };
  });

  async function member() {
    const today = dubaiDate(new Date());
    const user = await t.makeUser({ joinedOn: `${today.slice(0, 7)}-01` });
    return { user, token: await t.login(user.email) };
  }

  function apply(token: string, fields: Fields) {
    const { payload, headers } = multipart(fields);
    return t.app.inject({
      method: 'POST',
      url: '/api/loan-application',
      payload,
      headers: { ...headers, ...bearer(token) },
    });
  }
  const loansOf = (userId: number) => t.db.select().from(loans).where(eq(loans.userId, userId));
  const transitionsOf = (loanId: number) =>
    t.db
      .select()
      .from(loanTransitions)
      .where(eq(loanTransitions.loanId, loanId))
      .orderBy(asc(loanTransitions.id));
  async function myLoans(token: string) {
    const res = await t.app.inject({ url: '/api/my-loans', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json();
  }
  function withdraw(token: string, id: string | number, reason?: string) {
    return t.app.inject({
      method: 'POST',
      url: `/api/my-loans/${id}/withdraw`,
      headers: bearer(token),
      payload: reason === undefined ? {} : { reason },
    });
  }
  async function rejection(promise: Promise<unknown>): Promise<AppError> {
    const err = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }
  async function appliedLoan(fields: Fields = {}) {
    const m = await member();
    const res = await apply(m.token, { ...VALID, ...fields });
    expect(res.statusCode, res.body).toBe(200);
    return { ...m, loanId: res.json().loan.id as number };
  }

  describe('POST /api/loan-application', () => {
    it('stores the application with the figures the server computes (1000 over 3: 1070, 356.67 a month)', async () => {
      const { user, token } = await member();
      const res = await apply(token, {
        ...VALID,
        per_month_amount: '356.67',
        total_amount_with_interest: '1070',
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.status_code).toBe(200);
      expect(body.message).toEqual(expect.any(String));
      expect(body.loan).toMatchObject({
        loan_type: 'personalLoan',
        state: 'pending',
        is_overdue: false,
        loan_amount: 1000,
        duration_month: 3,
        interest_rate_percent: 7,
        total_amount_with_interest: 1070,
        per_month_amount: 356.67,
        include_insurance: true,
        bank_account: 'Botim 0501234567',
        passport_or_nid: 'P1234567',
        paid_amount: 0,
        remaining_amount: 1070,
        next_installment: null,
        disbursed_on: null,
        installments: [],
      });
      expect(body.loan.transitions).toEqual([
        { from: null, to: 'pending', at: expect.any(String), reason: null, by: 'member' },
      ]);

      const [row] = await loansOf(user.id);
      expect(row).toMatchObject({
        amountFils: 100_000,
        termMonths: 3,
        totalFils: 107_000,
        perMonthFils: 35_667,
        state: 'pending',
        interestPermille: 70,
      });
      const [tr] = await transitionsOf(row!.id);
      expect(tr).toMatchObject({ fromState: null, toState: 'pending', actorId: user.id });
      // An application moves no money.
      expect(
        await t.db.select().from(journalEntries).where(eq(journalEntries.loanId, row!.id)),
      ).toHaveLength(0);
    });

    it.each([
      [500, 1],
      [1000, 6],
      [2300, 24],
      [5000, 7],
      [4900, 11],
      [700, 3],
    ])(
      'computes the figures of %i AED over %i months itself, and accepts them when sent back',
      async (amount, term) => {
        const { totalFils, perMonthFils } = expectedFigures(amount, term);
        const { token } = await member();
        const res = await apply(token, {
          ...VALID,
          loan_amount: String(amount),
          duration_month: String(term),
          per_month_amount: (perMonthFils / 100).toFixed(2),
          total_amount_with_interest: (totalFils / 100).toFixed(2),
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().loan).toMatchObject({
          loan_amount: amount,
          duration_month: term,
          total_amount_with_interest: totalFils / 100,
          per_month_amount: perMonthFils / 100,
        });
      },
    );

    it('accepts a custom term of 12 months', async () => {
      const { token } = await member();
      const res = await apply(token, {
        ...VALID,
        duration_month: '12',
        per_month_amount: '89.17',
        total_amount_with_interest: '1070',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().loan).toMatchObject({
        duration_month: 12,
        per_month_amount: 89.17,
        total_amount_with_interest: 1070,
      });
    });

    it.each([
      ['per_month_amount', { per_month_amount: '356.66' }],
      ['per_month_amount', { per_month_amount: '356.7' }],
      ['total_amount_with_interest', { total_amount_with_interest: '1071' }],
      ['total_amount_with_interest', { total_amount_with_interest: '1000' }],
    ] as const)(
      "refuses a client %s that differs from the server's with 422 naming it",
      async (field, figures) => {
        const { user, token } = await member();
        const body = expectError(await apply(token, { ...VALID, ...figures }), 422);
        expect(Object.keys(body.errors ?? {})).toEqual([field]);
        expect(await loansOf(user.id)).toHaveLength(0);
      },
    );

    it('names both figures when both differ', async () => {
      const { token } = await member();
      const body = expectError(
        await apply(token, {
          ...VALID,
          per_month_amount: '300',
          total_amount_with_interest: '900',
        }),
        422,
      );
      expect(Object.keys(body.errors ?? {}).sort()).toEqual([
        'per_month_amount',
        'total_amount_with_interest',
      ]);
    });

    it.each(['400', '499', '5100', '5000.01', '550', '1050', '1000.50', '0', '-1000', 'abc'])(
      'refuses the amount %s with 422 naming loan_amount',
      async (amount) => {
        const { user, token } = await member();
        const body = expectError(await apply(token, { ...VALID, loan_amount: amount }), 422);
        expect(body.errors?.loan_amount?.length).toBeGreaterThan(0);
        expect(await loansOf(user.id)).toHaveLength(0);
      },
    );

    it.each(['0', '2.5', '25', '-3', 'abc', '', '100'])(
      'refuses the term %j with 422 naming duration_month',
      async (term) => {
        const { user, token } = await member();
        const body = expectError(await apply(token, { ...VALID, duration_month: term }), 422);
        expect(body.errors?.duration_month?.length).toBeGreaterThan(0);
        expect(await loansOf(user.id)).toHaveLength(0);
      },
    );

    it.each(['bank_account', 'passport_or_nid'])(
      'refuses an application without %s (missing or blank) with 422 naming it',
      async (field) => {
        const { user, token } = await member();
        const missing = expectError(await apply(token, { ...VALID, [field]: undefined }), 422);
        expect(missing.errors?.[field]?.length).toBeGreaterThan(0);
        const blank = expectError(await apply(token, { ...VALID, [field]: '   ' }), 422);
        expect(blank.errors?.[field]?.length).toBeGreaterThan(0);
        expect(await loansOf(user.id)).toHaveLength(0);
      },
    );

    it('refuses an unknown loan type with 422', async () => {
      const { token } = await member();
      expect(
        expectError(await apply(token, { ...VALID, loan_type: 'yacht' }), 422).errors?.loan_type,
      ).toBeDefined();
    });

    it('refuses a second application while one is open (pending, approved or active) with 409', async () => {
      const { user, token, loanId } = await appliedLoan();
      expectError(await apply(token, VALID), 409);
      await approveLoan(t.db, loanId, admin, new Date());
      expectError(await apply(token, VALID), 409);
      await disburseLoan(t.db, loanId, admin, new Date());
      expectError(await apply(token, VALID), 409);
      expect(await loansOf(user.id)).toHaveLength(1);
      await t.expectBooksBalance();
    });

    it('refuses an inactive member with 403 and stores nothing', async () => {
      const { user, token } = await member();
      await t.db.update(users).set({ status: 0 }).where(eq(users.id, user.id));
      expectError(await apply(token, VALID), 403);
      // Signing in again works too, and is refused the same way.
      const fresh = await t.login(user.email);
      expectError(await apply(fresh, VALID), 403);
      expect(await loansOf(user.id)).toHaveLength(0);
      // Inactive members can still read.
      expect((await myLoans(fresh)).items).toEqual([]);
    });

    it('refuses a caller without a token with 401', async () => {
      const { payload, headers } = multipart(VALID);
      expectError(
        await t.app.inject({ method: 'POST', url: '/api/loan-application', payload, headers }),
        401,
      );
    });
  });

  describe('GET /api/my-loans and withdrawal', () => {
    it("lists the member's loans newest first with state, figures, installments and transitions", async () => {
      const { token, loanId } = await appliedLoan();
      const body = await myLoans(token);
      expect(Object.keys(body).sort()).toEqual(['items', 'next_cursor']);
      expect(body.next_cursor).toBeNull();
      expect(body.items).toHaveLength(1);
      expect(body.items[0]).toMatchObject({
        id: loanId,
        state: 'pending',
        loan_amount: 1000,
        total_amount_with_interest: 1070,
        installments: [],
      });
      expect(Object.keys(body.items[0]).sort()).toEqual([
        'bank_account',
        'created_at',
        'disbursed_on',
        'duration_month',
        'guarantee_needed',
        'guarantors',
        'id',
        'include_insurance',
        'installments',
        'interest_rate_percent',
        'is_overdue',
        'loan_amount',
        'loan_type',
        'next_installment',
        'paid_amount',
        'passport_or_nid',
        'per_month_amount',
        'remaining_amount',
        'state',
        'total_amount_with_interest',
        'transitions',
      ]);
    });

    it('answers 400 to a malformed cursor, and 400 or an empty page to one beyond the id range (never 500)', async () => {
      const { token } = await appliedLoan();
      expectError(
        await t.app.inject({ url: '/api/my-loans?cursor=abc', headers: bearer(token) }),
        400,
      );
      const res = await t.app.inject({
        url: '/api/my-loans?cursor=2147483648',
        headers: bearer(token),
      });
      expect([200, 400], res.body).toContain(res.statusCode);
    });

    it('withdraws a pending application, records why, and then allows a new one', async () => {
      const { user, token, loanId } = await appliedLoan();
      const res = await withdraw(token, loanId, 'I found the money elsewhere');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().loan).toMatchObject({ id: loanId, state: 'withdrawn', paid_amount: 0 });
      expect(res.json().loan.transitions.at(-1)).toMatchObject({
        from: 'pending',
        to: 'withdrawn',
        by: 'member',
        reason: 'I found the money elsewhere',
      });
      expect((await transitionsOf(loanId)).at(-1)).toMatchObject({
        toState: 'withdrawn',
        actorId: user.id,
      });

      expectError(await withdraw(token, loanId), 409);
      const again = await apply(token, VALID);
      expect(again.statusCode, again.body).toBe(200);
      const list = (await myLoans(token)).items;
      expect(list.map((l: { id: number; state: string }) => [l.id, l.state])).toEqual([
        [again.json().loan.id, 'pending'],
        [loanId, 'withdrawn'],
      ]);
    });

    it('withdraws with a bare POST, without any body (the body is optional)', async () => {
      const { token, loanId } = await appliedLoan();
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/my-loans/${loanId}/withdraw`,
        headers: bearer(token),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().loan.state).toBe('withdrawn');
    });

    it('shows nothing remaining on a loan that was withdrawn or rejected (it was never paid out)', async () => {
      const withdrawn = await appliedLoan();
      expect((await withdraw(withdrawn.token, withdrawn.loanId)).statusCode).toBe(200);
      const rejected = await appliedLoan();
      await rejectLoan(t.db, rejected.loanId, admin, 'No', new Date());
      for (const { token } of [withdrawn, rejected]) {
        const [view] = (await myLoans(token)).items;
        expect(view).toMatchObject({ paid_amount: 0, remaining_amount: 0, next_installment: null });
      }
    });

    it('withdraws an approved application too', async () => {
      const { token, loanId } = await appliedLoan();
      await approveLoan(t.db, loanId, admin, new Date());
      const res = await withdraw(token, loanId);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().loan.state).toBe('withdrawn');
      await expect(disburseLoan(t.db, loanId, admin, new Date())).rejects.toMatchObject({
        statusCode: 409,
      });
    });

    it('refuses to withdraw an active loan with 409', async () => {
      const { token, loanId } = await appliedLoan();
      await approveLoan(t.db, loanId, admin, new Date());
      await disburseLoan(t.db, loanId, admin, new Date());
      expectError(await withdraw(token, loanId), 409);
      expect((await myLoans(token)).items[0].state).toBe('active');
    });

    it("answers 404 for another member's loan, exactly as for one that does not exist, and leaves it alone", async () => {
      const owner = await appliedLoan();
      const other = await member();
      const theirs = expectError(await withdraw(other.token, owner.loanId), 404);
      const none = expectError(await withdraw(other.token, 2_000_000_000), 404);
      expect(theirs).toEqual(none);
      expect((await myLoans(owner.token)).items[0].state).toBe('pending');
    });

    it.each(['abc', '1.5', '-1', '0', '99999999999'])(
      'answers 400 or 404 to the id %j',
      async (id) => {
        const { token } = await member();
        const res = await withdraw(token, id);
        expect([400, 404]).toContain(res.statusCode);
        expectError(res, res.statusCode);
      },
    );
  });

  describe('lifecycle (domain functions)', () => {
    it('approve then disburse: `term` installments summing to the total, the first one month after disbursement (Dubai date)', async () => {
      const { user, token, loanId } = await appliedLoan({
        loan_amount: '1000',
        duration_month: '3',
      });
      await approveLoan(t.db, loanId, admin, new Date(), 'Good saver');
      await t.expectBooksBalance();
      // 20:30 UTC on 30 January is already 31 January in Dubai.
      const at = new Date('2026-01-30T20:30:00Z');
      const disbursedOn = dubaiDate(at);
      expect(disbursedOn).toBe('2026-01-31');
      const loan = await disburseLoan(t.db, loanId, admin, at);
      expect(loan).toMatchObject({ state: 'active', disbursedOn });

      const installments = await t.db
        .select()
        .from(loanInstallments)
        .where(eq(loanInstallments.loanId, loanId))
        .orderBy(asc(loanInstallments.number));
      expect(installments.map((i) => i.number)).toEqual([1, 2, 3]);
      expect(installments.reduce((s, i) => s + i.amountFils, 0)).toBe(107_000);
      expect(installments.map((i) => i.amountFils)).toEqual([35_667, 35_667, 35_666]);
      expect(installments.reduce((s, i) => s + i.principalFils, 0)).toBe(100_000);
      expect(
        installments.every(
          (i) =>
            i.principalFils >= 0 &&
            i.interestFils >= 0 &&
            i.principalFils + i.interestFils === i.amountFils,
        ),
      ).toBe(true);
      expect(installments.map((i) => i.dueOn)).toEqual(
        [1, 2, 3].map((n) => addMonths(disbursedOn, n)),
      );
      expect(installments[0]!.dueOn).toBe('2026-02-28');

      // One entry: loan receivable debited by the amount, cash credited.
      const entries = await t.db
        .select()
        .from(journalEntries)
        .where(eq(journalEntries.loanId, loanId));
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ kind: 'disbursement', createdBy: admin.id });
      const lines = await t.db
        .select({ code: ledgerAccounts.code, amountFils: postings.amountFils })
        .from(postings)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
        .where(eq(postings.entryId, entries[0]!.id));
      expect(lines.sort((a, b) => a.code.localeCompare(b.code))).toEqual([
        { code: 'cash', amountFils: -100_000 },
        { code: `loan:${loanId}`, amountFils: 100_000 },
      ]);
      expect(await loanReceivableFils(t.db, loanId)).toBe(100_000);

      const transitions = await transitionsOf(loanId);
      expect(transitions.map((r) => [r.fromState, r.toState, r.actorId])).toEqual([
        [null, 'pending', user.id],
        ['pending', 'approved', admin.id],
        ['approved', 'active', admin.id],
      ]);
      expect(transitions[1]!.reason).toBe('Good saver');
      await t.expectBooksBalance();

      // Every installment has fallen due by now: the member sees them overdue and owing.
      const view = (await myLoans(token)).items[0];
      expect(view).toMatchObject({
        state: 'active',
        is_overdue: true,
        disbursed_on: '2026-01-31',
        remaining_amount: 1070,
      });
      expect(view.next_installment).toEqual({ number: 1, due_date: '2026-02-28', amount: 356.67 });
      expect(view.installments.map((i: { status: string }) => i.status)).toEqual([
        'overdue',
        'overdue',
        'overdue',
      ]);
      expect(view.transitions.map((x: { by: string }) => x.by)).toEqual([
        'member',
        'admin',
        'admin',
      ]);
      const account = (
        await t.app.inject({ url: '/api/my-account-data', headers: bearer(token) })
      ).json().myAccountData;
      // This month's due plus the three fallen-due installments.
      expect(account.due_balance).toBe(200 + 1070);
      expect(account.loan_balance).toBe(1070);
    });

    it('a freshly disbursed loan has nothing due yet', async () => {
      const { token, loanId } = await appliedLoan({ loan_amount: '600', duration_month: '6' });
      await approveLoan(t.db, loanId, admin, new Date());
      const now = new Date();
      await disburseLoan(t.db, loanId, admin, now);
      const view = (await myLoans(token)).items[0];
      const { totalFils, perMonthFils } = expectedFigures(600, 6);
      expect(view).toMatchObject({
        is_overdue: false,
        remaining_amount: totalFils / 100,
        disbursed_on: dubaiDate(now),
      });
      expect(view.installments).toHaveLength(6);
      expect(view.next_installment).toEqual({
        number: 1,
        due_date: addMonths(dubaiDate(now), 1),
        amount: perMonthFils / 100,
      });
      const account = (
        await t.app.inject({ url: '/api/my-account-data', headers: bearer(token) })
      ).json().myAccountData;
      expect(account.due_balance).toBe(200);
    });

    it('refuses moves the state machine does not allow with 409, recording nothing', async () => {
      const { loanId } = await appliedLoan();
      expect((await rejection(disburseLoan(t.db, loanId, admin, new Date()))).statusCode).toBe(409);
      expect((await rejection(writeOffLoan(t.db, loanId, admin, 'x', new Date()))).statusCode).toBe(
        409,
      );
      await approveLoan(t.db, loanId, admin, new Date());
      expect(
        (await rejection(rejectLoan(t.db, loanId, admin, 'Changed our mind', new Date())))
          .statusCode,
      ).toBe(409);
      expect((await rejection(approveLoan(t.db, loanId, admin, new Date()))).statusCode).toBe(409);
      await disburseLoan(t.db, loanId, admin, new Date());
      expect((await rejection(disburseLoan(t.db, loanId, admin, new Date()))).statusCode).toBe(409);
      expect((await rejection(rejectLoan(t.db, loanId, admin, 'x', new Date()))).statusCode).toBe(
        409,
      );
      expect((await transitionsOf(loanId)).map((r) => r.toState)).toEqual([
        'pending',
        'approved',
        'active',
      ]);
      expect(
        await t.db.select().from(journalEntries).where(eq(journalEntries.loanId, loanId)),
      ).toHaveLength(1);
      expect(
        await t.db.select().from(loanInstallments).where(eq(loanInstallments.loanId, loanId)),
      ).toHaveLength(3);
      expect(
        (await rejection(approveLoan(t.db, 1_999_999_999, admin, new Date()))).statusCode,
      ).toBe(404);
      await t.expectBooksBalance();
    });

    it('rejects a pending application with the reason the member sees, and a new one is allowed', async () => {
      const { token, loanId } = await appliedLoan();
      await rejectLoan(t.db, loanId, admin, 'Savings too short', new Date());
      const view = (await myLoans(token)).items[0];
      expect(view).toMatchObject({ state: 'rejected', paid_amount: 0 });
      expect(view.transitions.at(-1)).toMatchObject({
        from: 'pending',
        to: 'rejected',
        reason: 'Savings too short',
        by: 'admin',
      });
      expect((await transitionsOf(loanId)).at(-1)).toMatchObject({ actorId: admin.id });
      expect((await apply(token, VALID)).statusCode).toBe(200);
      await t.expectBooksBalance();
    });

    it('write-off of an active loan moves the unpaid principal to loan_losses', async () => {
      const { token, loanId } = await appliedLoan({ loan_amount: '2000', duration_month: '6' });
      await approveLoan(t.db, loanId, admin, new Date());
      await disburseLoan(t.db, loanId, admin, new Date());
      const [first] = await t.db
        .select()
        .from(loanInstallments)
        .where(and(eq(loanInstallments.loanId, loanId), eq(loanInstallments.number, 1)));
      // One installment repaid, then the rest is given up.
      await t.db.transaction((tx) =>
        applyRepayment(tx, {
          loanId,
          amountFils: first!.amountFils,
          actor: admin,
          now: new Date(),
        }),
      );
      await t.expectBooksBalance();
      const lossesBefore = await accountBalanceFils(t.db, { code: 'loan_losses' });

      await writeOffLoan(t.db, loanId, admin, 'Member left the country', new Date());
      const unpaidPrincipal = 200_000 - first!.principalFils;
      expect((await accountBalanceFils(t.db, { code: 'loan_losses' })) - lossesBefore).toBe(
        unpaidPrincipal,
      );
      expect(await loanReceivableFils(t.db, loanId)).toBe(0);
      const entries = await t.db
        .select()
        .from(journalEntries)
        .where(eq(journalEntries.loanId, loanId))
        .orderBy(asc(journalEntries.id));
      expect(entries.map((e) => e.kind)).toEqual(['disbursement', 'repayment', 'write_off']);
      expect((await transitionsOf(loanId)).at(-1)).toMatchObject({
        fromState: 'active',
        toState: 'written_off',
        actorId: admin.id,
        reason: 'Member left the country',
      });
      await t.expectBooksBalance();

      const view = (await myLoans(token)).items[0];
      expect(view.state).toBe('written_off');
      // Written off: no more repayments, no more moves, a new application is allowed.
      expect(
        (
          await rejection(
            t.db.transaction((tx) =>
              applyRepayment(tx, { loanId, amountFils: 100, actor: admin, now: new Date() }),
            ),
          )
        ).statusCode,
      ).toBe(409);
      expect(
        (await rejection(writeOffLoan(t.db, loanId, admin, 'again', new Date()))).statusCode,
      ).toBe(409);
      expect((await apply(token, VALID)).statusCode).toBe(200);
      await t.expectBooksBalance();
    });

    it('write-off of a loan with nothing repaid loses the whole amount', async () => {
      const { loanId } = await appliedLoan({ loan_amount: '1500', duration_month: '1' });
      await approveLoan(t.db, loanId, admin, new Date());
      await disburseLoan(t.db, loanId, admin, new Date());
      const before = await accountBalanceFils(t.db, { code: 'loan_losses' });
      await writeOffLoan(t.db, loanId, admin, 'Unreachable', new Date());
      expect((await accountBalanceFils(t.db, { code: 'loan_losses' })) - before).toBe(150_000);
      await t.expectBooksBalance();
    });

    it('refuses a repayment above what is owed or of nothing, and changes nothing', async () => {
      const { loanId } = await appliedLoan();
      await approveLoan(t.db, loanId, admin, new Date());
      await disburseLoan(t.db, loanId, admin, new Date());
      const over = await rejection(
        t.db.transaction((tx) =>
          applyRepayment(tx, { loanId, amountFils: 107_001, actor: admin, now: new Date() }),
        ),
      );
      expect(over.statusCode).toBe(422);
      const zero = await rejection(
        t.db.transaction((tx) =>
          applyRepayment(tx, { loanId, amountFils: 0, actor: admin, now: new Date() }),
        ),
      );
      expect(zero.statusCode).toBe(422);
      expect(await loanReceivableFils(t.db, loanId)).toBe(100_000);
      await t.expectBooksBalance();
    });
  });
});
