// The steps of a loan after it is applied for: the member withdraws it; admins approve, reject,
// pay it out or write it off (two admins for money out); a repayment received in cash.
import fc from 'fast-check';
import { expect } from 'vitest';
import { allocate } from '@jamiya/money/allocate';
import { accountBalanceFils, memberSavingsFils } from '../../src/features/ledger/balances.ts';
import { bearer } from '../harness.ts';
import { call } from './calls.ts';
import {
  activeAdmins,
  admin,
  aed,
  fils,
  hit,
  member,
  mostlyHit,
  repayment,
  signerAnswer,
} from './helpers.ts';
import {
  holdOf,
  latestLoan,
  pickMember,
  remainingFils,
  unpaidPrincipalFils,
  type GuaranteeView,
} from './helpers-loans.ts';
import type { ArgsOf, GuaranteeModel, LoanModel, LoanState, Model, Step } from './model.ts';
import { step } from './verify.ts';

export const withdrawStep = (i: number): Step =>
  step(
    `withdraw(m${i})`,
    (model) => latestLoan(model.members[i]!) !== undefined,
    async (model, real) => {
      const m = model.members[i]!;
      const loan = latestLoan(m)!;
      const expected = loan.state === 'pending' || loan.state === 'approved' ? 200 : 409;
      await call(
        model,
        real,
        { url: `/api/my-loans/${loan.id}/withdraw`, headers: bearer(m.token) },
        expected,
      );
      if (expected === 200) {
        loan.state = 'withdrawn';
        loan.proposal = null;
      }
    },
  );
export const withdraw = member.map(withdrawStep);

/**
 * An admin's decision on a member's latest loan: allowed from some states, 409 otherwise. A
 * payout or a write-off is proposed by one admin (202) and carried out by the other (200);
 * the proposer repeating it gets 409 however many admins are active, and a payout beyond the
 * cash in hand is refused (409), as is an approval before the accepted guarantees cover what
 * the loan needs (`refused`). An inactive admin has no admin calls (403); a single active admin
 * acts alone.
 */
const loanActionArgs = fc.record({ i: member, h: hit, k: admin });
const loanActionStep =
  (
    action: string,
    from: LoanState,
    to: LoanState,
    {
      body,
      refused = () => false,
      then = () => {},
    }: {
      body?: object;
      refused?: (model: Readonly<Model>, loan: LoanModel) => boolean;
      then?: (model: Model, loan: LoanModel) => void;
    } = {},
  ) =>
  ({ i, h, k }: ArgsOf<typeof loanActionArgs>): Step =>
    step(
      `${action}Loan(m${i}${h ? '*' : ''}, a${k})`,
      (model) => latestLoan(model.members[pickMember(model, i, h, from)]!) !== undefined,
      async (model, real) => {
        const loan = latestLoan(model.members[pickMember(model, i, h, from)]!)!;
        const twoAdmins = action === 'disburse' || action === 'write-off';
        // A hit confirms an open proposal as the other admin; otherwise admin k calls.
        const who = h && loan.proposal ? 1 - loan.proposal.by : k;
        const mine = loan.proposal?.by === who;
        const cashShort = action === 'disburse' && loan.amountFils > model.cashFils;
        const alone = activeAdmins(model) < 2;
        const expected = !model.admins[who]!.active
          ? 403
          : loan.state !== from || cashShort || (twoAdmins && mine) || refused(model, loan)
            ? 409
            : twoAdmins && !loan.proposal && !alone
              ? 202
              : 200;
        await call(
          model,
          real,
          {
            url: `/api/admin/loans/${loan.id}/${action}`,
            ...(body ? { payload: body } : {}),
            headers: bearer(real.adminTokens[who]!),
          },
          expected,
        );
        if (expected === 202) loan.proposal = { action: action as 'disburse', by: who };
        if (expected !== 200) return;
        if (twoAdmins && !loan.proposal) model.alone.money += 1;
        loan.state = to;
        loan.proposal = null;
        loan.repayProposal = null;
        if (action === 'disburse') model.cashFils -= loan.amountFils;
        then(model, loan);
      },
    );
export const loanAction = (...args: Parameters<typeof loanActionStep>) =>
  loanActionArgs.map(loanActionStep(...args));

/** What the accepted guarantees of a loan cover (approval waits for guarantee_needed). */
const coveredFils = (model: Readonly<Model>, loan: LoanModel) =>
  model.guarantees
    .filter((g) => g.loanId === loan.id && g.answer === 'accepted')
    .reduce((s, g) => s + g.amountFils, 0);
export const approveLoanStep = loanActionStep('approve', 'pending', 'approved', {
  refused: (model, loan) => coveredFils(model, loan) < loan.guaranteeNeededFils,
  // Approved, the loan no longer waits for the guarantors who did not answer.
  then: (model, loan) => {
    for (const g of model.guarantees)
      if (g.loanId === loan.id && g.answer === 'asked') g.answer = 'cancelled';
  },
});
export const approveLoan = loanActionArgs.map(approveLoanStep);
export const disburseStep = loanActionStep('disburse', 'approved', 'active');
export const disburse = loanActionArgs.map(disburseStep);

/**
 * A write-off of an active loan, proposed by one admin (202) and carried out by the other
 * (200), recovering the loss from the guarantors or not: the proposer's choice is the one
 * carried out. With recovery, the unpaid principal, at most what the guarantees held before,
 * is taken from the guarantors' savings pro rata to their holds (largest remainders), and the
 * loss account is lower by as much.
 */
const writeOffArgs = fc.record({ i: member, h: mostlyHit, k: admin, recover: fc.boolean() });
export const writeOffStep = ({ i, h, k, recover }: ArgsOf<typeof writeOffArgs>): Step =>
  step(
    `writeOff(m${i}${h ? '*' : ''}, a${k}${recover ? ', recover' : ''})`,
    (model) => latestLoan(model.members[pickMember(model, i, h, 'active')]!) !== undefined,
    async (model, real) => {
      const loan = latestLoan(model.members[pickMember(model, i, h, 'active')]!)!;
      const open = loan.proposal;
      // A hit confirms an open proposal as the other admin; otherwise admin k calls.
      const who = h && open ? 1 - open.by : k;
      const expected = !model.admins[who]!.active
        ? 403
        : loan.state !== 'active' || open?.by === who
          ? 409
          : // The second admin confirms recovery, or none, as it was proposed.
            open && open.recover !== recover
            ? 409
            : !open && activeAdmins(model) >= 2
              ? 202
              : 200;
      // The holds as they stood before the write-off released them.
      const holds = model.guarantees
        .filter((g) => g.loanId === loan.id)
        .map((g) => ({ g, heldFils: holdOf(model, g) }));
      const lossesBefore = await accountBalanceFils(real.t.db, { code: 'loan_losses' });
      const savingsOf = (g: GuaranteeModel) =>
        memberSavingsFils(real.t.db, model.members[g.guarantor]!.userId);
      const savingsBefore = await Promise.all(holds.map(({ g }) => savingsOf(g)));
      await call(
        model,
        real,
        {
          url: `/api/admin/loans/${loan.id}/write-off`,
          payload: { reason: 'Left the country.', recover_from_guarantors: recover },
          headers: bearer(real.adminTokens[who]!),
        },
        expected,
      );
      if (expected === 202) loan.proposal = { action: 'write-off', by: who, recover };
      if (expected !== 200) return;
      if (!open) model.alone.money += 1;
      const recovering = open ? open.recover === true : recover;
      const unpaidFils = unpaidPrincipalFils(loan);
      // The server's order of the holds (newest guarantee first) breaks ties of remainders.
      const holding = holds.filter((x) => x.heldFils > 0).sort((a, b) => b.g.id - a.g.id);
      const heldTotal = holding.reduce((s, x) => s + x.heldFils, 0);
      const recoveredFils = recovering ? Math.min(unpaidFils, heldTotal) : 0;
      if (recoveredFils > 0) {
        const shares = allocate(
          recoveredFils,
          holding.map((x) => x.heldFils),
        );
        for (const [n, x] of holding.entries()) {
          expect(shares[n]!).toBeLessThanOrEqual(x.heldFils);
          x.g.recoveredFils = shares[n]!;
          model.members[x.g.guarantor]!.savingsFils -= shares[n]!;
        }
      }
      model.lossesFils += unpaidFils - recoveredFils;
      loan.state = 'written_off';
      loan.proposal = null;
      loan.repayProposal = null;
      // The loss account is lower by what the guarantors made good, which each of them sees,
      // their savings lower by exactly that.
      expect((await accountBalanceFils(real.t.db, { code: 'loan_losses' })) - lossesBefore).toBe(
        unpaidFils - recoveredFils,
      );
      const borrower = model.members.find((m) => m.loans.includes(loan))!;
      const view = (
        await real.t.app.inject({
          url: '/api/my-loans?limit=100',
          headers: bearer(borrower.token),
        })
      )
        .json()
        .items.find((l: { id: number }) => l.id === loan.id);
      const recovered = (view.guarantors as GuaranteeView[]).map((v) => fils(v.recovered));
      expect(recovered.reduce((s, f) => s + f, 0)).toBe(recoveredFils);
      for (const [n, { g }] of holds.entries())
        expect(savingsBefore[n]! - (await savingsOf(g))).toBe(recovered[n]);
    },
  );
export const writeOff = writeOffArgs.map(writeOffStep);

/**
 * A repayment an admin received in cash: with two active admins it is proposed (202) and the
 * other admin confirms the same amount (200); the proposer, or another amount, gets 409.
 */
const cashRepaymentArgs = fc.record({ i: member, h: hit, k: admin, amount: repayment });
export const cashRepaymentStep = ({ i, h, k, amount }: ArgsOf<typeof cashRepaymentArgs>): Step =>
  step(
    `cashRepayment(m${i}${h ? '*' : ''}, a${k}, ${amount})`,
    (model) => latestLoan(model.members[pickMember(model, i, h, 'active')]!) !== undefined,
    async (model, real) => {
      const loan = latestLoan(model.members[pickMember(model, i, h, 'active')]!)!;
      const open = loan.repayProposal;
      // A hit confirms an open proposal as the other admin, with its amount.
      const who = h && open ? 1 - open.by : k;
      const amountFils =
        h && open ? open.amountFils : amount === 'rest' ? Math.max(remainingFils(loan), 1) : amount;
      const refused = loan.state !== 'active' ? 409 : amountFils > remainingFils(loan) ? 422 : null;
      const expected = signerAnswer(model, who, open, {
        // A confirmation must be for the amount proposed.
        refused: open && open.amountFils !== amountFils ? 409 : refused,
      });
      await call(
        model,
        real,
        {
          url: `/api/admin/loans/${loan.id}/repayments`,
          payload: { amount: aed(amountFils), note: 'Paid at the meeting' },
          headers: bearer(real.adminTokens[who]!),
        },
        expected,
      );
      if (expected === 202) loan.repayProposal = { amountFils, by: who };
      if (expected !== 200) return;
      if (!open) model.alone.money += 1;
      loan.repayProposal = null;
      loan.paidFils += amountFils;
      model.cashFils += amountFils;
      if (remainingFils(loan) === 0) {
        loan.state = 'closed';
        loan.proposal = null;
      }
    },
  );
export const cashRepayment = cashRepaymentArgs.map(cashRepaymentStep);
