import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { MemberAnnualReport } from '@jamiya/contracts/year-report';
import { EmptyState, ErrorState, Spinner } from '../../../components/states.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { aed, formatPercent } from '../../../lib/format.ts';
import { useTexts } from '../../../lib/i18n.tsx';
import { errorMessage } from '../../../lib/messages.ts';
import { useAnnualReport } from '../api/get-annual-report.ts';

const card = 'rounded-2xl bg-white p-4 shadow-sm sm:p-6';
type Report = NonNullable<MemberAnnualReport['report']>;

/**
 * /user/annual-report: the association's closed year in short, in the member's language
 * (docs/domain/year.md, The annual report): what came in and went out, what was shared, the
 * savings, the members and the loans. The committee's long version is read at the AGM.
 */
export function AnnualReportPage() {
  const i18n = useTexts();
  const [year, setYear] = useState<number | undefined>(undefined);
  const report = useAnnualReport(year);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <title>{i18n._('annual-report.pageTitle')}</title>
      <h1 className="text-2xl font-bold text-slate-900">{i18n._('annual-report.title')}</h1>
      {report.isPending ? (
        <Spinner />
      ) : report.isError ? (
        <ErrorState message={errorMessage(report.error)} onRetry={() => void report.refetch()} />
      ) : report.data.report === null ? (
        <EmptyState title={i18n._('annual-report.empty.title')}>
          <p>{i18n._('annual-report.empty.body')}</p>
        </EmptyState>
      ) : (
        <>
          {report.data.years.length > 1 && (
            <label className="flex flex-col gap-1 self-start">
              <span className="text-sm font-medium text-slate-800">
                {i18n._('annual-report.chooseYear')}
              </span>
              <select
                className="min-h-11 rounded-lg border border-slate-300 bg-white px-3"
                value={report.data.report.year}
                onChange={(e) => setYear(Number(e.target.value))}
              >
                {report.data.years.map((y) => (
                  <option key={y} value={y}>
                    {y}
                  </option>
                ))}
              </select>
            </label>
          )}
          <Figures report={report.data.report} />
        </>
      )}
    </div>
  );
}

function Figures({ report: r }: { report: Report }) {
  const i18n = useTexts();
  const sources: Array<[string, number]> = [
    [i18n._('annual-report.source.interest'), r.income_by_source.interest],
    [i18n._('annual-report.source.fines'), r.income_by_source.fines],
    [i18n._('annual-report.source.other'), r.income_by_source.other],
  ];
  const largest = Math.max(...sources.map(([, v]) => v), 1);
  return (
    <>
      <p className="text-slate-700">
        {i18n._('annual-report.intro', {
          association: r.association,
          from: formatDate(r.from),
          to: formatDate(r.to),
        })}
      </p>
      <Section id="ar-money" title={i18n._('annual-report.money.title')}>
        <Rows
          rows={[
            [i18n._('annual-report.money.income'), aed(r.total_income)],
            [i18n._('annual-report.money.expenses'), aed(r.total_expenses)],
            [i18n._('annual-report.money.surplus'), aed(r.surplus), true],
            [i18n._('annual-report.money.sharedOut'), aed(r.shared_out)],
          ]}
        />
        {r.previous_surplus !== null && (
          <p className="text-sm text-slate-700">
            {i18n._('annual-report.money.previous', { amount: aed(r.previous_surplus) })}
          </p>
        )}
      </Section>
      <Section id="ar-sources" title={i18n._('annual-report.sources.title')}>
        <ul className="flex flex-col gap-3">
          {sources.map(([label, value]) => (
            <li key={label} className="flex flex-col gap-1">
              <span className="flex justify-between gap-3 text-slate-800">
                <span>{label}</span>
                <span className="font-semibold tabular-nums">{aed(value)}</span>
              </span>
              <span aria-hidden="true" className="h-2 rounded-full bg-slate-100">
                <span
                  className="block h-2 rounded-full bg-brand-700"
                  style={{ width: `${Math.max((value / largest) * 100, 0)}%` }}
                />
              </span>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="ar-members" title={i18n._('annual-report.members.title')}>
        <Rows
          rows={[
            [i18n._('annual-report.members.savingsStart'), aed(r.savings.start)],
            [i18n._('annual-report.members.savingsEnd'), aed(r.savings.end), true],
            [i18n._('annual-report.members.start'), String(r.members.start)],
            [i18n._('annual-report.members.joined'), String(r.members.joined)],
            [i18n._('annual-report.members.left'), String(r.members.left)],
            [i18n._('annual-report.members.end'), String(r.members.end), true],
          ]}
        />
      </Section>
      <Section id="ar-loans" title={i18n._('annual-report.loans.title')}>
        <Rows
          rows={[
            [i18n._('annual-report.loans.paidOut'), aed(r.loans.paid_out)],
            [i18n._('annual-report.loans.repaid'), aed(r.loans.repaid)],
            [i18n._('annual-report.loans.writtenOff'), aed(r.loans.written_off)],
            [i18n._('annual-report.loans.outstanding'), aed(r.loans.outstanding_end), true],
            [i18n._('annual-report.loans.atRisk'), `${formatPercent(r.par30_end)} %`],
          ]}
        />
      </Section>
      <Link
        to="/user/my-bonus"
        className="flex min-h-11 items-center self-start font-semibold text-brand-800 underline"
      >
        {i18n._('annual-report.toBonus')}
      </Link>
    </>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={`${card} flex flex-col gap-3`}>
      <h2 id={id} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Rows({ rows }: { rows: Array<[string, string, boolean?]> }) {
  return (
    <dl className="flex flex-col divide-y divide-slate-200">
      {rows.map(([label, value, isBold]) => (
        <div key={label} className="flex flex-wrap items-baseline justify-between gap-x-4 py-2">
          <dt className={isBold ? 'font-bold text-slate-900' : 'text-slate-800'}>{label}</dt>
          <dd className={`tabular-nums ${isBold ? 'font-bold text-slate-900' : 'text-slate-900'}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
