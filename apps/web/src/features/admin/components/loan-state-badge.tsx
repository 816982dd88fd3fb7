import { useTranslation } from '../../../lib/i18n.tsx';
import { StatusBadge, type BadgeTone } from '../../../components/status-badge.tsx';
import type { AdminLoan, LoanStateName } from '../api/admin-loans.ts';

const TONE: Record<LoanStateName, BadgeTone> = {
  pending: 'warning',
  approved: 'info',
  active: 'brand',
  closed: 'neutral',
  rejected: 'danger',
  withdrawn: 'neutral',
  written_off: 'danger',
};

/** The loan's state, and Overdue beside it when an installment is past its date. */
export function LoanStateBadge({ loan }: { loan: Pick<AdminLoan, 'state' | 'is_overdue'> }) {
  const { t } = useTranslation('admin');
  return (
    <span className="inline-flex flex-wrap gap-1.5">
      <StatusBadge tone={TONE[loan.state]}>{t(`loans.states.${loan.state}`)}</StatusBadge>
      {loan.is_overdue && <StatusBadge tone="alert">{t('loans.states.overdue')}</StatusBadge>}
    </span>
  );
}
