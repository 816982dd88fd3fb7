import { directionOf } from '@jamiya/contracts/languages';
import type { ShareLetter } from '../bonus/public.ts';
import { parseAed } from '@jamiya/money/fils';
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

export type { ShareLetter };

const SIZE = 10;

/**
 * One A4 page in the member's language (docs/domain/bonus.md): what the committee shared, the
 * member's savings month by month, their weight among the members, and their share.
 */
export function sharePdf(letter: ShareLetter): Promise<Buffer> {
  const { language, member, explained: e } = letter;
  const i18n = textsIn(language);
  const doc = pdfDocument(language, {
    Title: i18n._('statement.share.title'),
    Author: letter.associationName,
  });
  const done = bytesOf(doc);
  const writer = textWriter(doc, directionOf(language));
  const { left, width, xOf } = pageFrame(doc, directionOf(language));
  const table = tableWriter(doc, writer, xOf, SIZE);
  const write = (text: string, top: number, style: TextStyle) =>
    writer.draw(text, xOf(0, width), top, width, style);
  const amount = (aed: number) => pdfAmount(parseAed(aed), language);

  let y = doc.page.margins.top;
  y += write(letter.associationName, y, { size: 18, isBold: true, color: INK, direction: 'auto' });
  y += write(i18n._('statement.share.title'), y, { size: 14, color: MUTED });
  y += write(i18n._('statement.share.status', { status: e.status }), y, {
    size: SIZE,
    color: MUTED,
  });
  y += 6;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  y += 10;
  y +=
    write(
      i18n._('statement.share.who', {
        name: isolate(member.name),
        id: isolate(member.uniqueId),
        from: { day: e.period.starts_on },
        to: { day: e.period.ends_on },
        days: e.period.days,
      }),
      y,
      { size: SIZE + 1, color: INK },
    ) + 10;

  // What the committee shared: each part it chose, then the total.
  const two: Column[] = [
    { width: 365, align: 'start' },
    { width: 150, align: 'end' },
  ];
  y = table.row(
    two,
    [i18n._('statement.share.shared'), i18n._('statement.pdf.summary.amounts')],
    y,
    {
      isHeader: true,
    },
  );
  const parts: Array<[string, number | null]> = [
    [i18n._('statement.share.interest', { charge: letter.charge }), e.parts.interest],
    [i18n._('statement.share.fines'), e.parts.fines],
    [i18n._('statement.share.otherIncome'), e.parts.other_income],
    [i18n._('statement.share.expenses'), e.parts.expenses === null ? null : -e.parts.expenses],
  ];
  for (const [label, aed] of parts) if (aed !== null) y = table.row(two, [label, amount(aed)], y);
  y = table.row(two, [i18n._('statement.share.total'), amount(e.parts.shared)], y, {
    isBold: true,
  });
  y += 14;

  // The member's savings month by month, which make their weight.
  const four: Column[] = [
    { width: 155, align: 'start' },
    { width: 60, align: 'end' },
    { width: 150, align: 'end' },
    { width: 150, align: 'end' },
  ];
  y = table.row(
    four,
    [
      i18n._('statement.share.month'),
      i18n._('statement.share.days'),
      i18n._('statement.share.average'),
      i18n._('statement.share.monthEnd'),
    ],
    y,
    { isHeader: true },
  );
  e.months.forEach((m, i) => {
    y = table.row(
      four,
      [
        i18n._('statement.share.monthName', { month: { month: m.month } }),
        String(m.days),
        amount(m.average_balance),
        amount(m.end_balance),
      ],
      y,
      { isStriped: i % 2 === 1 },
    );
  });
  y += 14;

  const facts = {
    average: amount(e.your_average_balance),
    totalAverage: amount(e.total_average_balance),
    percent: e.your_share_percent,
    members: e.members,
    shared: amount(e.parts.shared),
    amount: amount(e.amount),
  };
  y += write(i18n._('statement.share.weight', facts), y, { size: SIZE + 1, color: INK }) + 6;
  y +=
    write(i18n._('statement.share.yourShare', facts), y, {
      size: SIZE + 2,
      isBold: true,
      color: INK,
    }) + 12;
  write(i18n._('statement.clearance.issuedOn', { day: { day: letter.issuedAt } }), y, {
    size: SIZE,
    color: MUTED,
  });
  writer.finish();
  doc.end();
  return done;
}
