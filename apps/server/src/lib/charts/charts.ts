import { scaleBand, scaleLinear, scalePoint } from 'd3-scale';
import { line } from 'd3-shape';

// Charts as marks (decision 062): d3-scale places the values and picks the
// ticks, d3-shape writes the line as an SVG path; the PDF (pdfkit draws the same path syntax)
// and the HTML (inline SVG) draw the same marks as vectors, each with its figures beside it.

export type Mark =
  | { type: 'rect'; x: number; y: number; w: number; h: number; fill: string }
  | { type: 'path'; d: string; stroke: string; width: number }
  | { type: 'rule'; x1: number; y1: number; x2: number; y2: number; stroke: string }
  | {
      type: 'text';
      x: number;
      y: number;
      text: string;
      /** Where x is: the text's left, right or middle (on the page, whatever the language). */
      anchor: 'left' | 'right' | 'middle';
      size: number;
      color: string;
    };

export interface Chart {
  width: number;
  height: number;
  marks: Mark[];
}

const INK = '#0f172a';
const MUTED = '#475569';
const GRID = '#e2e8f0';
export const BAR = '#0f766e';
const LABEL_SIZE = 8;

/**
 * Horizontal bars, one a row, growing from the page's start edge (the right in Arabic), each
 * with its label and its figure: income by source, expenses by account.
 */
export function barChart(
  rows: Array<{ label: string; value: number; shown: string }>,
  { width, isRtl }: { width: number; isRtl: boolean },
): Chart {
  const rowHeight = 22;
  const labelWidth = Math.round(width * 0.38);
  const figureWidth = 80;
  const height = Math.max(rows.length, 1) * rowHeight;
  const y = scaleBand<number>()
    .domain(rows.map((_, i) => i))
    .range([0, height])
    .paddingInner(0.3);
  const barSpace = width - labelWidth - figureWidth;
  const x = scaleLinear()
    .domain([0, Math.max(...rows.map((r) => r.value), 1)])
    .range([0, barSpace]);
  // On the page, left to right: label, bar, figure; mirrored in Arabic.
  const at = (from: number, w = 0) => (isRtl ? width - from - w : from);
  const marks: Mark[] = rows.flatMap((r, i) => {
    const top = y(i)!;
    const middle = top + y.bandwidth() / 2 + LABEL_SIZE / 3;
    const length = Math.max(x(Math.max(r.value, 0)), 0.5);
    return [
      {
        type: 'text' as const,
        x: at(labelWidth - 6),
        y: middle,
        text: r.label,
        anchor: isRtl ? ('left' as const) : ('right' as const),
        size: LABEL_SIZE,
        color: INK,
      },
      {
        type: 'rect' as const,
        x: at(labelWidth, length),
        y: top,
        w: length,
        h: y.bandwidth(),
        fill: BAR,
      },
      {
        type: 'text' as const,
        x: at(labelWidth + length + 4),
        y: middle,
        text: r.shown,
        anchor: isRtl ? ('right' as const) : ('left' as const),
        size: LABEL_SIZE,
        color: MUTED,
      },
    ];
  });
  return { width, height, marks };
}

/**
 * A line over the months with its points and gridlines at round values, each month named
 * below and its figure above its point: PAR30 month by month. Time runs left to right in
 * every language, as the calendar's own charts do.
 */
export function lineChart(
  points: Array<{ label: string; value: number; shown: string }>,
  { width, height, unit }: { width: number; height: number; unit: string },
): Chart {
  const left = 30;
  const bottom = 16;
  const top = 12;
  const x = scalePoint<number>()
    .domain(points.map((_, i) => i))
    .range([left + 10, width - 10]);
  const y = scaleLinear()
    .domain([0, Math.max(5, ...points.map((p) => p.value))])
    .nice()
    .range([height - bottom, top]);
  const ticks = y.ticks(4);
  const d =
    line<{ value: number }>()
      .x((_, i) => x(i)!)
      .y((p) => y(p.value))(points) ?? '';
  return {
    width,
    height,
    marks: [
      ...ticks.flatMap((t): Mark[] => [
        { type: 'rule', x1: left, y1: y(t), x2: width, y2: y(t), stroke: GRID },
        {
          type: 'text',
          x: left - 4,
          y: y(t) + 3,
          text: `${t}${unit}`,
          anchor: 'right',
          size: 7,
          color: MUTED,
        },
      ]),
      { type: 'path', d, stroke: BAR, width: 1.5 },
      ...points.flatMap((p, i): Mark[] => [
        { type: 'rect', x: x(i)! - 2, y: y(p.value) - 2, w: 4, h: 4, fill: BAR },
        {
          type: 'text',
          x: x(i)!,
          y: y(p.value) - 5,
          text: p.shown,
          anchor: 'middle',
          size: 6.5,
          color: INK,
        },
        {
          type: 'text',
          x: x(i)!,
          y: height - 4,
          text: p.label,
          anchor: 'middle',
          size: 6.5,
          color: MUTED,
        },
      ]),
    ],
  };
}
