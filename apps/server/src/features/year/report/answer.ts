import type { FastifyReply } from 'fastify';
import type { Language } from '@jamiya/contracts/languages';
import type { MemberAnnualReport } from '@jamiya/contracts/year-report';
import type { DbOrTx } from '../../../db/client.ts';
import { notFound } from '../../../lib/errors.ts';
import { sentence } from '../../../lib/i18n.ts';
import { reportHtml, reportPdfInPool } from '../../ledger/public.ts';
import { getSettings } from '../../settings/public.ts';
import { yearSpans } from '../years.ts';
import { reportDocument } from './document.ts';
import { annualReport, yearFigures } from './figures.ts';

/** The annual report as JSON, or sent as its PDF or HTML page, in the reader's language. */
export async function sendAnnualReport(
  db: DbOrTx,
  year: number,
  format: 'json' | 'pdf' | 'html',
  language: Language,
  reply: FastifyReply,
) {
  const now = new Date();
  const report = await annualReport(db, year, now, language);
  if (format === 'json') return report;
  const { loanCharge } = await getSettings(db);
  const document = reportDocument(report, language, now, loanCharge);
  const name = `annual-report-${year}${report.is_draft ? '-DRAFT' : ''}`;
  reply.header('Cache-Control', 'private, no-store');
  if (format === 'html')
    return (
      reply
        .header('Content-Disposition', `inline; filename="${name}.html"`)
        // Nothing to run and nothing to load: the page's own styles only.
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .type('text/html; charset=utf-8')
        .send(reportHtml(document, document.title))
    );
  const pdf = await reportPdfInPool(document);
  return reply
    .header('Content-Disposition', `attachment; filename="${name}.pdf"`)
    .type('application/pdf')
    .send(pdf);
}

/**
 * The members' short version (issue 53 point 3): a closed year's figures, the last closed one
 * unless another is asked for; nothing while no year is closed.
 */
export async function memberAnnualReport(
  db: DbOrTx,
  year: number | undefined,
  language: Language,
): Promise<MemberAnnualReport> {
  const closed = (await yearSpans(db, new Date())).filter((s) => s.row?.closedAt != null).reverse();
  const years = closed.map((s) => s.year);
  const at = year === undefined ? 0 : closed.findIndex((s) => s.year === year);
  if (at < 0)
    throw notFound(
      sentence(/*i18n*/ 'The year {year} is not closed: its report is not out yet.', {
        year: String(year),
      }),
    );
  const span = closed[at];
  if (!span) return { years, report: null };
  const f = await yearFigures(db, span, language);
  const previous = closed[at + 1];
  const { associationName } = await getSettings(db);
  return {
    years,
    report: {
      association: associationName,
      year: f.year,
      from: f.from,
      to: f.to,
      total_income: f.total_income,
      total_expenses: f.total_expenses,
      surplus: f.surplus,
      income_by_source: f.income_by_source,
      shared_out: f.shared_out,
      savings: f.savings,
      members: f.members,
      loans: f.loans,
      par30_end: f.par30.at(-1)?.percent ?? 0,
      previous_surplus: previous ? (await yearFigures(db, previous, language)).surplus : null,
    },
  };
}
