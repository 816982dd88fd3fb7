// What the model works out of its loans and guarantees: what is left to pay, what each guarantee
// holds of its guarantor's savings and what a member may borrow; and a guarantee as the API shows it.
import type { Fils } from '@jamiya/money/fils';
import { loanSchedule, spreadRepayment } from '@jamiya/money/loan';
import { fils } from './helpers.ts';
import {
  INTEREST_PERMILLE,
  LOAN_MAX,
  LOAN_MIN,
  LOAN_STEP,
  SAVINGS_MULTIPLE,
  type GuaranteeModel,
  type LoanModel,
  type LoanState,
  type MemberModel,
  type Model,
} from './model.ts';

export const isOpen = (l: LoanModel) => ['pending', 'approved', 'active'].includes(l.state);
// A loan written off has nothing left to pay, as My Loan, the dashboard and the statement say.
export const remainingFils = (l: LoanModel): Fils =>
  l.state === 'active'
    ? l.totalFils - l.paidFils
    : l.state === 'pending' || l.state === 'approved'
      ? l.totalFils
      : 0;
export const latestLoan = (m: MemberModel) => m.loans.at(-1);
/**
 * Member i, or (when `hit`) the i-th of the members whose latest loan is in `state`: random
 * picks alone would rarely walk a loan through its whole life.
 */
export function pickMember(
  model: Readonly<Model>,
  i: number,
  hit: boolean,
  state: LoanState,
): number {
  const matching = model.members
    .map((m, index) => ({ m, index }))
    .filter(({ m }) => latestLoan(m)?.state === state);
  return hit && matching.length ? matching[i % matching.length]!.index : i;
}
export const loanById = (model: Readonly<Model>, id: number) =>
  model.members.flatMap((m) => m.loans).find((l) => l.id === id)!;

/**
 * Principal not yet repaid on an active loan: what a write-off gives up. Repayments go to the
 * oldest installment, interest first (docs/domain/loan-lifecycle.md), so what they paid of the
 * principal is that of their sum spread at once.
 */
export function unpaidPrincipalFils(l: LoanModel): Fils {
  if (l.state !== 'active') return 0;
  const schedule = loanSchedule({
    amountFils: l.amountFils,
    termMonths: l.termMonths,
    interestPermille: INTEREST_PERMILLE,
  }).map((i) => ({ ...i, paidPrincipalFils: 0, paidInterestFils: 0 }));
  return l.amountFils - spreadRepayment(schedule, l.paidFils).principalFils;
}

/**
 * A guarantee's state: its answer while the loan is open; once it ended, one unanswered is
 * cancelled and one accepted released.
 */
export function guaranteeState(model: Readonly<Model>, g: GuaranteeModel): string {
  if (isOpen(loanById(model, g.loanId))) return g.answer;
  return g.answer === 'asked' ? 'cancelled' : g.answer === 'accepted' ? 'released' : g.answer;
}
/**
 * What an accepted guarantee holds of its guarantor's savings: floor(amount x owed / total),
 * owed being the loan's total before the payout and what is left of it after; 0 once it ended.
 */
export function holdOf(model: Readonly<Model>, g: GuaranteeModel): Fils {
  const loan = loanById(model, g.loanId);
  if (g.answer !== 'accepted' || !isOpen(loan)) return 0;
  return Number((BigInt(g.amountFils) * BigInt(remainingFils(loan))) / BigInt(loan.totalFils));
}
export const guaranteesOf = (model: Readonly<Model>, j: number) =>
  model.guarantees.filter((g) => g.guarantor === j);
/** What member j's guarantees hold of their savings. */
export const heldFrom = (model: Readonly<Model>, j: number): Fils =>
  guaranteesOf(model, j).reduce((s, g) => s + holdOf(model, g), 0);
/** Member j's savings less what their guarantees hold (not floored at 0). */
export const freeSavingsFils = (model: Readonly<Model>, j: number): Fils =>
  model.members[j]!.savingsFils - heldFrom(model, j);
/**
 * A member's own maximum: 3 times their savings, on the policy's steps from its minimum, at
 * most the policy's maximum; 0 when that is below the smallest loan (they may not borrow).
 */
export function maxLoanFils(savingsFils: Fils): Fils {
  const cap = Math.max(savingsFils, 0) * SAVINGS_MULTIPLE;
  if (cap < LOAN_MIN) return 0;
  return Math.min(LOAN_MAX, LOAN_MIN + Math.floor((cap - LOAN_MIN) / LOAN_STEP) * LOAN_STEP);
}

export interface GuaranteeView {
  id: number;
  state: string;
  amount: number;
  held: number;
  recovered: number;
}
/** A guarantee as the API shows it, and as the model says it must be. */
export const apiView = (v: GuaranteeView) => ({
  id: v.id,
  state: v.state,
  amountFils: fils(v.amount),
  heldFils: fils(v.held),
  recoveredFils: fils(v.recovered),
});
export const modelView = (
  model: Readonly<Model>,
  g: GuaranteeModel,
): ReturnType<typeof apiView> => ({
  id: g.id,
  state: guaranteeState(model, g),
  amountFils: g.amountFils,
  heldFils: holdOf(model, g),
  recoveredFils: g.recoveredFils,
});
