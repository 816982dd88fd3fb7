import { useTranslation } from '../../../lib/i18n.tsx';
import type { Loan } from '../../../api/get-my-loans.ts';

const STATE_CLASS: Record<Loan['state'], string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-sky-100 text-sky-900',
  active: 'bg-brand-100 text-brand-900',
  closed: 'bg-slate-200 text-slate-800',
  rejected: 'bg-red-100 text-red-900',
  withdrawn: 'bg-slate-200 text-slate-800',
  written_off: 'bg-red-100 text-red-900',
};

const badgeClass = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold';

/** The loan's state in words (pending reads "Under review"), and Overdue beside it when it is. */
export function LoanStateBadge({ loan }: { loan: Pick<Loan, 'state' | 'is_overdue'> }) {
  const { t } = useTranslation('loans');
  return (
    <span className="inline-flex flex-wrap gap-1.5">
      <span className={`${badgeClass} ${STATE_CLASS[loan.state]}`}>
        {t(`states.${loan.state}`)}
      </span>
      {loan.is_overdue && (
        <span className={`${badgeClass} bg-red-700 text-white`}>{t('states.overdue')}</span>
      )}
    </span>
  );
}
