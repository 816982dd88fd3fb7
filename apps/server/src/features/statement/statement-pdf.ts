import { directionOf, type Language } from '@jamiya/contracts/languages';
import { formatDay } from '@jamiya/money/dates';
import type { Fils } from '@jamiya/money/fils';
import { formatMoney } from '@jamiya/money/format';
import { textsIn } from '../../lib/i18n.ts';
import { describeMovement } from '../ledger/public.ts';
import { KIND_NAMES, type StatementSubject } from './statement-view.ts';
import { bytesOf, isolate, pageFrame, textWriter, type Align } from '../../lib/pdf/pdf-text.ts';
import {
  CELL_PAD,
  MUTED,
  INK,
  pdfDocument,
  tableWriter,
  type Cell,
} from '../../lib/pdf/pdf-table.ts';

export interface StatementDocument extends StatementSubject {
  issuedAt: Date;
  /** The reader's: the words, the dates, the direction of the page. */
  language: Language;
}

/** An amount as the statement writes it, under a column headed AED: "1,234.5", "1,600". */
export const pdfAmount = (fils: Fils, language: Language = 'en'): string =>
  formatMoney(fils, language, { currency: false });

const FOOTER_HEIGHT = 24;
const TABLE_SIZE = 8.5;

interface Column {
  header: string;
  width: number;
  align: Align;
}

/**
 * The member's statement as a PDF in the reader's language (decision 031): who, which period,
 * opening and closing balances, then the movements in a table that repeats its header on
 * every page. Arabic and Urdu pages run right to left, their columns too.
 */
export function statementPdf(input: StatementDocument): Promise<Buffer> {
  const { period, language } = input;
  // Every text of the statement may name the loans' charge.
  const i18n = textsIn(language, { charge: input.charge });
  const direction = directionOf(language);
  const doc = pdfDocument(
    language,
    {
      Title: i18n._('statement.pdf.documentTitle', {
        name: input.member.name,
        id: input.member.uniqueId,
      }),
      Author: input.associationName,
      Subject: `${period.from} – ${period.to}`,
    },
    { bufferPages: true },
  );
  const done = bytesOf(doc);
  const writer = textWriter(doc, direction);

  const { left, width, xOf } = pageFrame(doc, direction);
  const bottom = () => doc.page.height - doc.page.margins.bottom - FOOTER_HEIGHT;
  const { write, row, rowHeight, writeFacts } = tableWriter(doc, writer, xOf, TABLE_SIZE);

  // Heading.
  let y = doc.page.margins.top;
  y += write({ typed: input.associationName }, 0, y, width, {
    size: 18,
    isBold: true,
    color: INK,
  });
  y += write(i18n._('statement.pdf.title'), 0, y, width, { size: 12, color: MUTED }) + 10;

  const kindName = input.kind ? i18n._(KIND_NAMES[input.kind]) : null;
  const facts: Array<[string, Cell]> = [
    [i18n._('statement.pdf.member'), { typed: input.member.name }],
    [i18n._('statement.pdf.memberId'), input.member.uniqueId],
    [
      i18n._('statement.pdf.period'),
      i18n._('statement.pdf.periodValue', { from: { day: period.from }, to: { day: period.to } }),
    ],
    [
      i18n._('statement.pdf.movements'),
      kindName
        ? i18n._('statement.pdf.onlyKind', { kind: kindName })
        : i18n._('statement.pdf.allKinds'),
    ],
    [
      i18n._('statement.pdf.issued'),
      i18n._('statement.pdf.issuedAt', { at: { at: input.issuedAt } }),
    ],
  ];
  const LABEL_WIDTH = 100;
  y = writeFacts(facts, y, width, LABEL_WIDTH) + 10;

  // Opening and closing balances.
  const summary: Column[] = [
    { header: i18n._('statement.pdf.summary.amounts'), width: 175, align: 'start' },
    {
      header: i18n._('statement.pdf.summary.opening', { day: { day: period.from } }),
      width: 170,
      align: 'end',
    },
    {
      header: i18n._('statement.pdf.summary.closing', { day: { day: period.to } }),
      width: 170,
      align: 'end',
    },
  ];
  const amount = (fils: Fils) => pdfAmount(fils, language);
  const change = (fils: Fils) => (fils === 0 ? '—' : amount(fils));
  y = row(summary, headers(summary), y, { isHeader: true });
  const { opening, closing } = period;
  y = row(
    summary,
    [
      i18n._('statement.pdf.summary.savings'),
      amount(opening.savingsFils),
      amount(closing.savingsFils),
    ],
    y,
  );
  // What is owed in all, as My Loan's remaining, then its two parts.
  y = row(
    summary,
    [i18n._('statement.pdf.summary.loan'), amount(opening.loanFils), amount(closing.loanFils)],
    y,
  );
  y = row(
    summary,
    [
      i18n._('statement.pdf.summary.loanPrincipal'),
      amount(opening.loanPrincipalFils),
      amount(closing.loanPrincipalFils),
    ],
    y,
  );
  y = row(
    summary,
    [
      i18n._('statement.pdf.summary.loanInterest'),
      amount(opening.loanInterestFils),
      amount(closing.loanInterestFils),
    ],
    y,
  );
  const note = kindName
    ? i18n._('statement.pdf.noteKind', { kind: kindName })
    : i18n._('statement.pdf.noteAll');
  y += 8 + write(note, 0, y + 8, width, { size: TABLE_SIZE, color: MUTED }) + 14;

  // The movements.
  y +=
    write(i18n._('statement.pdf.movements'), 0, y, width, { size: 12, isBold: true, color: INK }) +
    6;
  // Nine columns in the 515 points of an A4 page between its margins. A word of a date is
  // never broken: the date column is as wide as the widest needs (Malayalam's "സെപ്റ്റംബർ" is
  // 51 points; issue 50), and the description gives it what it takes.
  const dateHeader = i18n._('statement.pdf.columns.date');
  const days = period.lines.map((line) => formatDay(line.occurredAt, language));
  const dateWidth = Math.max(
    58,
    Math.ceil(widestWord([dateHeader], true)) + 2 * CELL_PAD,
    Math.ceil(widestWord(days, false)) + 2 * CELL_PAD,
  );
  const columns: Column[] = [
    { header: dateHeader, width: dateWidth, align: 'start' },
    { header: i18n._('statement.pdf.columns.kind'), width: 56, align: 'start' },
    { header: i18n._('statement.pdf.columns.memo'), width: 87 - (dateWidth - 58), align: 'start' },
    { header: i18n._('statement.pdf.columns.savingsChange'), width: 52, align: 'end' },
    { header: i18n._('statement.pdf.columns.loanChange'), width: 52, align: 'end' },
    { header: i18n._('statement.pdf.columns.loanPrincipalChange'), width: 52, align: 'end' },
    { header: i18n._('statement.pdf.columns.loanInterestChange'), width: 46, align: 'end' },
    { header: i18n._('statement.pdf.columns.savingsBalance'), width: 56, align: 'end' },
    { header: i18n._('statement.pdf.columns.loanBalance'), width: 56, align: 'end' },
  ];
  if (period.lines.length === 0) {
    write(i18n._('statement.pdf.empty'), 0, y, width, { size: 10, color: MUTED });
  } else {
    y = row(columns, headers(columns), y, { isHeader: true });
    period.lines.forEach((line, i) => {
      const cells: Cell[] = [
        formatDay(line.occurredAt, language),
        i18n._(KIND_NAMES[line.kind]),
        { typed: describeMovement(line, language, input.charge) },
        change(line.savingsChangeFils),
        change(line.loanChangeFils),
        change(line.loanPrincipalChangeFils),
        change(line.loanInterestChangeFils),
        amount(line.savingsBalanceFils),
        amount(line.loanBalanceFils),
      ];
      const height = rowHeight(columns, cells);
      if (y + height > bottom()) {
        doc.addPage();
        y = row(columns, headers(columns), doc.page.margins.top, { isHeader: true });
      }
      y = row(columns, cells, y, { isStriped: i % 2 === 1, height });
    });
  }

  // Footer on every page, inside the bottom margin.
  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    const footer = i18n._('statement.pdf.footer', {
      association: isolate(input.associationName),
      name: isolate(input.member.name),
      id: isolate(input.member.uniqueId),
      page: String(i + 1),
      pages: String(pages.count),
    });
    const top = doc.page.height - doc.page.margins.bottom - 10;
    writer.draw(footer, left, top, width, { size: 8, color: MUTED, align: 'center' });
  }
  writer.finish();
  doc.end();
  return done;

  function headers(of: Column[]): Cell[] {
    return of.map((c) => c.header);
  }

  /** The width of the widest word of `texts` in the table's text. */
  function widestWord(texts: string[], isBold: boolean): number {
    const words = texts.flatMap((text) => text.split(' '));
    return Math.max(
      0,
      ...words.map((word) => writer.widthOfLine(word, { size: TABLE_SIZE, isBold })),
    );
  }
}
