// What must hold after every step, and the frame every step runs in (its call, then these
// checks). The own books' steps are made here too: they run in this frame, and these checks
// include theirs, so the three stay in one module rather than import each other in a circle.
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Fils } from '@jamiya/money/fils';
import type { Db } from '../../src/db/client.ts';
import { ledgerAccounts, postings } from '../../src/db/schema/ledger.ts';
import { accountSummary } from '../../src/features/payments/account-summary.ts';
import {
  accountBalanceFils,
  loanReceivableFils,
  memberSavingsFils,
} from '../../src/features/ledger/balances.ts';
import { bearer, rowsOf } from '../harness.ts';
import { periodAgo } from '../calendar.ts';
import { call } from './calls.ts';
import {
  aed,
  fils,
  fineDayOf,
  finesOwedFils,
  monthOf,
  monthRemainingFils,
  monthsSince,
  pad2,
  signerAnswer,
} from './helpers.ts';
import { hasLeft, leavingPeriodOf } from './helpers-exits.ts';
import {
  apiView,
  heldFrom,
  modelView,
  remainingFils,
  unpaidPrincipalFils,
  type GuaranteeView,
} from './helpers-loans.ts';
import { approvalRefusal, approveInModel } from './helpers-payments.ts';
import { DUE, DUE_DAY, type Model, type Real, type Step } from './model.ts';
import { ownBooks } from './own-books/steps.ts';
import { verifyExits, verifyLeft } from './verify-exits.ts';
import { verifyFines } from './verify-fines.ts';
import { verifyGuarantor } from './verify-guarantees.ts';
import { unconfirmed } from './verify-signers.ts';

const sumOfSavingsPostings = async (db: Db, userId: number): Promise<Fils> => {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${postings.amountFils}), 0)` })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(eq(ledgerAccounts.code, `savings:${userId}`));
  return 0 - Number(row!.total);
};

/** What must hold after every step. */
export async function verify(model: Model, real: Real): Promise<void> {
  await real.t.expectBooksBalance();
  expect(await unconfirmed(real.t.db)).toEqual(model.alone);
  const statuses = await rowsOf<{ status: number }>(
    real.t.db,
    sql`select status from users where role = 'admin' order by id`,
  );
  expect(statuses.map((r) => Number(r.status) === 1)).toEqual(model.admins.map((a) => a.active));
  const cash = await accountBalanceFils(real.t.db, { code: 'cash' });
  expect(cash).toBe(model.cashFils);
  expect(cash).toBeGreaterThanOrEqual(0);
  expect(await accountBalanceFils(real.t.db, { code: 'loan_losses' })).toBe(model.lossesFils);
  await verifyFines(model, real);
  await verifyExits(model, real);
  await books.verify(model, real);
  for (const [j, m] of model.members.entries()) {
    expect(await sumOfSavingsPostings(real.t.db, m.userId)).toBe(m.savingsFils);
    expect(await memberSavingsFils(real.t.db, m.userId)).toBe(m.savingsFils);
    const account = (
      await real.t.app.inject({ url: '/api/my-account-data', headers: bearer(m.token) })
    ).json().myAccountData;
    expect(fils(account.account_balance)).toBe(m.savingsFils);
    const active = m.loans.find((l) => l.state === 'active');
    expect(fils(account.loan_balance)).toBe(active ? remainingFils(active) : 0);
    expect(await accountBalanceFils(real.t.db, { code: 'fines', userId: m.userId })).toBe(
      finesOwedFils(m),
    );
    // The answer the route keeps between calls is the one worked out afresh.
    const fresh = await accountSummary(real.t.db, m.userId, new Date());
    expect(fils(account.due_balance)).toBe(fresh.dueBalanceFils);
    expect(
      account.monthlyPaymentData.map((r: { period: string; status: string; amount: number }) => [
        r.period,
        r.status,
        fils(r.amount),
      ]),
    ).toEqual(fresh.rows.map((r) => [r.period, r.status, r.amountFils]));
    // What is due is what remains of every month since they joined, fines included (no loan
    // installment falls due within the run: the first is a month after the payout).
    const owed = monthsSince(m.joined);
    expect(fils(account.due_balance)).toBe(
      owed.reduce((s, period) => s + monthRemainingFils(monthOf(m, period)), 0),
    );
    // A row a month since they joined, after the months ahead they sent a receipt for, up to
    // the month they leave in once they ask to leave.
    const thisPeriod = periodAgo(0);
    const endPeriod = leavingPeriodOf(m);
    const ahead = model.payments.flatMap((p) =>
      p.member === j &&
      p.period !== null &&
      p.period > thisPeriod &&
      (endPeriod === null || p.period <= endPeriod)
        ? [p.period]
        : [],
    );
    const rows = account.monthlyPaymentData as Array<{
      period: string;
      status: string;
      amount: number;
      paid: number;
      remaining: number;
      fine: number;
      fine_waived: number;
      fine_on: string | null;
      due_on: string;
    }>;
    expect(rows.map((r) => r.period)).toEqual([...new Set(ahead)].sort().reverse().concat(owed));
    // Each month's status and remainder are those of its approved payments, its fine and waiver.
    for (const r of rows) {
      const month = monthOf(m, r.period);
      const remaining = monthRemainingFils(month);
      expect({
        period: r.period,
        status: r.status,
        dueFils: fils(r.amount),
        dueOn: r.due_on,
        paidFils: fils(r.paid),
        remainingFils: fils(r.remaining),
        fineFils: fils(r.fine),
        waivedFils: fils(r.fine_waived),
        fineOn: r.fine_on,
      }).toEqual({
        period: r.period,
        status:
          remaining === 0
            ? 'completed'
            : month.pendingSince !== null
              ? 'pending'
              : r.period === thisPeriod
                ? 'pay_now'
                : r.period > thisPeriod
                  ? 'ahead'
                  : 'due',
        dueFils: DUE,
        dueOn: `${r.period}-${pad2(DUE_DAY)}`,
        paidFils: month.paidFils,
        remainingFils: remaining,
        fineFils: month.fineFils - month.waivedFils,
        waivedFils: month.waivedFils,
        // The day it will be fined, until it is fined or paid; never when it fell due before
        // they joined.
        fineOn:
          remaining === 0 || month.fineFils > 0 || `${r.period}-${pad2(DUE_DAY)}` < m.joinedOn
            ? null
            : fineDayOf(r.period),
      });
    }
    await verifyGuarantor(model, real, j);
    if (hasLeft(m)) await verifyLeft(model, real, j, account);
    if (m.loans.length === 0) continue;
    const listed = (
      await real.t.app.inject({ url: '/api/my-loans?limit=100', headers: bearer(m.token) })
    ).json().items as {
      id: number;
      state: string;
      remaining_amount: number;
      guarantee_needed: number;
      guarantors: GuaranteeView[];
    }[];
    for (const l of m.loans) {
      const view = listed.find((v) => v.id === l.id);
      expect(view?.state).toBe(l.state);
      expect(fils(view?.remaining_amount)).toBe(remainingFils(l));
      const receivable = await loanReceivableFils(real.t.db, l.id);
      // The receivable is the principal not yet repaid, that a write-off would give up.
      expect(receivable).toBe(unpaidPrincipalFils(l));
      if (l.state === 'active') expect(receivable).toBeGreaterThan(0);
      // The borrower sees their guarantors in the order they named them, with what each holds.
      expect([l.id, fils(view?.guarantee_needed)]).toEqual([l.id, l.guaranteeNeededFils]);
      expect(view!.guarantors.map(apiView)).toEqual(
        model.guarantees
          .filter((g) => g.loanId === l.id)
          .sort((a, b) => a.id - b.id)
          .map((g) => modelView(model, g)),
      );
    }
  }
}

export function step(
  label: string,
  check: (model: Readonly<Model>) => boolean,
  run: (model: Model, real: Real) => Promise<void>,
): Step {
  return {
    check,
    async run(model, real) {
      await run(model, real);
      await verify(model, real);
    },
    toString: () => label,
  };
}

/** The own books' part (own-books/steps.ts), lent this frame and the helpers it needs. */
export const books = ownBooks({
  step,
  call,
  signerAnswer,
  monthOf,
  heldFrom,
  hasLeft,
  approvalRefusal,
  approveInModel,
  aed,
  fils,
});
