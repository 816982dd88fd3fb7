import { aedFils } from '../../../lib/format.ts';
import { useTexts } from '../../../lib/i18n.tsx';
import type { LoanFigures } from '@jamiya/money/loan';
import { CardAmount } from '../../../components/figures.tsx';

/** What the member will repay, from the same loanFigures() the server stores. */
export function LoanEstimate({
  figures,
  interestRatePercent,
  error,
}: {
  figures: LoanFigures | null;
  interestRatePercent: number;
  error?: string | undefined;
}) {
  const i18n = useTexts();
  const lastFils = figures
    ? figures.totalFils - figures.perMonthFils * (figures.termMonths - 1)
    : 0;
  return (
    <section
      aria-labelledby="loan-estimate-title"
      className="rounded-2xl bg-brand-900 p-5 text-white shadow-sm"
    >
      <h2
        id="loan-estimate-title"
        className="text-sm font-semibold tracking-wide text-brand-100 uppercase"
      >
        {i18n._('loans.apply.estimate.title')}
      </h2>
      {figures ? (
        <>
          <dl className="mt-3 grid grid-cols-2 gap-4 lg:grid-cols-1">
            <div>
              <dt className="text-sm text-brand-100">{i18n._('loans.apply.estimate.perMonth')}</dt>
              <dd>
                <CardAmount>{aedFils(figures.perMonthFils)}</CardAmount>
              </dd>
              <dd className="text-sm text-brand-100">
                {i18n._('loans.apply.estimate.perMonthFor', { count: figures.termMonths })}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-brand-100">
                {i18n._('loans.apply.estimate.total', { rate: interestRatePercent })}
              </dt>
              <dd>
                <CardAmount>{aedFils(figures.totalFils)}</CardAmount>
              </dd>
              <dd className="text-sm text-brand-100">
                {i18n._('loans.apply.estimate.interest')} {aedFils(figures.interestFils)}
              </dd>
            </div>
          </dl>
          {lastFils !== figures.perMonthFils && (
            <p className="mt-2 text-sm text-brand-100">
              {i18n._('loans.apply.estimate.lastInstallment', { amount: aedFils(lastFils) })}
            </p>
          )}
        </>
      ) : (
        <p className="mt-3 text-brand-100">{i18n._('loans.apply.estimate.none')}</p>
      )}
      {error && (
        <p role="alert" className="mt-3 rounded-lg bg-white p-2 text-sm text-red-800">
          {error}
        </p>
      )}
    </section>
  );
}
