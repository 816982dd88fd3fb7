import { filsToAed, type Fils } from '@jamiya/money/fils';
import { filsToDecimalString } from '@jamiya/money/format';
import { formatMoment } from '@jamiya/money/dates';
import type { IncomeStatementView } from '@jamiya/contracts/books';
import type { Language } from '@jamiya/contracts/languages';
import type { DbOrTx } from '../../db/client.ts';
import { localDate } from '../../lib/calendar.ts';
import { toCsv } from '../../lib/csv.ts';
import { aed, textsIn } from '../../lib/i18n.ts';
import { badRequest } from '../../lib/errors.ts';
import { accountNameIn } from './accounts.ts';
import { accountNames } from './chart.ts';
import { incomeStatement, type IncomeLine, type IncomeStatement } from './income-statement.ts';
import {
  reportAmount,
  type ReportColumn,
  type ReportDocument,
  type ReportRow,
} from './report-pdf.ts';
import { KIND_HEADINGS } from './trial-balance-report.ts';

// The income and expenditure statement as the page (JSON), the CSV file and the PDF read it.

type NamedLine = IncomeLine & { name: string };
type Named = Omit<IncomeStatement, 'income' | 'expenses'> & {
  income: NamedLine[];
  expenses: NamedLine[];
};

/**
 * The days asked, or the defaults: up to today (Dubai), from 1 January of the last day's year.
 * The contract refuses `from` after `to`; with `to` left out, so is a `from` after today.
 */
export function incomePeriod(
  query: { from?: string | undefined; to?: string | undefined },
  now: Date,
) {
  const to = query.to ?? localDate(now);
  const from = query.from ?? `${to.slice(0, 4)}-01-01`;
  if (from > to) {
    const say = /*i18n*/ 'The end date must be on or after the start date.';
    throw badRequest(say, { to: [say] });
  }
  return { from, to };
}

export async function namedIncomeStatement(
  db: DbOrTx,
  period: { from: string; to: string },
  language: Language,
): Promise<Named> {
  const statement = await incomeStatement(db, period);
  const names = await accountNames(db, [
    ...statement.income.map((l) => l.code),
    ...statement.expenses.map((l) => l.code),
  ]);
  const named = (lines: IncomeLine[]) =>
    lines.map((l) => ({ ...l, name: accountNameIn(l.code, language, names) }));
  return { ...statement, income: named(statement.income), expenses: named(statement.expenses) };
}

export function toIncomeStatementView(s: Named): IncomeStatementView {
  const line = (l: NamedLine) => ({
    code: l.code,
    name: l.name,
    amount: filsToAed(l.amountFils),
  });
  return {
    from: s.from,
    to: s.to,
    income: s.income.map(line),
    expenses: s.expenses.map(line),
    total_income: filsToAed(s.totalIncomeFils),
    total_expenses: filsToAed(s.totalExpensesFils),
    surplus: filsToAed(s.surplusFils),
    shared_out: filsToAed(s.sharedOutFils),
  };
}

/**
 * One row per account, then the totals: `section` is a code for machines (income, expense,
 * total_income, total_expenses, surplus, shared_out), `name` the words in the reader's language.
 */
export function incomeStatementCsv(s: Named, language: Language): string {
  const i18n = textsIn(language);
  const total = (section: string, name: string, fils: Fils) => [
    section,
    '',
    name,
    filsToDecimalString(fils),
  ];
  return toCsv(
    ['section', 'code', 'name', 'amount_aed'],
    [
      ...s.income.map((l) => ['income', l.code, l.name, filsToDecimalString(l.amountFils)]),
      ...s.expenses.map((l) => ['expense', l.code, l.name, filsToDecimalString(l.amountFils)]),
      total(
        'total_income',
        i18n._('ledger.reports.incomeStatement.totalIncome'),
        s.totalIncomeFils,
      ),
      total(
        'total_expenses',
        i18n._('ledger.reports.incomeStatement.totalExpenses'),
        s.totalExpensesFils,
      ),
      total('surplus', i18n._('ledger.reports.incomeStatement.surplus'), s.surplusFils),
      total('shared_out', i18n._('ledger.reports.incomeStatement.sharedOutLine'), s.sharedOutFils),
    ],
  );
}

/** The statement as a PDF: income, then expenses, each with its total, then the surplus. */
export function incomeStatementDocument(
  s: Named,
  about: { associationName: string; issuedAt: Date; language: Language },
): ReportDocument {
  const { language } = about;
  const i18n = textsIn(language);
  const amount = (fils: Fils) => reportAmount(fils, language);
  const columns: ReportColumn[] = [
    { header: i18n._('ledger.reports.columns.code'), width: 95, align: 'start' },
    { header: i18n._('ledger.reports.columns.account'), width: 300, align: 'start' },
    { header: i18n._('ledger.reports.columns.amount'), width: 120, align: 'end' },
  ];
  const section = (lines: NamedLine[], totalText: string, totalFils: Fils): ReportRow[] => [
    ...lines.map((l, i) => ({
      cells: [{ typed: l.code }, { typed: l.name }, amount(l.amountFils)],
      style: { isStriped: i % 2 === 1 },
    })),
    { cells: ['', totalText, amount(totalFils)], style: { isBold: true } },
  ];
  const isDeficit = s.surplusFils < 0;
  return {
    language,
    associationName: about.associationName,
    title: i18n._('ledger.reports.incomeStatement.title'),
    facts: [
      [
        i18n._('ledger.reports.facts.period'),
        i18n._('ledger.reports.periodValue', { from: { day: s.from }, to: { day: s.to } }),
      ],
      [i18n._('ledger.reports.facts.generated'), formatMoment(about.issuedAt, language)],
    ],
    blocks: [
      { heading: i18n._(KIND_HEADINGS.income) },
      {
        columns,
        rows: s.income.length
          ? section(
              s.income,
              i18n._('ledger.reports.incomeStatement.totalIncome'),
              s.totalIncomeFils,
            )
          : [],
        empty: i18n._('ledger.reports.incomeStatement.noIncome'),
      },
      { heading: i18n._(KIND_HEADINGS.expense) },
      {
        columns,
        rows: s.expenses.length
          ? section(
              s.expenses,
              i18n._('ledger.reports.incomeStatement.totalExpenses'),
              s.totalExpensesFils,
            )
          : [],
        empty: i18n._('ledger.reports.incomeStatement.noExpenses'),
      },
      {
        columns,
        isHeadless: true,
        rows: [
          {
            cells: [
              '',
              isDeficit
                ? i18n._('ledger.reports.incomeStatement.deficit')
                : i18n._('ledger.reports.incomeStatement.surplus'),
              amount(Math.abs(s.surplusFils)),
            ],
            style: { isBold: true, isStriped: true },
          },
        ],
      },
      {
        note: i18n._('ledger.reports.incomeStatement.sharedOut', { amount: aed(s.sharedOutFils) }),
      },
    ],
  };
}
