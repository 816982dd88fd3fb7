import type { ReactNode } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import { CardAmount } from '../../../components/figures.tsx';
import { aed } from '../../../lib/format.ts';
import { percentFigure } from '../../../lib/percent.ts';
import type { ArrearsReport } from '../../../api/get-arrears.ts';
import { BUCKET_TEXTS } from '../texts.ts';

const BUCKETS = ['1', '2', '3+'] as const;

/** The figures above the list: the loans at risk, and the dues behind by how long. */
export function ArrearsFigures({ report }: { report: ArrearsReport }) {
  const i18n = useTexts();
  const { loans } = report;
  const atRisk = (amount: number, days: 30 | 90) =>
    loans.outstanding === 0
      ? i18n._('admin.overview.par.noLoans')
      : days === 30
        ? i18n._('admin-arrears.loans.par30Hint', {
            amount: aed(amount),
            outstanding: aed(loans.outstanding),
          })
        : i18n._('admin-arrears.loans.par90Hint', {
            amount: aed(amount),
            outstanding: aed(loans.outstanding),
          });
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <FigureGroup id="arrears-loans" title={i18n._('admin.overview.par.title')}>
        <FigureCard
          label={i18n._('admin.overview.par.label')}
          value={percentFigure(loans.par30)}
          hint={atRisk(loans.at_risk_30, 30)}
          isAttention={loans.at_risk_30 > 0}
        />
        <FigureCard
          label={i18n._('admin-arrears.loans.par90')}
          value={percentFigure(loans.par90)}
          hint={atRisk(loans.at_risk_90, 90)}
          isAttention={loans.at_risk_90 > 0}
        />
      </FigureGroup>
      <FigureGroup id="arrears-dues" title={i18n._('admin-arrears.dues.title')}>
        {BUCKETS.map((months) => {
          const bucket = report.dues.buckets.find((b) => b.months === months);
          const members = bucket?.members ?? 0;
          return (
            <FigureCard
              key={months}
              label={i18n._(BUCKET_TEXTS[months])}
              value={aed(bucket?.amount ?? 0)}
              hint={i18n._('admin-arrears.dues.members', { count: members })}
              isAttention={members > 0}
            />
          );
        })}
      </FigureGroup>
    </div>
  );
}

function FigureGroup({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      {/* Two to a row on a 320 px phone: 8.5rem holds "AED 10,700.50" at text-base. */}
      <ul className="grid grid-cols-2 gap-3">{children}</ul>
    </section>
  );
}

function FigureCard({
  label,
  value,
  hint,
  isAttention,
}: {
  label: string;
  value: string;
  hint: string;
  isAttention: boolean;
}) {
  return (
    <li
      className={`flex flex-col gap-1 rounded-2xl border bg-white p-3 shadow-sm sm:p-4 ${isAttention ? 'border-amber-400' : 'border-slate-200'}`}
    >
      <p className="text-sm font-medium text-slate-700">{label}</p>
      <CardAmount max="2xl" className="text-slate-900">
        {value}
      </CardAmount>
      <p className="text-sm text-slate-600">{hint}</p>
    </li>
  );
}
