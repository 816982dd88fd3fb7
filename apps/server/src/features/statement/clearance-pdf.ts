import { directionOf, type Language } from '@jamiya/contracts/languages';
import type { Fils } from '@jamiya/money/fils';
import { textsIn } from '../../lib/i18n.ts';
import { bytesOf, isolate, pageFrame, textWriter, type TextStyle } from '../../lib/pdf/pdf-text.ts';
import {
  INK,
  MUTED,
  pdfDocument,
  RULE,
  tableWriter,
  type Column,
} from '../../lib/pdf/pdf-table.ts';
import { pdfAmount } from './statement-pdf.ts';

/** What the settlement of a member who left paid, as the clearance letter says it. */
export interface ClearanceLetter {
  associationName: string;
  member: { name: string; uniqueId: string };
  /** YYYY-MM-DD. */
  joinedOn: string;
  /** YYYY-MM-DD, the day the membership ended. */
  leftOn: string;
  /** The savings before the settlement. */
  savingsFils: Fils;
  /** The share-out paid at exit; 0 when none (the line is left out). */
  shareOutFils: Fils;
  /** The loan repaid from the savings; 0 when none (the line is left out). */
  loanRepaidFils: Fils;
  /** Late fines paid from the savings; 0 when none (the line is left out). */
  finesPaidFils: Fils;
  /** Taken by write-offs of loans the member guaranteed, while their exit waited; 0 when none. */
  guaranteesTakenFils: Fils;
  /** Everything paid out to the member. */
  paidOutFils: Fils;
  /** Where it was paid, as the member wrote it. */
  payTo: string;
  issuedAt: Date;
  /** The reader's: the words, the dates, the direction of the page. */
  language: Language;
}

const TABLE_SIZE = 10;
const TEXT_SIZE = 11;

/** The letter's file, named by the member's ID alone: "clearance-letter-M0012.pdf". */
export function clearanceFileName(uniqueId: string): string {
  return `clearance-letter-${uniqueId.replace(/[^A-Za-z0-9_-]/g, '')}.pdf`;
}

/**
 * The clearance letter of a member who left, one A4 page in the reader's language: that they
 * were a member from when to when, what their savings were and what the settlement took from
 * them and paid them, and that neither side owes the other anything. Arabic and Urdu pages run
 * right to left; what people typed (names, where it was paid) keeps its own direction.
 */
export function clearanceLetterPdf(letter: ClearanceLetter): Promise<Buffer> {
  const { language, member } = letter;
  const i18n = textsIn(language);
  const direction = directionOf(language);
  const doc = pdfDocument(language, {
    Title: i18n._('statement.clearance.documentTitle', { name: member.name, id: member.uniqueId }),
    Author: letter.associationName,
  });
  const done = bytesOf(doc);
  const writer = textWriter(doc, direction);

  const { left, width, xOf } = pageFrame(doc, direction);
  const table = tableWriter(doc, writer, xOf, TABLE_SIZE);
  const write = (text: string, start: number, top: number, boxWidth: number, style: TextStyle) =>
    writer.draw(text, xOf(start, boxWidth), top, boxWidth, style);
  const rule = (top: number) =>
    doc
      .moveTo(left, top)
      .lineTo(left + width, top)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();

  // Heading: the association, as it is named, then what this is.
  let y = doc.page.margins.top;
  y += write(letter.associationName, 0, y, width, {
    size: 18,
    isBold: true,
    color: INK,
    direction: 'auto',
  });
  y += write(i18n._('statement.clearance.title'), 0, y, width, { size: 14, color: MUTED }) + 8;
  rule(y);
  y += 16;

  // Names and IDs are isolated: each keeps its own direction inside the sentence.
  const name = isolate(member.name);
  const membership = i18n._('statement.clearance.membership', {
    name,
    id: isolate(member.uniqueId),
    association: isolate(letter.associationName),
    joined: { day: letter.joinedOn },
    left: { day: letter.leftOn },
  });
  y += write(membership, 0, y, width, { size: TEXT_SIZE, color: INK }) + 14;

  // The figures: a line the settlement did not have (0) is left out.
  const columns: Column[] = [
    { width: 365, align: 'start' },
    { width: 150, align: 'end' },
  ];
  const amount = (fils: Fils) => pdfAmount(fils, language);
  y = row([i18n._('statement.clearance.settlement'), i18n._('statement.pdf.summary.amounts')], y, {
    isHeader: true,
  });
  y = row([i18n._('statement.clearance.savings'), amount(letter.savingsFils)], y);
  const settled: Array<[string, Fils]> = [
    [i18n._('statement.clearance.shareOut'), letter.shareOutFils],
    [i18n._('statement.clearance.loanRepaid'), letter.loanRepaidFils],
    [i18n._('statement.clearance.finesPaid'), letter.finesPaidFils],
    [i18n._('statement.clearance.guaranteesTaken'), letter.guaranteesTakenFils],
  ];
  // Every line between the savings and the payout, so that they add up (the dues of the last
  // months are closed, not taken: docs/domain/leaving.md).
  for (const [label, fils] of settled) if (fils !== 0) y = row([label, amount(fils)], y);
  y = row(
    [
      i18n._('statement.clearance.paidOut', { payTo: isolate(letter.payTo) }),
      amount(letter.paidOutFils),
    ],
    y,
    { isBold: true },
  );
  y += 18;

  y += write(i18n._('statement.clearance.owesNothing', { name }), 0, y, width, {
    size: TEXT_SIZE,
    isBold: true,
    color: INK,
  });
  y += 14;
  write(i18n._('statement.clearance.issuedOn', { day: { day: letter.issuedAt } }), 0, y, width, {
    size: TEXT_SIZE,
    color: MUTED,
  });

  writer.finish();
  doc.end();
  return done;

  /** Draws one row of the figures at `top`; answers where the next row starts. */
  function row(
    cells: [string, string],
    top: number,
    style: { isHeader?: boolean; isBold?: boolean } = {},
  ): number {
    return table.row(columns, cells, top, style);
  }
}
