import type { GuaranteeState } from '@jamiya/contracts/values';
import { useTexts } from '../../../lib/i18n.tsx';
import { StatusBadge, type BadgeTone } from '../../../components/status-badge.tsx';
import type { Loan } from '../../../api/get-my-loans.ts';
import { aed, aedFils } from '../../../lib/format.ts';
import { GUARANTEE_STATES_TEXTS } from '../texts.ts';
import { guaranteeCoverage } from '../../../lib/guarantee-coverage.ts';

const STATE_TONES: Record<GuaranteeState, BadgeTone> = {
  asked: 'warning',
  accepted: 'success',
  declined: 'danger',
  cancelled: 'neutral',
  released: 'neutral',
};

/**
 * The members who stand for the loan: what each covers, whether they have answered, and what
 * their guarantee holds of their savings now. While the application waits, how far the accepted
 * guarantees cover what they must (the committee approves only once they cover it all).
 */
export function LoanGuarantors({ loan }: { loan: Loan }) {
  const i18n = useTexts();
  // A loan kept on the phone (lib/kept-figures.ts) from before guarantors came has none.
  const guarantors = loan.guarantors ?? [];
  if (guarantors.length === 0) return null;
  const coverage = guaranteeCoverage({ ...loan, guarantors });
  const isWaiting = loan.state === 'pending' && !coverage.isCovered;

  return (
    <section
      aria-labelledby="loan-guarantors-title"
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="loan-guarantors-title" className="text-lg font-bold text-slate-900">
        {i18n._('loans.myLoan.guarantors.title')}
      </h2>
      {isWaiting && (
        <div
          role="status"
          className="flex flex-col gap-1 rounded-xl bg-amber-50 p-3 text-sm text-amber-950"
        >
          <p className="font-medium">
            {i18n._('loans.myLoan.guarantors.covered', {
              covered: aedFils(coverage.acceptedFils),
              needed: aedFils(coverage.neededFils),
            })}
          </p>
          {coverage.hasDeclined && <p>{i18n._('loans.myLoan.guarantors.declined')}</p>}
        </div>
      )}
      <ul className="divide-y divide-slate-100">
        {guarantors.map((g) => (
          <li key={g.id} className="flex flex-col gap-2 py-3">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                {/* The name comes once the guarantor accepts; until then, the ID the member named. */}
                {g.name === null ? (
                  <p className="font-medium text-slate-900">
                    <bdi>{g.member_id}</bdi>
                  </p>
                ) : (
                  <>
                    <p className="font-medium break-words text-slate-900">{g.name}</p>
                    <p className="text-sm text-slate-600">
                      <bdi>{g.member_id}</bdi>
                    </p>
                  </>
                )}
              </div>
              <StatusBadge tone={STATE_TONES[g.state]}>
                {i18n._(GUARANTEE_STATES_TEXTS[g.state]!)}
              </StatusBadge>
            </div>
            <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm min-[360px]:grid-cols-2 sm:grid-cols-[repeat(3,minmax(0,14rem))]">
              <div className="flex flex-wrap justify-between gap-x-2 min-[360px]:block">
                <dt className="text-slate-600">{i18n._('loans.myLoan.guarantors.amount')}</dt>
                <dd className="font-semibold text-slate-900 tabular-nums">{aed(g.amount)}</dd>
              </div>
              <div className="flex flex-wrap justify-between gap-x-2 min-[360px]:block">
                <dt className="text-slate-600">{i18n._('loans.myLoan.guarantors.held')}</dt>
                <dd className="font-semibold text-slate-900 tabular-nums">{aed(g.held)}</dd>
              </div>
              {g.recovered > 0 && (
                <div className="flex flex-wrap justify-between gap-x-2 min-[360px]:block">
                  <dt className="text-slate-600">{i18n._('loans.myLoan.guarantors.recovered')}</dt>
                  <dd className="font-semibold text-slate-900 tabular-nums">{aed(g.recovered)}</dd>
                </div>
              )}
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
