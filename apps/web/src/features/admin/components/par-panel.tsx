import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTexts } from '../../../lib/i18n.tsx';
import { ErrorState, Spinner } from '../../../components/states.tsx';
import { card, tableLink } from '../../../components/styles.ts';
import { aed } from '../../../lib/format.ts';
import { percentFigure } from '../../../lib/percent.ts';
import { periodLabel } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/messages.ts';
import type { ArrearsReport } from '../../../api/get-arrears.ts';
import { LOANS_COLOUR } from './overview-chart.tsx';

const WIDTH = 160;
const HEIGHT = 48;
const PAD = 4;

/** The overview's PAR30: today's figure, its last 12 months as a sparkline, and the way to the arrears. */
export function ParPanel({ arrears }: { arrears: UseQueryResult<ArrearsReport> }) {
  const i18n = useTexts();
  let body;
  if (arrears.isPending) body = <Spinner />;
  else if (arrears.isError && !arrears.data)
    body = (
      <ErrorState message={errorMessage(arrears.error)} onRetry={() => void arrears.refetch()} />
    );
  else if (arrears.data) body = <ParBody report={arrears.data} />;
  return (
    <section aria-labelledby="overview-par" className={`flex flex-col gap-3 ${card}`}>
      <h2 id="overview-par" className="text-lg font-bold text-slate-900">
        {i18n._('admin.overview.par.title')}
      </h2>
      {body}
    </section>
  );
}

function ParBody({ report }: { report: ArrearsReport }) {
  const i18n = useTexts();
  const { loans, par30_trend: trend } = report;
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
        <div className="flex min-w-36 flex-1 flex-col gap-1">
          <p className="text-sm font-medium text-slate-700">{i18n._('admin.overview.par.label')}</p>
          <p className="text-3xl font-extrabold tracking-tight text-slate-900 tabular-nums">
            {percentFigure(loans.par30)}
          </p>
          <p className="text-sm text-slate-600">
            {loans.outstanding === 0
              ? i18n._('admin.overview.par.noLoans')
              : i18n._('admin.overview.par.hint', {
                  amount: aed(loans.at_risk_30),
                  outstanding: aed(loans.outstanding),
                })}
          </p>
        </div>
        {trend.length > 1 && (
          <div className="flex shrink-0 flex-col gap-1">
            {/* Its scale beside it: the highest month's figure at the top, 0 at the bottom. */}
            <div aria-hidden className="flex items-stretch gap-2">
              <div className="flex flex-col justify-between text-xs text-slate-600 tabular-nums">
                <span data-testid="par-top">
                  {percentFigure(Math.max(1, ...trend.map((m) => m.par30)))}
                </span>
                <span>{percentFigure(0)}</span>
              </div>
              <Sparkline values={trend.map((m) => m.par30)} />
            </div>
            <p aria-hidden className="text-xs text-slate-600">
              {i18n._('admin.overview.par.trendFrom', {
                from: periodLabel(trend[0]!.month),
                to: periodLabel(trend[trend.length - 1]!.month),
              })}
            </p>
          </div>
        )}
      </div>
      {/* Each month's figure, to read: folded under the line, and a table for a screen reader. */}
      <details className="text-sm text-slate-700">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-brand-800">
          {i18n._('admin.overview.par.tableCaption')}
        </summary>
        <table className="mt-2 text-sm">
          <caption className="sr-only">{i18n._('admin.overview.par.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col" className="pe-6 text-start">
                {i18n._('admin.overview.chart.month')}
              </th>
              <th scope="col" className="text-end">
                {i18n._('admin.overview.par.label')}
              </th>
            </tr>
          </thead>
          <tbody>
            {trend.map((m) => (
              <tr key={m.month}>
                <th scope="row" className="pe-6 text-start font-normal">
                  {periodLabel(m.month)}
                </th>
                <td className="text-end tabular-nums">{percentFigure(m.par30)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
        <span>{i18n._('admin.overview.par.behind', { count: report.members.length })}</span>
        <Link to="/admin/arrears" className={`${tableLink} inline-flex min-h-11 items-center`}>
          {i18n._('admin.overview.par.open')}
        </Link>
      </p>
    </>
  );
}

/** The months as a line, oldest first (from the right, right to left), from 0 % at the bottom
 * to the highest month at the top (1 % at least, as its label says). */
function Sparkline({ values }: { values: number[] }) {
  const i18n = useTexts();
  const isRtl = i18n.dir() === 'rtl';
  const top = Math.max(1, ...values);
  const step = (WIDTH - 2 * PAD) / (values.length - 1);
  const points = values.map((v, i) => {
    const x = PAD + (isRtl ? values.length - 1 - i : i) * step;
    const y = HEIGHT - PAD - (v / top) * (HEIGHT - 2 * PAD);
    return [x, y] as const;
  });
  const [lastX, lastY] = points[points.length - 1]!;
  return (
    <svg
      aria-hidden
      data-testid="par-trend"
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="block"
    >
      <line x1={PAD} x2={WIDTH - PAD} y1={HEIGHT - PAD} y2={HEIGHT - PAD} stroke="#e2e8f0" />
      <polyline
        points={points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')}
        fill="none"
        stroke={LOANS_COLOUR}
        strokeWidth={2}
        strokeLinejoin="round"
        strokeLinecap="round"
      />
      <circle cx={lastX} cy={lastY} r={3} fill={LOANS_COLOUR} />
    </svg>
  );
}
