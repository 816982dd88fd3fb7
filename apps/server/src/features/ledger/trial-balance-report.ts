import { filsToAed, type Fils } from '@jamiya/money/fils';
import { filsToDecimalString } from '@jamiya/money/format';
import { ACCOUNT_KINDS, type AccountKind } from '@jamiya/contracts/values';
import type { TrialBalanceView } from '@jamiya/contracts/books';
import type { Language } from '@jamiya/contracts/languages';
import { formatMoment } from '@jamiya/money/dates';
import type { DbOrTx } from '../../db/client.ts';
import { toCsv } from '../../lib/csv.ts';
import { aed, textsIn, type TextId } from '../../lib/i18n.ts';
import { accountNameIn } from './accounts.ts';
import { trialBalance, type TrialBalance, type TrialBalanceAccount } from './balances.ts';
import { accountNames } from './chart.ts';
import {
  reportAmount,
  type ReportColumn,
  type ReportDocument,
  type ReportRow,
} from './report-pdf.ts';

// The trial balance as the page (JSON), the CSV file and the PDF read it.

/** Each kind's name as a heading, and its total's (the ids whole, for Lingui's extract). */
export const KIND_HEADINGS: Record<AccountKind, TextId> = {
  asset: /*i18n*/ 'ledger.reports.kinds.asset',
  liability: /*i18n*/ 'ledger.reports.kinds.liability',
  equity: /*i18n*/ 'ledger.reports.kinds.equity',
  income: /*i18n*/ 'ledger.reports.kinds.income',
  expense: /*i18n*/ 'ledger.reports.kinds.expense',
};
const KIND_TOTALS: Record<AccountKind, TextId> = {
  asset: /*i18n*/ 'ledger.reports.totals.asset',
  liability: /*i18n*/ 'ledger.reports.totals.liability',
  equity: /*i18n*/ 'ledger.reports.totals.equity',
  income: /*i18n*/ 'ledger.reports.totals.income',
  expense: /*i18n*/ 'ledger.reports.totals.expense',
};

/** The trial balance at the end of the Dubai day `asOf`, accounts named in the reader's language. */
export async function namedTrialBalance(
  db: DbOrTx,
  asOf: string,
  language: Language,
): Promise<TrialBalance & { asOf: string }> {
  const tb = await trialBalance(db, asOf);
  const names = await accountNames(
    db,
    tb.accounts.map((a) => a.code),
  );
  // By kind as the groups (assets first), then by code as the books give them.
  const byKind = (kind: AccountKind) => ACCOUNT_KINDS.indexOf(kind);
  return {
    ...tb,
    asOf,
    accounts: tb.accounts
      .map((a) => ({ ...a, name: accountNameIn(a.code, language, names) }))
      .sort((a, b) => byKind(a.kind) - byKind(b.kind)),
  };
}

export function toTrialBalanceView(tb: TrialBalance & { asOf: string }): TrialBalanceView {
  return {
    as_of: tb.asOf,
    total_debits: filsToAed(tb.totalDebitsFils),
    total_credits: filsToAed(tb.totalCreditsFils),
    balanced: tb.balanced,
    groups: tb.groups.map((g) => ({
      kind: g.kind,
      debits: filsToAed(g.debitsFils),
      credits: filsToAed(g.creditsFils),
      balance: filsToAed(g.balanceFils),
    })),
    accounts: tb.accounts.map((a) => ({
      code: a.code,
      name: a.name,
      type: a.kind,
      kind: a.kind,
      debits: filsToAed(a.debitsFils),
      credits: filsToAed(a.creditsFils),
      balance: filsToAed(a.balanceFils),
    })),
  };
}

/** One row per account: codes for machines, the name in the reader's language, plain decimals. */
export function trialBalanceCsv(tb: TrialBalance): string {
  return toCsv(
    ['kind', 'code', 'name', 'debits_aed', 'credits_aed', 'balance_aed'],
    tb.accounts.map((a) => [
      a.kind,
      a.code,
      a.name,
      filsToDecimalString(a.debitsFils),
      filsToDecimalString(a.creditsFils),
      filsToDecimalString(a.balanceFils),
    ]),
  );
}

/** The accounts of members and loans, thousands of them: one line each in the PDF. */
const SUMMED: Array<{ prefix: string; text: TextId }> = [
  { prefix: 'savings:', text: /*i18n*/ 'ledger.reports.trialBalance.membersSavings' },
  { prefix: 'loan:', text: /*i18n*/ 'ledger.reports.trialBalance.loans' },
  { prefix: 'fines:', text: /*i18n*/ 'ledger.reports.trialBalance.fines' },
];

type Line = Pick<TrialBalanceAccount, 'debitsFils' | 'creditsFils' | 'balanceFils'> & {
  code: string;
  name: string;
};

/**
 * The trial balance as a PDF of a few pages at 5,000 members: each kind under its heading with
 * its total; each member's savings, each loan and each member's fines summed on one line
 * ("Members' savings (members: 4,980)"), which the PDF says; the CSV lists every account.
 */
export function trialBalanceDocument(
  tb: TrialBalance & { asOf: string },
  about: { associationName: string; issuedAt: Date; language: Language },
): ReportDocument {
  const { language } = about;
  const i18n = textsIn(language);
  const amount = (fils: Fils) => reportAmount(fils, language, true);
  const columns: ReportColumn[] = [
    { header: i18n._('ledger.reports.columns.code'), width: 75, align: 'start' },
    { header: i18n._('ledger.reports.columns.account'), width: 200, align: 'start' },
    { header: i18n._('ledger.reports.columns.debits'), width: 80, align: 'end' },
    { header: i18n._('ledger.reports.columns.credits'), width: 80, align: 'end' },
    { header: i18n._('ledger.reports.columns.balance'), width: 80, align: 'end' },
  ];
  const cells = (l: Line, code: string) => [
    { typed: code },
    { typed: l.name },
    amount(l.debitsFils),
    amount(l.creditsFils),
    reportAmount(l.balanceFils, language),
  ];
  const difference = tb.totalDebitsFils - tb.totalCreditsFils;
  const rows: ReportRow[] = [];
  for (const group of tb.groups) {
    rows.push({
      cells: [i18n._(KIND_HEADINGS[group.kind]), '', '', '', ''],
      style: { isBold: true },
    });
    const lines: Line[] = [];
    const summed = new Map<string, Line & { count: number }>();
    for (const a of tb.accounts.filter((x) => x.kind === group.kind)) {
      const line: Line = { ...a };
      const by = SUMMED.find((s) => a.code.startsWith(s.prefix));
      if (!by) {
        lines.push(line);
        continue;
      }
      const sum = summed.get(by.prefix);
      if (!sum) {
        const made = { ...line, code: `${by.prefix}*`, count: 1 };
        summed.set(by.prefix, made);
        lines.push(made);
      } else {
        sum.count += 1;
        sum.debitsFils += line.debitsFils;
        sum.creditsFils += line.creditsFils;
        sum.balanceFils += line.balanceFils;
      }
    }
    for (const [prefix, sum] of summed)
      sum.name = i18n._(SUMMED.find((s) => s.prefix === prefix)!.text, {
        count: sum.count.toLocaleString('en'),
      });
    lines.forEach((line, i) =>
      rows.push({ cells: cells(line, line.code), style: { isStriped: i % 2 === 1 } }),
    );
    rows.push({
      cells: [
        '',
        i18n._(KIND_TOTALS[group.kind]),
        amount(group.debitsFils),
        amount(group.creditsFils),
        reportAmount(group.balanceFils, language),
      ],
      style: { isBold: true },
    });
  }
  rows.push({
    cells: [
      '',
      i18n._('ledger.reports.trialBalance.total'),
      amount(tb.totalDebitsFils),
      amount(tb.totalCreditsFils),
      reportAmount(difference, language),
    ],
    style: { isHeader: true },
  });
  return {
    language,
    associationName: about.associationName,
    title: i18n._('ledger.reports.trialBalance.title'),
    facts: [
      [
        i18n._('ledger.reports.facts.asOf'),
        i18n._('ledger.reports.endOfDay', { day: { day: tb.asOf } }),
      ],
      [i18n._('ledger.reports.facts.generated'), formatMoment(about.issuedAt, language)],
    ],
    blocks: [
      { columns, rows },
      {
        note: tb.balanced
          ? i18n._('ledger.reports.trialBalance.balanced')
          : i18n._('ledger.reports.trialBalance.unbalanced', { amount: aed(Math.abs(difference)) }),
      },
      { note: i18n._('ledger.reports.trialBalance.balanceNote') },
      { note: i18n._('ledger.reports.trialBalance.summed') },
    ],
  };
}
