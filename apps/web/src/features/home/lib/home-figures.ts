import type { AccountData } from '../../../api/get-account-data.ts';
import type { Loan } from '../../../api/get-my-loans.ts';

type Row = AccountData['monthlyPaymentData'][number];

/** What the member pays next: an installment of the active loan, or a monthly due. */
export type NextDue =
  | { kind: 'installment'; dueDate: string; amount: number }
  | { kind: 'thisMonth'; period: string; amount: number }
  | { kind: 'nextMonth'; period: string }
  | { kind: 'none' };

/** "2026-11" -> "2026-12"; "2026-12" -> "2027-01". */
export function followingPeriod(period: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
}

/**
 * The figures of the account-holder card, which the spec shows as placeholders
 * (total 12, due 12 Apr, earn 120 AED) and docs/product.md section 7 makes real. The months
 * counted are those owed so far, up to `currentPeriod`: months paid ahead are not owed yet.
 */
export function holderFigures(
  rows: Row[],
  currentPeriod: string,
  loan: Loan | undefined,
  /** The membership ended (profile `left_on`): nothing falls due any more. */
  ended = false,
): { monthsPaid: number; monthsOwed: number; nextDue: NextDue } {
  const owed = rows.filter((r) => r.period <= currentPeriod);
  const monthsPaid = owed.filter((r) => r.status === 'completed').length;
  return {
    monthsPaid,
    monthsOwed: owed.length,
    nextDue: ended ? { kind: 'none' } : nextDue(rows, currentPeriod, loan),
  };
}

function nextDue(rows: Row[], currentPeriod: string, loan: Loan | undefined): NextDue {
  if (loan?.state === 'active' && loan.next_installment) {
    return {
      kind: 'installment',
      dueDate: loan.next_installment.due_date,
      amount: loan.next_installment.amount,
    };
  }
  const byPeriod = new Map(rows.map((r) => [r.period, r]));
  const current = byPeriod.get(currentPeriod);
  if (!current) return { kind: 'none' };
  // A part-paid month asks only for what is left of it.
  if (current.status === 'pay_now' || current.status === 'due')
    return { kind: 'thisMonth', period: current.period, amount: current.remaining };
  // The first month after it not paid ahead.
  let next = followingPeriod(currentPeriod);
  while (byPeriod.get(next)?.status === 'completed') next = followingPeriod(next);
  return { kind: 'nextMonth', period: next };
}
