import type { LoanStateName } from '@jamiya/contracts/loans';
import { StatusBadge, type BadgeTone } from './status-badge.tsx';

/** The colour of each loan state, wherever a loan's state is shown. */
export const LOAN_STATE_TONE: Record<LoanStateName, BadgeTone> = {
  pending: 'warning',
  approved: 'info',
  active: 'brand',
  closed: 'neutral',
  rejected: 'danger',
  withdrawn: 'neutral',
  written_off: 'danger',
};

/**
 * A loan's state, and Overdue beside it when an installment is past its date. The words are
 * the reader's: the member reads "Under review" where the treasurer reads "Pending".
 */
export function LoanStateBadge({
  loan,
  label,
}: {
  loan: { state: LoanStateName; is_overdue: boolean };
  label: (state: LoanStateName | 'overdue') => string;
}) {
  return (
    <span className="inline-flex flex-wrap gap-1.5">
      <StatusBadge tone={LOAN_STATE_TONE[loan.state]}>{label(loan.state)}</StatusBadge>
      {loan.is_overdue && <StatusBadge tone="alert">{label('overdue')}</StatusBadge>}
    </span>
  );
}
