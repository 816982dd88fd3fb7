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
import { trialBalance, type TrialBalance } from './balances.ts';
import { accountNames } from './chart.ts';
import {
  reportAmount,
  type ReportColumn,
  type ReportDocument,
  type ReportRow,
} from './report-pdf.ts';
import {
  summedTrialBalance,
  type SummedClass,
  type SummedTrialBalance,
  type TrialBalanceLine,
} from './summed-trial-balance.ts';

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

/** Lines by kind as the groups (assets first), then by code as the books give them. */
const byKind = <Line extends { kind: AccountKind }>(lines: Line[]) =>
  lines.sort((a, b) => ACCOUNT_KINDS.indexOf(a.kind) - ACCOUNT_KINDS.indexOf(b.kind));

/** Every account at the end of the Dubai day `asOf`, named in the reader's language (the CSV). */
export async function namedTrialBalance(
  db: DbOrTx,
  asOf: string,
  language: Language,
  withClose = false,
): Promise<TrialBalance & { asOf: string }> {
  const tb = await trialBalance(db, asOf, withClose);
  const names = await accountNames(
    db,
    tb.accounts.map((a) => a.code),
  );
  const accounts = tb.accounts.map((a) => ({ ...a, name: accountNameIn(a.code, language, names) }));
  return { ...tb, asOf, accounts: byKind(accounts) };
}

/** Each summed line's name: "Members' savings (members: 4,980)". */
const SUMMED_NAMES: Record<SummedClass, TextId> = {
  savings: /*i18n*/ 'ledger.reports.trialBalance.membersSavings',
  loans: /*i18n*/ 'ledger.reports.trialBalance.loans',
  fines: /*i18n*/ 'ledger.reports.trialBalance.fines',
};

/** The trial balance of the page and the PDF, members' and loans' accounts summed, named. */
export async function namedSummedTrialBalance(
  db: DbOrTx,
  asOf: string,
  language: Language,
  withClose = false,
): Promise<SummedTrialBalance> {
  const tb = await summedTrialBalance(db, asOf, withClose);
  const i18n = textsIn(language);
  const names = await accountNames(
    db,
    tb.accounts.flatMap((a) => (a.summed ? [] : [a.code])),
  );
  const accounts = tb.accounts.map((a) => ({
    ...a,
    name: a.summed
      ? i18n._(SUMMED_NAMES[a.summed.class], { count: a.summed.accounts.toLocaleString('en') })
      : accountNameIn(a.code, language, names),
  }));
  return { ...tb, accounts: byKind(accounts) };
}

export function toTrialBalanceView(tb: SummedTrialBalance): TrialBalanceView {
  return {
    as_of: tb.asOf,
    with_close: tb.withClose,
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
      ...(a.summed ? { summed_accounts: a.summed.accounts } : {}),
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

/**
 * The trial balance as a PDF of a few pages at 5,000 members: each kind under its heading with
 * its total; each member's savings, each loan and each member's fines summed on one line
 * ("Members' savings (members: 4,980)"), which the PDF says; the CSV lists every account.
 */
export function trialBalanceDocument(
  tb: SummedTrialBalance,
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
  const cells = (l: TrialBalanceLine) => [
    { typed: l.code },
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
    tb.accounts
      .filter((a) => a.kind === group.kind)
      .forEach((line, i) => rows.push({ cells: cells(line), style: { isStriped: i % 2 === 1 } }));
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
        tb.withClose
          ? i18n._('ledger.reports.endOfDayClosed', { day: { day: tb.asOf } })
          : i18n._('ledger.reports.endOfDay', { day: { day: tb.asOf } }),
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
