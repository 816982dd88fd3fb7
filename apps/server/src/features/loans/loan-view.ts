import { asc, eq } from 'drizzle-orm';
import { filsToAed } from '@jamiya/money/fils';
import type { Loan as LoanView } from '@jamiya/contracts/loans';
import type { DbOrTx } from '../../db/client.ts';
import { loanTransitions } from '../../db/schema/loans.ts';
import { localDate } from '../../lib/calendar.ts';
import { installmentsOf, type Installment } from './installments.ts';
import type { Loan } from './transition.ts';

function unpaid(i: Installment) {
  return i.amountFils - i.paidPrincipalFils - i.paidInterestFils;
}

export async function toLoanView(db: DbOrTx, loan: Loan, now: Date): Promise<LoanView> {
  const today = localDate(now);
  const installments = await installmentsOf(db, loan.id);
  const transitions = await db
    .select()
    .from(loanTransitions)
    .where(eq(loanTransitions.loanId, loan.id))
    .orderBy(asc(loanTransitions.id));
  const paidFils = installments.reduce((s, i) => s + i.paidPrincipalFils + i.paidInterestFils, 0);
  const isActive = loan.state === 'active';
  const next = isActive ? installments.find((i) => unpaid(i) > 0) : undefined;
  const isOverdue = isActive && installments.some((i) => unpaid(i) > 0 && i.dueOn < today);
  return {
    id: loan.id,
    loan_type: loan.loanType,
    state: loan.state,
    is_overdue: isOverdue,
    loan_amount: filsToAed(loan.amountFils),
    duration_month: loan.termMonths,
    interest_rate_percent: loan.interestPermille / 10,
    total_amount_with_interest: filsToAed(loan.totalFils),
    per_month_amount: filsToAed(loan.perMonthFils),
    include_insurance: loan.includeInsurance,
    bank_account: loan.bankAccount,
    passport_or_nid: loan.passportOrNid,
    paid_amount: filsToAed(paidFils),
    remaining_amount: filsToAed(
      loan.state === 'active' || loan.state === 'written_off'
        ? installments.reduce((s, i) => s + unpaid(i), 0)
        : loan.state === 'pending' || loan.state === 'approved'
          ? loan.totalFils
          : 0, // closed, or never paid out (rejected, withdrawn)
    ),
    next_installment: next
      ? { number: next.number, due_date: next.dueOn, amount: filsToAed(unpaid(next)) }
      : null,
    disbursed_on: loan.disbursedOn,
    created_at: loan.createdAt.toISOString(),
    installments: installments.map((i) => {
      const left = unpaid(i);
      const paid = i.amountFils - left;
      return {
        number: i.number,
        due_date: i.dueOn,
        amount: filsToAed(i.amountFils),
        paid: filsToAed(paid),
        status:
          left === 0 ? 'paid' : i.dueOn < today ? 'overdue' : paid > 0 ? 'partly_paid' : 'unpaid',
      };
    }),
    transitions: transitions.map((t) => ({
      from: t.fromState,
      to: t.toState,
      at: t.at.toISOString(),
      reason: t.reason,
      by: t.actorId === null ? 'system' : t.actorId === loan.userId ? 'member' : 'admin',
    })),
  };
}
