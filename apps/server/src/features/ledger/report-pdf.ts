import { directionOf, type Language } from '@jamiya/contracts/languages';
import type { Fils } from '@jamiya/money/fils';
import { formatMoney } from '@jamiya/money/format';
import { textsIn } from '../../lib/i18n.ts';
import type { Chart } from '../../lib/charts/charts.ts';
import { drawChart } from '../../lib/pdf/pdf-chart.ts';
import { bytesOf, isolate, pageFrame, textWriter } from '../../lib/pdf/pdf-text.ts';
import {
  INK,
  MUTED,
  pdfDocument,
  tableWriter,
  type Cell,
  type Column,
  type RowStyle,
} from '../../lib/pdf/pdf-table.ts';

// The books' reports as PDFs (trial balance, income statement, journal) in the reader's language
// (decision 031): the association, the title, the facts (the day or the period, when it was
// made), then tables whose header comes again on every page, and notes. Arabic and Urdu pages
// run right to left, their columns too.

export interface ReportColumn extends Column {
  header: string;
}

export interface ReportRow {
  cells: Cell[];
  style?: RowStyle;
}

export type ReportBlock =
  | { heading: string }
  | { note: string }
  /** Drawn as vectors, its figures in a table or a note beside it (lib/charts). */
  | { chart: Chart }
  | {
      columns: ReportColumn[];
      rows: ReportRow[];
      /** What to say when there are no rows. */
      empty?: string;
      /** Rows without the columns' header (a total under the tables above). */
      isHeadless?: boolean;
    };

export interface ReportDocument {
  language: Language;
  associationName: string;
  title: string;
  /** Label and value, under the title. */
  facts: Array<[string, Cell]>;
  blocks: ReportBlock[];
}

const FOOTER_HEIGHT = 24;
const TABLE_SIZE = 8.5;
const LABEL_WIDTH = 110;

/** An amount under a column headed AED: "1,234.5"; "—" for nothing, when asked. */
export const reportAmount = (fils: Fils, language: Language, isDashForZero = false): string =>
  isDashForZero && fils === 0 ? '—' : formatMoney(fils, language, { currency: false });

export function reportPdf(report: ReportDocument): Promise<Buffer> {
  const { language } = report;
  const i18n = textsIn(language);
  const direction = directionOf(language);
  const doc = pdfDocument(
    language,
    { Title: report.title, Author: report.associationName },
    { bufferPages: true },
  );
  const done = bytesOf(doc);
  const writer = textWriter(doc, direction);
  const { left, width, xOf } = pageFrame(doc, direction);
  const { write, row, rowHeight, writeFacts } = tableWriter(doc, writer, xOf, TABLE_SIZE);
  const bottom = () => doc.page.height - doc.page.margins.bottom - FOOTER_HEIGHT;
  const top = () => doc.page.margins.top;

  let y = top();
  y += write({ typed: report.associationName }, 0, y, width, {
    size: 18,
    isBold: true,
    color: INK,
  });
  y += write(report.title, 0, y, width, { size: 12, color: MUTED }) + 10;
  y = writeFacts(report.facts, y, width, LABEL_WIDTH) + 10;

  /** Room for `height` more on this page, or a new page. */
  const makeRoom = (height: number) => {
    if (y + height <= bottom()) return false;
    doc.addPage();
    y = top();
    return true;
  };

  for (const block of report.blocks) {
    if ('heading' in block) {
      const style = { size: 12, isBold: true, color: INK };
      // A heading is not left alone at the foot of a page.
      makeRoom(writer.heightOf(block.heading, width, style) + 40);
      y += write(block.heading, 0, y, width, style) + 6;
    } else if ('chart' in block) {
      makeRoom(block.chart.height + 12);
      drawChart(doc, writer, direction, block.chart, left, y);
      y += block.chart.height + 12;
    } else if ('note' in block) {
      const style = { size: TABLE_SIZE, color: MUTED };
      makeRoom(writer.heightOf(block.note, width, style));
      y += write(block.note, 0, y + 6, width, style) + 12;
    } else if (block.rows.length === 0) {
      const style = { size: 10, color: MUTED };
      makeRoom(writer.heightOf(block.empty ?? '', width, style));
      y += write(block.empty ?? '', 0, y, width, style) + 10;
    } else {
      const headers = block.columns.map((c) => c.header);
      const header = { isHeader: true };
      const withHeader = (top: number) =>
        block.isHeadless ? top : row(block.columns, headers, top, header);
      makeRoom(rowHeight(block.columns, headers, header) * 2);
      y = withHeader(y);
      for (const { cells, style = {} } of block.rows) {
        const height = rowHeight(block.columns, cells, style);
        if (makeRoom(height)) y = withHeader(y);
        y = row(block.columns, cells, y, { ...style, height });
      }
      y += 12;
    }
  }

  // Footer on every page, inside the bottom margin.
  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    const footer = i18n._('ledger.reports.footer', {
      association: isolate(report.associationName),
      title: report.title,
      page: String(i + 1),
      pages: String(pages.count),
    });
    const at = doc.page.height - doc.page.margins.bottom - 10;
    writer.draw(footer, left, at, width, { size: 8, color: MUTED, align: 'center' });
  }
  writer.finish();
  doc.end();
  return done;
}
