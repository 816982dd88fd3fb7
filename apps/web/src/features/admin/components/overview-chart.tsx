import { numbersLocale } from '../../../lib/format.ts';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import { tryParseAed } from '@jamiya/money/fils';
import type { AdminOverview } from '../../../api/get-overview.ts';
import { aed } from '../../../lib/format.ts';
import { periodLabel } from '../../../lib/dates.ts';
import { shortMonth } from '../lib/periods.ts';

type Month = AdminOverview['history'][number];

const HEIGHT = 240;
const MARGIN = { top: 12, end: 8, bottom: 28, start: 52 };
const TICKS = 4;
const SAVINGS_COLOUR = '#0f766e'; // brand-700
export const LOANS_COLOUR = '#d97706'; // amber-600: at least 3:1 on white, told apart from teal by most colour-blind eyes

/** A round top for the axis: 1, 2, 2.5 or 5 times a power of ten, per tick. */
function niceStep(maxFils: number): number {
  const raw = Math.max(maxFils, 100) / TICKS;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw)!;
  return Math.ceil(step);
}

/**
 * Savings and loans outstanding at the end of each of the last 12 months, as paired bars.
 * The drawing is hidden from screen readers; the same figures are in a table for them.
 */
export function OverviewChart({ history }: { history: Month[] }) {
  const i18n = useTexts();
  const boxRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(640);

  // Laid out in real pixels, so the text keeps its size on a phone.
  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(260, Math.floor(entry.contentRect.width)));
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  const months = history.map((m) => ({
    ...m,
    savingsFils: tryParseAed(m.savings) ?? 0,
    loansFils: tryParseAed(m.loans_outstanding) ?? 0,
  }));
  const isEmpty = months.every((m) => m.savingsFils === 0 && m.loansFils === 0);
  const step = niceStep(Math.max(0, ...months.flatMap((m) => [m.savingsFils, m.loansFils])));
  const topFils = step * TICKS;
  const plotWidth = width - MARGIN.start - MARGIN.end;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const groupWidth = plotWidth / Math.max(months.length, 1);
  const barWidth = Math.min(22, groupWidth * 0.36);
  const y = (fils: number) => MARGIN.top + plotHeight - (fils / topFils) * plotHeight;
  const compact = new Intl.NumberFormat(numbersLocale(), {
    notation: 'compact',
    maximumFractionDigits: 1,
  });
  // Right to left, the axis stands on the right and the months run from the right.
  const isRtl = i18n.dir() === 'rtl';
  const plotLeft = isRtl ? MARGIN.end : MARGIN.start;
  const plotRight = plotLeft + plotWidth;
  const groupStart = (index: number) =>
    plotLeft + (isRtl ? months.length - 1 - index : index) * groupWidth;
  const labelEvery = groupWidth < 34 ? 2 : 1;

  return (
    <figure
      aria-labelledby="overview-chart-title"
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm sm:p-6"
    >
      <figcaption id="overview-chart-title" className="text-lg font-bold text-slate-900">
        {i18n._('admin.overview.chart.title')}
      </figcaption>
      {isEmpty ? (
        <p className="text-slate-700">{i18n._('admin.overview.chart.empty')}</p>
      ) : (
        <>
          <ul aria-hidden className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700">
            <li className="flex items-center gap-2">
              <span className="size-3 rounded-sm" style={{ background: SAVINGS_COLOUR }} />
              {i18n._('admin.overview.chart.savings')}
            </li>
            <li className="flex items-center gap-2">
              <span className="size-3 rounded-sm" style={{ background: LOANS_COLOUR }} />
              {i18n._('admin.overview.chart.loansOutstanding')}
            </li>
          </ul>
          <div ref={boxRef} className="w-full">
            <svg
              aria-hidden
              data-testid="overview-chart"
              width={width}
              height={HEIGHT}
              viewBox={`0 0 ${width} ${HEIGHT}`}
              className="block max-w-full"
            >
              {Array.from({ length: TICKS + 1 }, (_, i) => {
                const fils = step * i;
                const lineY = y(fils);
                return (
                  <g key={i}>
                    <line
                      x1={plotLeft}
                      x2={plotRight}
                      y1={lineY}
                      y2={lineY}
                      stroke={i === 0 ? '#64748b' : '#e2e8f0'}
                    />
                    <text
                      x={isRtl ? plotRight + 6 : plotLeft - 6}
                      y={lineY + 4}
                      // The text's end against the plot: SVG reads start and end in the text's
                      // direction, so right to left its end is its left side.
                      direction={isRtl ? 'rtl' : 'ltr'}
                      textAnchor="end"
                      className="fill-slate-600 text-[11px]"
                    >
                      {compact.format(fils / 100)}
                    </text>
                  </g>
                );
              })}
              {months.map((m, index) => {
                const start = groupStart(index);
                const middle = start + groupWidth / 2;
                const bars = [
                  {
                    fils: m.savingsFils,
                    colour: SAVINGS_COLOUR,
                    label: i18n._('admin.overview.chart.savings'),
                    value: m.savings,
                  },
                  {
                    fils: m.loansFils,
                    colour: LOANS_COLOUR,
                    label: i18n._('admin.overview.chart.loansOutstanding'),
                    value: m.loans_outstanding,
                  },
                ];
                const ordered = isRtl ? [...bars].reverse() : bars;
                return (
                  <g key={m.month} data-month={m.month}>
                    {ordered.map((bar, b) => {
                      const top = y(bar.fils);
                      return (
                        <rect
                          key={bar.label}
                          x={middle - barWidth - 1 + b * (barWidth + 2)}
                          y={top}
                          width={barWidth}
                          height={Math.max(0, MARGIN.top + plotHeight - top)}
                          rx={2}
                          fill={bar.colour}
                        >
                          <title>{`${periodLabel(m.month)} · ${bar.label}: ${aed(bar.value)}`}</title>
                        </rect>
                      );
                    })}
                    {index % labelEvery === (months.length - 1) % labelEvery && (
                      <text
                        x={middle}
                        y={HEIGHT - 8}
                        textAnchor="middle"
                        className="fill-slate-600 text-[11px]"
                      >
                        {shortMonth(m.month)}
                      </text>
                    )}
                  </g>
                );
              })}
            </svg>
          </div>
        </>
      )}
      {/* A table is as wide as its content whatever its own width: the wrapper hides it. */}
      <div className="sr-only">
        <table>
          <caption>{i18n._('admin.overview.chart.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{i18n._('admin.overview.chart.month')}</th>
              <th scope="col">{i18n._('admin.overview.chart.savings')}</th>
              <th scope="col">{i18n._('admin.overview.chart.loansOutstanding')}</th>
            </tr>
          </thead>
          <tbody>
            {history.map((m) => (
              <tr key={m.month}>
                <th scope="row">{periodLabel(m.month)}</th>
                <td>{aed(m.savings)}</td>
                <td>{aed(m.loans_outstanding)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
