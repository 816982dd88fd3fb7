import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@jamiya/contracts/languages';
import { loanInstallments } from '../../db/schema/loans.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { users } from '../../db/schema/users.ts';
import { accountBalanceFils, memberSavingsFils } from '../ledger/public.ts';
import { bearer, expectError, memberWhoPaid, useTestApp } from '../../../test/harness.ts';
import { sendInstallmentReminders } from './reminders.ts';

// The guarantee's life (docs/domain/guarantors.md): asked, accepted or declined, holding part of
// the guarantor's savings in proportion to what the loan still owes, released at closing, and
// taken from on a write-off with recovery; and what a guarantor may see.

const t = useTestApp({}, { loanRules: 'defaults' });

/** A member who joined `monthsAgo` months ago and paid every past month, AED 200 each. */
const member = (monthsAgo: number) => memberWhoPaid(t, monthsAgo);

let adminToken = '';
async function admin(): Promise<string> {
  if (!adminToken) {
    const a = await t.makeUser({ role: 'admin', isMember: false });
    adminToken = await t.login(a.email);
  }
  return adminToken;
}

const as = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function applyWith(
  borrower: { token: string },
  amount: number,
  guarantors: Array<{ member: { uniqueId: string }; amount: number }>,
): Promise<number> {
  const res = await as(borrower.token, 'POST', '/api/loan-application', {
    loan_amount: amount,
    duration_month: 3,
    bank_account: 'Botim 1',
    passport_or_nid: 'P1',
    guarantors: guarantors.map((g) => ({ member_id: g.member.uniqueId, amount: g.amount })),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().loan.id;
}

const guaranteesOf = async (token: string) =>
  (await as(token, 'GET', '/api/guarantees')).json() as {
    items: Array<{ id: number; state: string; held: number; amount: number; recovered: number }>;
    findable: boolean;
    free_savings: number;
  };
const myLoan = async (token: string, loanId: number) =>
  (await as(token, 'GET', '/api/my-loans'))
    .json()
    .items.find((l: { id: number }) => l.id === loanId);

/** Approve and pay out, as a single active admin may. */
async function payOut(loanId: number) {
  const token = await admin();
  const approved = await as(token, 'POST', `/api/admin/loans/${loanId}/approve`, {});
  expect(approved.statusCode, approved.body).toBe(200);
  const paid = await as(token, 'POST', `/api/admin/loans/${loanId}/disburse`, {});
  expect(paid.statusCode, paid.body).toBe(200);
}

describe('a guarantee from ask to release', () => {
  it('waits for the guarantors, holds their savings, shrinks with repayments and is released at closing', async () => {
    const borrower = await member(6); // AED 1,200: a loan of AED 3,000 needs AED 1,800
    const g1 = await member(12); // AED 2,400
    const g2 = await member(12);
    const g3 = await member(12);
    const loanId = await applyWith(borrower, 3000, [
      { member: g1, amount: 1000 },
      { member: g2, amount: 800 },
    ]);
    const [asked1] = (await guaranteesOf(g1.token)).items;
    const [asked2] = (await guaranteesOf(g2.token)).items;
    expect(asked1).toMatchObject({ state: 'asked', amount: 1000, held: 0 });

    // A guarantor reads the loan's state and arrears, nothing more of the borrower's account.
    const seen = (await as(g1.token, 'GET', '/api/guarantees')).json().items[0];
    expect(Object.keys(seen.loan).sort()).toEqual(
      ['amount', 'arrears', 'duration_month', 'is_overdue', 'overdue_since', 'state'].sort(),
    );
    expect(Object.keys(seen.borrower).sort()).toEqual(['member_id', 'name']);
    expect(seen.loan).toMatchObject({ state: 'pending', amount: 3000, arrears: 0 });
    const theirLoans = (await as(g1.token, 'GET', '/api/my-loans')).json().items;
    expect(theirLoans.some((l: { id: number }) => l.id === loanId)).toBe(false);

    // Nobody else answers for g1: another member, the borrower included, gets 404.
    for (const other of [borrower, g3]) {
      expectError(await as(other.token, 'POST', `/api/guarantees/${asked1!.id}/accept`), 404);
      expectError(await as(other.token, 'POST', `/api/guarantees/${asked1!.id}/decline`), 404);
    }
    expectError(await as(g1.token, 'POST', '/api/guarantees/999999/accept'), 404);

    // The treasurer cannot approve before the guarantees cover AED 1,800.
    const early = expectError(
      await as(await admin(), 'POST', `/api/admin/loans/${loanId}/approve`, {}),
      409,
    );
    expect(early.message).toMatch(/cover AED.0 of the AED.1,800/);

    const accepted = await as(g1.token, 'POST', `/api/guarantees/${asked1!.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().guarantee).toMatchObject({ state: 'accepted', held: 1000 });
    expectError(await as(g1.token, 'POST', `/api/guarantees/${asked1!.id}/accept`), 409);
    expectError(await as(g1.token, 'POST', `/api/guarantees/${asked1!.id}/decline`), 409);
    expect((await guaranteesOf(g1.token)).free_savings).toBe(1400);
    // The hold is not free for g1's own loan: eligibility counts it.
    expect((await as(g1.token, 'GET', '/api/my-loans/eligibility')).json()).toMatchObject({
      savings: 2400,
      free_savings: 1400,
    });

    const declined = await as(g2.token, 'POST', `/api/guarantees/${asked2!.id}/decline`);
    expect(declined.statusCode).toBe(200);
    expect(declined.json().guarantee).toMatchObject({ state: 'declined', held: 0 });
    const still = expectError(
      await as(await admin(), 'POST', `/api/admin/loans/${loanId}/approve`, {}),
      409,
    );
    expect(still.message).toMatch(/cover AED.1,000 of the AED.1,800/);

    // The borrower sees each answer, and was told of each.
    expect(
      (await myLoan(borrower.token, loanId)).guarantors.map(
        (g: { state: string; held: number }) => [g.state, g.held],
      ),
    ).toEqual([
      ['accepted', 1000],
      ['declined', 0],
    ]);
    const toBorrower = await t.db
      .select({ text: notifications.params })
      .from(notifications)
      .where(and(eq(notifications.userId, borrower.id), eq(notifications.kind, 'guarantee')));
    expect(toBorrower.map((n) => n.text.text).sort()).toEqual([
      'guaranteeAccepted',
      'guaranteeDeclined',
    ]);

    // The borrower withdraws and applies again with another guarantor: the first is released.
    expect(
      (await as(borrower.token, 'POST', `/api/my-loans/${loanId}/withdraw`, {})).statusCode,
    ).toBe(200);
    expect((await guaranteesOf(g1.token)).items[0]).toMatchObject({ state: 'released', held: 0 });
    expect((await guaranteesOf(g1.token)).free_savings).toBe(2400);

    const again = await applyWith(borrower, 3000, [
      { member: g1, amount: 1000 },
      { member: g3, amount: 800 },
    ]);
    for (const g of [g1, g3]) {
      const [mine] = (await guaranteesOf(g.token)).items;
      expect((await as(g.token, 'POST', `/api/guarantees/${mine!.id}/accept`)).statusCode).toBe(
        200,
      );
    }
    await payOut(again);
    // Paid out, the loan owes its total (AED 3,210): the holds are the whole amounts.
    expect(
      (await myLoan(borrower.token, again)).guarantors.map((g: { held: number }) => g.held),
    ).toEqual([1000, 800]);

    // A repayment of AED 1,070 leaves 2,140 of 3,210 owed: each hold shrinks to two thirds.
    const repaid = await as(await admin(), 'POST', `/api/admin/loans/${again}/repayments`, {
      amount: '1070',
    });
    expect(repaid.statusCode, repaid.body).toBe(200);
    expect((await guaranteesOf(g1.token)).items[0]).toMatchObject({ held: 666.66 });
    expect((await guaranteesOf(g3.token)).items[0]).toMatchObject({ held: 533.33 });

    // Repaid in full: released, and each guarantor told.
    const rest = await as(await admin(), 'POST', `/api/admin/loans/${again}/repayments`, {
      amount: '2140',
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect((await myLoan(borrower.token, again)).state).toBe('closed');
    for (const g of [g1, g3]) {
      expect((await guaranteesOf(g.token)).items[0]).toMatchObject({ state: 'released', held: 0 });
      const told = await t.db
        .select({ params: notifications.params })
        .from(notifications)
        .where(and(eq(notifications.userId, g.id), eq(notifications.kind, 'guarantee')));
      expect(told.map((n) => n.params.text)).toContain('guaranteeReleased');
    }
    await t.expectBooksBalance();
  });

  it('refuses a guarantee beyond the free savings at acceptance, and an inactive guarantor', async () => {
    const g = await member(6); // AED 1,200
    const b1 = await member(6);
    const b2 = await member(6);
    const first = await applyWith(b1, 2000, [{ member: g, amount: 800 }]);
    const second = await applyWith(b2, 2000, [{ member: g, amount: 800 }]);
    const byLoan = async (loanId: number) => {
      const rows = (await as(g.token, 'GET', '/api/guarantees')).json().items as Array<{
        id: number;
        loan: { amount: number };
      }>;
      // Both loans are of AED 2,000: tell them apart by the order they were asked (newest first).
      return loanId === second ? rows[0]! : rows[1]!;
    };
    const a = await byLoan(first);
    expect((await as(g.token, 'POST', `/api/guarantees/${a.id}/accept`)).statusCode).toBe(200);
    const b = await byLoan(second);
    const refused = expectError(await as(g.token, 'POST', `/api/guarantees/${b.id}/accept`), 422);
    expect(refused.message).toMatch(/free savings, AED.400, are less than this guarantee, AED.800/);
    const said = new Set<string>();
    for (const language of LANGUAGES) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/guarantees/${b.id}/accept`,
        headers: { ...bearer(g.token), 'accept-language': language },
      });
      const message = expectError(res, 422).message;
      expect(message).not.toMatch(/[{}]/);
      said.add(message);
    }
    expect(said.size).toBe(LANGUAGES.length);

    const sleeper = await member(6);
    const b3 = await member(6);
    await applyWith(b3, 2000, [{ member: sleeper, amount: 800 }]);
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, sleeper.id));
    const [asked] = (await guaranteesOf(sleeper.token)).items;
    expectError(await as(sleeper.token, 'POST', `/api/guarantees/${asked!.id}/accept`), 403);
  });

  it('ends the asks left unanswered when the loan is approved', async () => {
    const borrower = await member(6);
    const g1 = await member(12);
    const g2 = await member(12);
    const loanId = await applyWith(borrower, 3000, [
      { member: g1, amount: 1800 },
      { member: g2, amount: 500 },
    ]);
    const [first] = (await guaranteesOf(g1.token)).items;
    await as(g1.token, 'POST', `/api/guarantees/${first!.id}/accept`);
    const approved = await as(await admin(), 'POST', `/api/admin/loans/${loanId}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const [late] = (await guaranteesOf(g2.token)).items;
    expect(late).toMatchObject({ state: 'cancelled', held: 0 });
    expectError(await as(g2.token, 'POST', `/api/guarantees/${late!.id}/accept`), 409);
  });

  it('tells the guarantors once when an installment is later than the rules allow', async () => {
    const borrower = await member(6);
    const g = await member(12);
    const loanId = await applyWith(borrower, 2000, [{ member: g, amount: 800 }]);
    const [asked] = (await guaranteesOf(g.token)).items;
    await as(g.token, 'POST', `/api/guarantees/${asked!.id}/accept`);
    await payOut(loanId);
    const loan = await myLoan(borrower.token, loanId);
    const firstDue = new Date(`${loan.installments[0].due_date}T08:00:00Z`);
    const overdueNotices = async () =>
      (
        await t.db
          .select({ params: notifications.params })
          .from(notifications)
          .where(and(eq(notifications.userId, g.id), eq(notifications.kind, 'guarantee')))
      ).filter((n) => n.params.text === 'guaranteeOverdue').length;
    // 29 days late: not yet (the rules say 30).
    await sendInstallmentReminders(t.db, new Date(firstDue.getTime() + 29 * 86_400_000));
    expect(await overdueNotices()).toBe(0);
    await sendInstallmentReminders(t.db, new Date(firstDue.getTime() + 31 * 86_400_000));
    expect(await overdueNotices()).toBe(1);
    await sendInstallmentReminders(t.db, new Date(firstDue.getTime() + 32 * 86_400_000));
    expect(await overdueNotices()).toBe(1);
  });

  it('shows the arrears to who stands for the loan, not to who declined', async () => {
    const borrower = await member(6);
    const g = await member(12);
    const no = await member(12);
    const loanId = await applyWith(borrower, 2000, [
      { member: g, amount: 800 },
      { member: no, amount: 300 },
    ]);
    const [yes] = (await guaranteesOf(g.token)).items;
    await as(g.token, 'POST', `/api/guarantees/${yes!.id}/accept`);
    const [asked] = (await guaranteesOf(no.token)).items;
    await as(no.token, 'POST', `/api/guarantees/${asked!.id}/decline`);
    await payOut(loanId);
    // The first installment fell due long ago and is unpaid.
    await t.db
      .update(loanInstallments)
      .set({ dueOn: '2026-01-05' })
      .where(and(eq(loanInstallments.loanId, loanId), eq(loanInstallments.number, 1)));
    const standing = (await as(g.token, 'GET', '/api/guarantees')).json().items[0].loan;
    expect(standing).toMatchObject({ is_overdue: true, overdue_since: '2026-01-05' });
    expect(standing.arrears).toBeGreaterThan(0);
    const declined = (await as(no.token, 'GET', '/api/guarantees')).json().items[0];
    expect(declined.state).toBe('declined');
    expect(declined.loan).toMatchObject({ is_overdue: false, arrears: 0, overdue_since: null });
  });
});

describe('a write-off with recovery', () => {
  it('takes the loss from the held savings pro rata, in one balanced entry on each statement', async () => {
    const borrower = await member(6); // AED 1,200 free
    const g1 = await member(12);
    const g2 = await member(12);
    const loanId = await applyWith(borrower, 3000, [
      { member: g1, amount: 1200 },
      { member: g2, amount: 600 },
    ]);
    for (const g of [g1, g2]) {
      const [mine] = (await guaranteesOf(g.token)).items;
      await as(g.token, 'POST', `/api/guarantees/${mine!.id}/accept`);
    }
    await payOut(loanId);
    const cashBefore = await accountBalanceFils(t.db, { code: 'cash' });
    const lossesBefore = await accountBalanceFils(t.db, { code: 'loan_losses' });
    const savingsBefore = [
      await memberSavingsFils(t.db, g1.id),
      await memberSavingsFils(t.db, g2.id),
    ];
    const res = await as(await admin(), 'POST', `/api/admin/loans/${loanId}/write-off`, {
      reason: 'Went home for good',
      recover_from_guarantors: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    // Holds 1,200 and 600 (nothing repaid); the unpaid principal, AED 3,000, is more than both:
    // each guarantor gives what they held.
    const recovered = res
      .json()
      .loan.guarantors.map((g: { recovered: number; state: string }) => [g.state, g.recovered]);
    expect(recovered).toEqual([
      ['released', 1200],
      ['released', 600],
    ]);
    expect(await memberSavingsFils(t.db, g1.id)).toBe(savingsBefore[0]! - 120_000);
    expect(await memberSavingsFils(t.db, g2.id)).toBe(savingsBefore[1]! - 60_000);
    expect(await accountBalanceFils(t.db, { code: 'cash' })).toBe(cashBefore);
    // The loss: the unpaid principal less what the guarantors made good.
    expect(await accountBalanceFils(t.db, { code: 'loan_losses' })).toBe(
      lossesBefore + 300_000 - 180_000,
    );
    await t.expectBooksBalance();
    const statement = (await as(g1.token, 'GET', '/api/my-statement')).json();
    const line = statement.lines.find((l: { kind: string }) => l.kind === 'recovery');
    expect(line).toMatchObject({ kind: 'recovery' });
    expect(line.memo).toBe(`Taken for your guarantee of loan ${loanId}`);
    expect(line.savings_change).toBe(-1200);
    expect((await guaranteesOf(g1.token)).items[0]).toMatchObject({
      state: 'released',
      held: 0,
      recovered: 1200,
    });
  });

  it('shares the loss pro rata when the holds are more than it, and leaves the rest when not asked', async () => {
    const borrower = await member(6);
    const g1 = await member(12);
    const g2 = await member(12);
    const g3 = await member(12);
    const loanId = await applyWith(borrower, 3000, [
      { member: g1, amount: 1000 },
      { member: g2, amount: 800 },
    ]);
    for (const g of [g1, g2]) {
      const [mine] = (await guaranteesOf(g.token)).items;
      await as(g.token, 'POST', `/api/guarantees/${mine!.id}/accept`);
    }
    await payOut(loanId);
    // AED 2,675 repaid of 3,210: 535 owed; the holds are 1000 × 535/3210 = 166.66 and 133.33
    // (299.99 together); the unpaid principal is 500 (the last installments' principal): the
    // holds are less, so each gives their hold.
    await as(await admin(), 'POST', `/api/admin/loans/${loanId}/repayments`, { amount: '2675' });
    const res = await as(await admin(), 'POST', `/api/admin/loans/${loanId}/write-off`, {
      reason: 'Unreachable',
      recover_from_guarantors: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const recovered = res.json().loan.guarantors.map((g: { recovered: number }) => g.recovered);
    expect(recovered).toEqual([166.66, 133.33]);
    await t.expectBooksBalance();

    // Without recovery, nothing is taken and the holds are released.
    const b2 = await member(6);
    const other = await applyWith(b2, 2000, [{ member: g3, amount: 800 }]);
    const [mine] = (await guaranteesOf(g3.token)).items;
    await as(g3.token, 'POST', `/api/guarantees/${mine!.id}/accept`);
    await payOut(other);
    const before = await memberSavingsFils(t.db, g3.id);
    const off = await as(await admin(), 'POST', `/api/admin/loans/${other}/write-off`, {
      reason: 'Unreachable',
    });
    expect(off.statusCode).toBe(200);
    expect(await memberSavingsFils(t.db, g3.id)).toBe(before);
    expect((await guaranteesOf(g3.token)).items[0]).toMatchObject({
      state: 'released',
      held: 0,
      recovered: 0,
    });
  });
});

describe('the list of guarantors', () => {
  it('lists only active members who agreed to be found, never the caller', async () => {
    const seeker = await member(6);
    const willing = await member(6);
    const shy = await member(6);
    const gone = await member(6);
    for (const m of [willing, gone, seeker]) {
      const res = await as(m.token, 'PUT', '/api/guarantees/findable', { findable: true });
      expect(res.statusCode).toBe(200);
      expect(res.json().findable).toBe(true);
    }
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, gone.id));
    const listed = (await as(seeker.token, 'GET', '/api/guarantors?limit=1')).json()
      .items as Array<{
      member_id: string;
      name: string;
    }>;
    const ids = listed.map((m) => m.member_id);
    expect(ids).toContain(willing.uniqueId);
    for (const absent of [shy, gone, seeker]) expect(ids).not.toContain(absent.uniqueId);
    expect(Object.keys(listed[0]!).sort()).toEqual(['member_id', 'name']);
    const found = (
      await as(seeker.token, 'GET', `/api/guarantors?q=${encodeURIComponent(willing.uniqueId)}`)
    ).json().items;
    expect(found).toEqual([{ member_id: willing.uniqueId, name: willing.name }]);
    expect((await guaranteesOf(willing.token)).findable).toBe(true);
    expect((await guaranteesOf(shy.token)).findable).toBe(false);
    expectError(
      await as(seeker.token, 'PUT', '/api/guarantees/findable', { findable: 'maybe' }),
      422,
    );
    expectError(await t.app.inject({ url: '/api/guarantors' }), 401);
    expectError(await t.app.inject({ url: '/api/guarantees' }), 401);
    expectError(await as(await admin(), 'GET', '/api/guarantees'), 403);
  });
});

describe('what the borrower reads of the guarantors', () => {
  it('a name once the guarantor accepts; before, the ID they named, as for anyone', async () => {
    const borrower = await member(6);
    const willing = await member(12);
    const unwilling = await member(12);
    const loanId = await applyWith(borrower, 3000, [
      { member: willing, amount: 1000 },
      { member: unwilling, amount: 800 },
    ]);
    const names = async () =>
      (
        (await myLoan(borrower.token, loanId)).guarantors as Array<{
          member_id: string;
          name: string | null;
        }>
      ).map((g) => [g.member_id, g.name]);
    expect(await names()).toEqual([
      [willing.uniqueId, null],
      [unwilling.uniqueId, null],
    ]);
    const [toWilling] = (await guaranteesOf(willing.token)).items;
    const [toUnwilling] = (await guaranteesOf(unwilling.token)).items;
    expect(
      (await as(willing.token, 'POST', `/api/guarantees/${toWilling!.id}/accept`)).statusCode,
    ).toBe(200);
    expect(
      (await as(unwilling.token, 'POST', `/api/guarantees/${toUnwilling!.id}/decline`)).statusCode,
    ).toBe(200);
    expect(await names()).toEqual([
      [willing.uniqueId, willing.name],
      [unwilling.uniqueId, null],
    ]);
    // The treasurer reads every name.
    const theirs = (await as(await admin(), 'GET', `/api/admin/loans/${loanId}`)).json().guarantors;
    expect(theirs.map((g: { name: string }) => g.name)).toEqual([willing.name, unwilling.name]);
  });
});
