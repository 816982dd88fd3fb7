import type { Language } from '@jamiya/contracts/languages';
import type { DbOrTx } from '../../db/client.ts';
import { getSettings } from '../settings/public.ts';
import { incomeStatementDocument, namedIncomeStatement } from './income-statement-report.ts';
import { reportPdfInPool } from './report-pool.ts';
import { namedSummedTrialBalance, trialBalanceDocument } from './trial-balance-report.ts';

// The trial balance and the income statement as the PDFs report-routes.ts sends: the figures,
// then the association's name, then the pages drawn in the pool.

/** What heads a report: the association, the moment it is issued (after the figures are read). */
async function aboutReport(db: DbOrTx, language: Language) {
  const { associationName } = await getSettings(db);
  return { associationName, issuedAt: new Date(), language };
}

/** The trial balance on `asOf` as PDF bytes, with the day it was drawn for. */
export async function trialBalancePdf(
  db: DbOrTx,
  asOf: string,
  language: Language,
  withClose = false,
) {
  const tb = await namedSummedTrialBalance(db, asOf, language, withClose);
  const about = await aboutReport(db, language);
  return { asOf: tb.asOf, pdf: await reportPdfInPool(trialBalanceDocument(tb, about)) };
}

/** The income statement over `period` as PDF bytes, with the days it covers. */
export async function incomeStatementPdf(
  db: DbOrTx,
  period: { from: string; to: string },
  language: Language,
) {
  const statement = await namedIncomeStatement(db, period, language);
  const about = await aboutReport(db, language);
  const pdf = await reportPdfInPool(incomeStatementDocument(statement, about));
  return { from: statement.from, to: statement.to, pdf };
}
