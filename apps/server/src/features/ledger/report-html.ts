import escapeHtml from 'escape-html';
import { directionOf } from '@jamiya/contracts/languages';
import type { Chart, Mark } from '../../lib/charts/charts.ts';
import type { Cell } from '../../lib/pdf/pdf-table.ts';
import type { ReportDocument } from './report-pdf.ts';

// A report of the books as one HTML page, from the same document the PDF draws (report-pdf.ts):
// to read on a screen or print, its charts as inline SVG. Everything written is escaped; the page
// has no script and loads nothing.

const STYLE = `body{font-family:system-ui,'Noto Sans','Noto Naskh Arabic',sans-serif;color:#0f172a;margin:0;padding:16px;line-height:1.5}
main{max-width:820px;margin:auto}h1{font-size:1.5rem;margin:0}h2{font-size:1.1rem;margin:1.5rem 0 .5rem}
.title{color:#475569;margin:0 0 .75rem}dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0 0 1rem}
dt{color:#475569}dd{margin:0;font-weight:600}.note{color:#475569;font-size:.9rem}
table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{padding:.3rem .4rem;border-bottom:1px solid #cbd5e1;text-align:start}
th{background:#f1f5f9;color:#475569}.end{text-align:end;font-variant-numeric:tabular-nums}.bold td{font-weight:700}
.scroll{overflow-x:auto}svg{max-width:100%;height:auto}footer{color:#475569;font-size:.8rem;margin-top:2rem}
@media print{body{padding:0}}`;

const text = (cell: Cell) =>
  typeof cell === 'string' ? escapeHtml(cell) : `<bdi>${escapeHtml(cell.typed)}</bdi>`;

const ANCHOR = { left: 'start', right: 'end', middle: 'middle' } as const;

function markSvg(m: Mark): string {
  if (m.type === 'rect')
    return `<rect x="${m.x}" y="${m.y}" width="${m.w}" height="${m.h}" fill="${m.fill}"/>`;
  if (m.type === 'rule')
    return `<line x1="${m.x1}" y1="${m.y1}" x2="${m.x2}" y2="${m.y2}" stroke="${m.stroke}" stroke-width="0.5"/>`;
  if (m.type === 'path')
    return `<path d="${escapeHtml(m.d)}" fill="none" stroke="${m.stroke}" stroke-width="${m.width}"/>`;
  return `<text x="${m.x}" y="${m.y}" font-size="${m.size}" fill="${m.color}" text-anchor="${ANCHOR[m.anchor]}">${escapeHtml(m.text)}</text>`;
}

/** The chart's marks as SVG; its coordinates are the page's, left to right in every language. */
export const chartSvg = (chart: Chart): string =>
  `<svg viewBox="0 0 ${chart.width} ${chart.height}" width="${chart.width}" height="${chart.height}" direction="ltr" aria-hidden="true">${chart.marks.map(markSvg).join('')}</svg>`;

export function reportHtml(report: ReportDocument, footer: string): string {
  const { language } = report;
  const blocks = report.blocks.map((block) => {
    if ('heading' in block) return `<h2>${escapeHtml(block.heading)}</h2>`;
    if ('note' in block) return `<p class="note">${escapeHtml(block.note)}</p>`;
    if (!('columns' in block)) return `<div class="scroll">${chartSvg(block.chart)}</div>`;
    if (block.rows.length === 0) return `<p class="note">${escapeHtml(block.empty ?? '')}</p>`;
    const align = (i: number) => (block.columns[i]?.align === 'end' ? ' class="end"' : '');
    const head = block.isHeadless
      ? ''
      : `<thead><tr>${block.columns.map((c, i) => `<th scope="col"${align(i)}>${escapeHtml(c.header)}</th>`).join('')}</tr></thead>`;
    const rows = block.rows
      .map(
        (r) =>
          `<tr${r.style?.isBold ? ' class="bold"' : ''}>${r.cells.map((c, i) => `<td${align(i)}>${text(c)}</td>`).join('')}</tr>`,
      )
      .join('');
    return `<div class="scroll"><table>${head}<tbody>${rows}</tbody></table></div>`;
  });
  const facts = report.facts.map(
    ([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${text(value)}</dd>`,
  );
  return `<!doctype html>
<html lang="${language}" dir="${directionOf(language)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(report.title)}</title><style>${STYLE}</style></head>
<body><main><h1><bdi>${escapeHtml(report.associationName)}</bdi></h1><p class="title">${escapeHtml(report.title)}</p>
<dl>${facts.join('')}</dl>${blocks.join('\n')}<footer>${escapeHtml(footer)}</footer></main></body></html>
`;
}
