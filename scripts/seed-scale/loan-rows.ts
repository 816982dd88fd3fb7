// A member's loan: paid out some months ago on the association's terms, with its history of
// states, its receivable account, the installments and the repayments made so far. An active
// loan is part way through (one in ten 1–4 months behind); a closed one was repaid in full
// before this month (one in eight 40 days late each month).
// The part above the borrower's savings is covered by guarantors (guarantee-rows.ts).
import { loanSchedule } from '@jamiya/money/loan';
import { addDaysToDate, addMonthsToDate } from '../../apps/server/src/lib/calendar.ts';
import { addEntry, at, plusDays, type Association, type Batch } from './batch.ts';
import { addGuaranteeRows, planGuarantees } from './guarantee-rows.ts';

export type LoanKind = 'active' | 'closed';

export function addLoan(
  batch: Batch,
  a: Association,
  borrower: { userId: number; paid: number },
  n: number,
  loanKind: LoanKind,
): void {
  const { accounts, payments, loans, installments, transitions } = batch;
  const { id, random, admin, months, today, cashId, incomeId, settings: s } = a;
  const { userId } = borrower;
  const steps = (s.loanMaxFils - s.loanMinFils) / s.loanStepFils;
  const drawnFils = s.loanMinFils + Math.floor(random() * (steps + 1)) * s.loanStepFils;
  const termMonths = [3, 6, 12][Math.floor(random() * 3)]!;
  // An active loan is part way through; a closed one ended before this month.
  const ago =
    loanKind === 'active'
      ? 1 + Math.floor(random() * (termMonths - 1))
      : termMonths + 1 + Math.floor(random() * Math.max(1, months - termMonths - 1));
  const disbursedOn = addMonthsToDate(today, -ago);
  const disbursedAt = at(disbursedOn);
  const appliedAt = plusDays(disbursedAt, -4);
  const approvedAt = plusDays(disbursedAt, -2);
  // The amount within what the borrower's savings and guarantors allow (as apply.ts checks).
  const plan = planGuarantees(a, borrower, drawnFils, appliedAt);
  const { amountFils } = plan;
  const schedule = loanSchedule({
    amountFils,
    termMonths,
    interestPermille: s.interestPermille,
  });
  const totalFils = schedule.reduce((t, i) => t + i.amountFils, 0);
  const loanId = id.loan++;
  const state = loanKind;
  loans.push([
    loanId,
    userId,
    'personal',
    amountFils,
    termMonths,
    s.interestPermille,
    totalFils,
    schedule[0]!.amountFils,
    false,
    'AE07 0331 2345 6789 0123 456',
    `N${1_000_000 + n}`,
    state,
    disbursedOn,
    plan.neededFils,
    appliedAt,
    disbursedAt,
  ]);
  transitions.push([id.transition++, loanId, null, 'pending', userId, null, appliedAt]);
  transitions.push([id.transition++, loanId, 'pending', 'approved', admin.id, null, approvedAt]);
  transitions.push([id.transition++, loanId, 'approved', 'active', admin.id, null, disbursedAt]);
  const loanAccountId = id.account++;
  accounts.push([
    loanAccountId,
    `loan:${loanId}`,
    'asset',
    `Loan ${loanId} receivable`,
    userId,
    loanId,
  ]);
  const memo = `Loan ${loanId} paid out`;
  addEntry(batch, a, { kind: 'disbursement', memo, at: disbursedAt, paymentId: null, loanId }, [
    [loanAccountId, amountFils],
    [cashId, -amountFils],
  ]);
  // One active loan in ten has its installments of the last 1–4 months unpaid (the arrears
  // desk's portfolio at risk); one closed loan in eight was paid 40 days late each month (its
  // trend), where that day has passed.
  const lateMonths = loanKind === 'active' && random() < 0.1 ? 1 + Math.floor(random() * 4) : 0;
  const lagDays = loanKind === 'closed' && random() < 0.125 ? 40 : 0;
  let lastPaidAt = disbursedAt;
  for (const inst of schedule) {
    const dueOn = addMonthsToDate(disbursedOn, inst.number);
    const isPaid = dueOn <= today && !(lateMonths && addMonthsToDate(dueOn, lateMonths) > today);
    const paidOn =
      lagDays && addDaysToDate(dueOn, lagDays) < today ? addDaysToDate(dueOn, lagDays) : dueOn;
    const paidAt = isPaid ? at(paidOn) : null;
    installments.push([
      id.installment++,
      loanId,
      inst.number,
      dueOn,
      inst.amountFils,
      inst.principalFils,
      inst.interestFils,
      isPaid ? inst.principalFils : 0,
      isPaid ? inst.interestFils : 0,
      paidAt,
    ]);
    if (!isPaid) continue;
    lastPaidAt = paidAt!;
    const paymentId = id.payment++;
    payments.push([
      paymentId,
      userId,
      'loan_repayment',
      null,
      loanId,
      inst.amountFils,
      inst.amountFils,
      null,
      'approved',
      admin.id,
      paidAt,
      paidAt,
    ]);
    const lines: Array<[number, number]> = [
      [cashId, inst.amountFils],
      [loanAccountId, -inst.principalFils],
    ];
    if (inst.interestFils) lines.push([incomeId, -inst.interestFils]);
    const memo = `Repayment of loan ${loanId}`;
    addEntry(batch, a, { kind: 'repayment', memo, at: paidAt!, paymentId, loanId }, lines);
  }
  if (loanKind === 'closed') {
    transitions.push([
      id.transition++,
      loanId,
      'active',
      'closed',
      null,
      'Repaid in full',
      lastPaidAt,
    ]);
  }
  addGuaranteeRows(batch, a, plan, loanId, approvedAt, loanKind === 'closed' ? lastPaidAt : null);
}
