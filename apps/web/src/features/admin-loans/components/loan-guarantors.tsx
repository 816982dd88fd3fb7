import type { LoanGuarantor } from '@jamiya/contracts/guarantees';
import { useTexts } from '../../../lib/i18n.tsx';
import { StatusBadge, type BadgeTone } from '../../../components/status-badge.tsx';
import { card } from '../../../components/styles.ts';
import { aed, aedFils } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/dates.ts';
import type { AdminLoan } from '../api/admin-loans.ts';
import { guaranteeCoverage } from '../../../lib/guarantee-coverage.ts';
import { GUARANTEE_STATES_TEXTS } from '../texts.ts';

const STATE_TONE: Record<LoanGuarantor['state'], BadgeTone> = {
  asked: 'info',
  accepted: 'success',
  declined: 'danger',
  cancelled: 'neutral',
  released: 'neutral',
};

/**
 * Who stands for the part of the loan above the member's free savings, how they answered, and
 * what their guarantees hold or gave up; for a loan still open, how much of what it needs the
 * accepted guarantees cover.
 */
export function LoanGuarantors({ loan }: { loan: AdminLoan }) {
  const i18n = useTexts();
  const { acceptedFils, neededFils, isCovered } = guaranteeCoverage(loan);
  const isOpen = loan.state === 'pending' || loan.state === 'approved' || loan.state === 'active';

  let summary;
  if (neededFils === 0) summary = i18n._('admin-loans.guarantors.noneNeeded');
  else if (isOpen)
    summary = i18n._('admin-loans.guarantors.coverage', {
      covered: aedFils(acceptedFils),
      needed: aedFils(neededFils),
    });
  else summary = i18n._('admin-loans.guarantors.needed', { needed: aedFils(neededFils) });
  const isShort = isOpen && !isCovered;

  return (
    <section aria-labelledby="loan-guarantors-title" className={`${card} flex flex-col gap-3`}>
      <h2 id="loan-guarantors-title" className="text-lg font-bold text-slate-900">
        {i18n._('admin-loans.guarantors.title')}
      </h2>
      <p
        className={
          isShort ? 'rounded-lg bg-amber-50 p-3 font-medium text-amber-900' : 'text-slate-700'
        }
      >
        {summary}
      </p>
      {loan.guarantors.length > 0 ? (
        <ul aria-labelledby="loan-guarantors-title" className="flex flex-col gap-3">
          {loan.guarantors.map((g) => (
            <Guarantor key={g.id} guarantor={g} />
          ))}
        </ul>
      ) : (
        neededFils > 0 && <p className="text-slate-700">{i18n._('admin-loans.guarantors.none')}</p>
      )}
    </section>
  );
}

function Guarantor({ guarantor: g }: { guarantor: LoanGuarantor }) {
  const i18n = useTexts();
  const figures = [
    { key: 'amount', label: i18n._('admin-loans.guarantors.amount'), value: g.amount },
    { key: 'held', label: i18n._('admin-loans.guarantors.held'), value: g.held },
    { key: 'recovered', label: i18n._('admin-loans.guarantors.recovered'), value: g.recovered },
  ];
  return (
    <li className="rounded-xl border border-slate-200 p-3">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 font-semibold break-words text-slate-900">
          {i18n._('admin-loans.loan.memberValue', { name: g.name, id: g.member_id })}
        </p>
        <StatusBadge tone={STATE_TONE[g.state]}>
          {i18n._(GUARANTEE_STATES_TEXTS[g.state]!)}
        </StatusBadge>
      </div>
      {g.answered_at && (
        <p className="text-sm text-slate-600">
          {i18n._('admin-loans.guarantors.answeredOn', {
            date: formatDate(g.answered_at),
          })}
        </p>
      )}
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
        {figures.map((f) => (
          <div key={f.key} className="min-w-0">
            <dt className="text-sm text-slate-600">{f.label}</dt>
            <dd className="font-bold break-words text-slate-900 tabular-nums">{aed(f.value)}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
