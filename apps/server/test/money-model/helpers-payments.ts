// What approving a payment does in the model: a due pays its month, a repayment its loan. The
// steps of dues and payments and the own books' links by hand both use it.
import type { Fils } from '@jamiya/money/fils';
import { monthOf, monthRemainingFils } from './helpers.ts';
import { loanById, remainingFils } from './helpers-loans.ts';
import { DUE, type Model, type PaymentModel } from './model.ts';

/**
 * Why approving payment p for `appliedFils` is refused once an active admin asks: 409 when it
 * is not waiting or its loan is not active, 422 when it is more than what remains; else null.
 */
export function approvalRefusal(
  model: Readonly<Model>,
  p: PaymentModel,
  appliedFils: Fils,
): number | null {
  const loan = p.loanId === null ? null : loanById(model, p.loanId);
  if (p.status !== 'pending' || (loan && loan.state !== 'active')) return 409;
  const left = loan
    ? remainingFils(loan)
    : monthRemainingFils(monthOf(model.members[p.member]!, p.period!));
  return appliedFils > left ? 422 : null;
}
/** Payment p approved for `appliedFils`: a due pays the month's due first (savings), then its fine. */
export function approveInModel(model: Model, p: PaymentModel, appliedFils: Fils): void {
  p.status = 'approved';
  model.cashFils += appliedFils;
  const loan = p.loanId === null ? null : loanById(model, p.loanId);
  if (loan) {
    p.approved = { amountFils: appliedFils, savingsFils: 0 };
    loan.paidFils += appliedFils;
    loan.pendingRepaymentsFils -= p.amountFils;
    if (remainingFils(loan) === 0) {
      loan.state = 'closed';
      loan.proposal = null;
      loan.repayProposal = null;
    }
    return;
  }
  const m = model.members[p.member]!;
  const month = monthOf(m, p.period!);
  const savingsFils = Math.min(appliedFils, Math.max(DUE - month.paidFils, 0));
  p.approved = { amountFils: appliedFils, savingsFils };
  m.savingsFils += savingsFils;
  m.months.set(p.period!, { ...month, paidFils: month.paidFils + appliedFils, pendingSince: null });
}
