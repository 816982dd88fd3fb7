import PDFDocument from 'pdfkit';
import { formatDay, formatMoment } from '@jamiya/money/dates';
import { formatAed, type Fils } from '@jamiya/money/fils';
import type { EntryKind, StatementPeriod } from '../ledger/statement.ts';
import { KIND_LABELS } from './statement-view.ts';

export interface StatementDocument {
  associationName: string;
  member: { name: string; uniqueId: string };
  kind: EntryKind | null;
  period: StatementPeriod;
  issuedAt: Date;
}

/** An amount as the app writes it, under a column headed AED: "1,234.50", "1,600". */
export const pdfAmount = (fils: Fils): string => formatAed(fils, { withCurrency: false });

// The standard PDF fonts cover Latin-1 (WinAnsi) only; other letters would print as
// garbage, so they become "?" rather than mislead. An embedded Unicode font would lift this.
const printable = (text: string) => text.replace(/[^\u0020-\u007e\u00a0-\u00ff\u2013\u2014]/g, '?');

const PAGE = { size: 'A4', margin: 40 } as const;
const FOOTER_HEIGHT = 24;
const INK = '#0f172a';
const MUTED = '#475569';
const RULE = '#cbd5e1';
const STRIPE = '#f1f5f9';

interface Column {
  header: string;
  width: number;
  align: 'left' | 'right';
}

// 515 pt between the margins of an A4 page.
const COLUMNS: Column[] = [
  { header: 'Date', width: 58, align: 'left' },
  { header: 'Kind', width: 62, align: 'left' },
  { header: 'Description', width: 127, align: 'left' },
  { header: 'Savings change', width: 64, align: 'right' },
  { header: 'Loan change', width: 64, align: 'right' },
  { header: 'Savings balance', width: 70, align: 'right' },
  { header: 'Loan owed', width: 70, align: 'right' },
];
const CELL_PAD = 4;

const change = (fils: Fils) => (fils === 0 ? '—' : pdfAmount(fils));

/**
 * The member's statement as a PDF: who, which period, opening and closing balances, then the
 * movements in a table that repeats its header on every page. Amounts in AED, two decimals.
 */
export function statementPdf(input: StatementDocument): Promise<Buffer> {
  const { period } = input;
  const doc = new PDFDocument({
    ...PAGE,
    bufferPages: true,
    lang: 'en',
    displayTitle: true,
    info: {
      Title: printable(`Statement of ${input.member.name} (${input.member.uniqueId})`),
      Author: printable(input.associationName),
      Subject: `${period.from} to ${period.to}`,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom - FOOTER_HEIGHT;

  // Heading.
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(18);
  doc.text(printable(input.associationName), left, doc.page.margins.top, { width });
  doc.font('Helvetica').fontSize(12).fillColor(MUTED).text('Statement of account', { width });
  doc.moveDown(0.8);

  const facts: Array<[string, string]> = [
    ['Member', printable(input.member.name)],
    ['Member ID', input.member.uniqueId],
    ['Period', `${formatDay(period.from)} to ${formatDay(period.to)}`],
    ['Movements', input.kind ? `${KIND_LABELS[input.kind]} only` : 'All'],
    ['Issued', `${formatMoment(input.issuedAt)} (Dubai time)`],
  ];
  doc.fontSize(10);
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('Helvetica').fillColor(MUTED).text(label, left, y, { width: 80 });
    doc
      .font('Helvetica-Bold')
      .fillColor(INK)
      .text(value, left + 80, y, { width: width - 80 });
    doc.moveDown(0.25);
  }
  doc.moveDown(0.8);

  // Opening and closing balances.
  const summary: Column[] = [
    { header: 'AED', width: 175, align: 'left' },
    { header: `Opening (${formatDay(period.from)})`, width: 170, align: 'right' },
    { header: `Closing (${formatDay(period.to)})`, width: 170, align: 'right' },
  ];
  let y = row(
    summary,
    summary.map((c) => c.header),
    doc.y,
    { isHeader: true },
  );
  y = row(
    summary,
    [
      'Savings balance',
      pdfAmount(period.opening.savingsFils),
      pdfAmount(period.closing.savingsFils),
    ],
    y,
  );
  y = row(
    summary,
    ['Loan principal owed', pdfAmount(period.opening.loanFils), pdfAmount(period.closing.loanFils)],
    y,
  );
  doc.font('Helvetica').fontSize(8.5).fillColor(MUTED);
  doc.text(
    input.kind
      ? 'Amounts in AED. Only one kind of movement is listed; the balances are the real running balances.'
      : 'Amounts in AED, newest first. The loan columns are principal: interest is income when it is paid.',
    left,
    y + 8,
    { width },
  );
  y = doc.y + 14;

  // The movements.
  doc.font('Helvetica-Bold').fontSize(12).fillColor(INK).text('Movements', left, y, { width });
  y = doc.y + 6;
  if (period.lines.length === 0) {
    doc.font('Helvetica').fontSize(10).fillColor(MUTED);
    doc.text('No movements in this period.', left, y, { width });
  } else {
    y = row(
      COLUMNS,
      COLUMNS.map((c) => c.header),
      y,
      { isHeader: true },
    );
    period.lines.forEach((line, i) => {
      const cells = [
        formatDay(line.occurredAt),
        KIND_LABELS[line.kind],
        printable(line.memo),
        change(line.savingsChangeFils),
        change(line.loanChangeFils),
        pdfAmount(line.savingsBalanceFils),
        pdfAmount(line.loanBalanceFils),
      ];
      if (y + rowHeight(COLUMNS, cells) > bottom()) {
        doc.addPage();
        y = row(
          COLUMNS,
          COLUMNS.map((c) => c.header),
          doc.page.margins.top,
          { isHeader: true },
        );
      }
      y = row(COLUMNS, cells, y, { isStriped: i % 2 === 1 });
    });
  }

  // Footer on every page, inside the bottom margin (margins lifted so no page is added).
  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    const { margins } = doc.page;
    const savedBottom = margins.bottom;
    margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor(MUTED);
    doc.text(
      printable(
        `${input.associationName} · ${input.member.name} (${input.member.uniqueId}) · Page ${i + 1} of ${pages.count}`,
      ),
      left,
      doc.page.height - savedBottom - 10,
      { width, align: 'center', lineBreak: false },
    );
    margins.bottom = savedBottom;
  }
  doc.end();
  return done;

  function rowHeight(columns: Column[], cells: string[], isHeader = false): number {
    doc.font(isHeader ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    const heights = cells.map((text, i) =>
      doc.heightOfString(text, { width: columns[i]!.width - 2 * CELL_PAD }),
    );
    return Math.max(...heights) + 2 * CELL_PAD;
  }

  /** Draws one table row at `top`; answers where the next row starts. */
  function row(
    columns: Column[],
    cells: string[],
    top: number,
    style: { isHeader?: boolean; isStriped?: boolean } = {},
  ): number {
    const height = rowHeight(columns, cells, style.isHeader);
    const total = columns.reduce((s, c) => s + c.width, 0);
    if (style.isHeader) doc.rect(left, top, total, height).fill(STRIPE);
    else if (style.isStriped) doc.rect(left, top, total, height).fill('#f8fafc');
    doc
      .moveTo(left, top + height)
      .lineTo(left + total, top + height)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc
      .font(style.isHeader ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(8.5)
      .fillColor(style.isHeader ? MUTED : INK);
    let x = left;
    cells.forEach((text, i) => {
      const column = columns[i]!;
      doc.text(text, x + CELL_PAD, top + CELL_PAD, {
        width: column.width - 2 * CELL_PAD,
        align: column.align,
      });
      x += column.width;
    });
    return top + height;
  }
}
