import { eq, sql } from 'drizzle-orm';
import { filsToAed, type Fils } from '@jamiya/money/fils';
import type { Language } from '@jamiya/contracts/languages';
import type { AnnualReport, YearFigures } from '@jamiya/contracts/year-report';
import type { DbOrTx } from '../../../db/client.ts';
import { users } from '../../../db/schema/users.ts';
import { addDaysToDate, addMonthsToPeriod, lastDayOfPeriod } from '../../../lib/calendar.ts';
import { textsIn } from '../../../lib/i18n.ts';
import { periodsEndingIn } from '../../bonus/public.ts';
import {
  classBalancesAtEndOf,
  closingLinesAt,
  loanMovements,
  namedIncomeStatement,
  namedTrialBalance,
  surplusOf,
} from '../../ledger/public.ts';
import { portfolioAtRiskOn } from '../../loans/public.ts';
import { getSettings } from '../../settings/public.ts';
import { yearAmong, type BookYearSpan } from '../years.ts';

// The figures of the annual report (issue 53 point 3, docs/domain/year.md), each read from the
// books as the other reports read them: the income statement, the trial balance at the year's
// end, the month totals, the loans' risk on each month's last day.

type Line = YearFigures['income'][number];
const line = (code: string, name: string, fils: Fils): Line => ({
  code,
  name,
  amount: filsToAed(fils),
});

/** The members' own accounts (savings:12, loan:40) on one line each, by their class. */
function byClass(
  accounts: Array<{ code: string; name: string; balanceFils: Fils }>,
  sign: 1 | -1,
  memberLine: (kind: string) => string,
): { lines: Line[]; totalFils: Fils } {
  const sums = new Map<string, { name: string; fils: Fils }>();
  for (const a of accounts) {
    const kind = a.code.includes(':') ? a.code.slice(0, a.code.indexOf(':')) : null;
    const key = kind ?? a.code;
    const at = sums.get(key) ?? { name: kind ? memberLine(kind) : a.name, fils: 0 };
    at.fils += sign * a.balanceFils;
    sums.set(key, at);
  }
  const kept = [...sums].filter(([, s]) => s.fils !== 0);
  return {
    lines: kept.map(([code, s]) => line(code, s.name, s.fils)),
    totalFils: kept.reduce((s, [, v]) => s + v.fils, 0),
  };
}

async function membersOver(db: DbOrTx, from: string, to: string) {
  const [row] = await db
    .select({
      start: sql<number>`count(*) filter (where ${users.joinedOn} < ${from} and (${users.leftOn} is null or ${users.leftOn} >= ${from}))::int`,
      joined: sql<number>`count(*) filter (where ${users.joinedOn} between ${from} and ${to})::int`,
      left: sql<number>`count(*) filter (where ${users.leftOn} between ${from} and ${to})::int`,
      end: sql<number>`count(*) filter (where ${users.joinedOn} <= ${to} and (${users.leftOn} is null or ${users.leftOn} > ${to}))::int`,
    })
    .from(users)
    .where(eq(users.isMember, true));
  return row ?? { start: 0, joined: 0, left: 0, end: 0 };
}

/** A year's figures in `language` (the accounts' names); its balance sheet after its close. */
export async function yearFigures(
  db: DbOrTx,
  span: BookYearSpan,
  language: Language,
): Promise<YearFigures> {
  const i18n = textsIn(language);
  const from = `${span.firstMonth}-01`;
  const to = lastDayOfPeriod(span.lastMonth);
  const closed = span.row?.closedAt != null;
  const statement = await namedIncomeStatement(db, { from, to }, language);
  const tb = await namedTrialBalance(db, to, language, closed);
  const notClosed = closed ? 0 : surplusOf(await closingLinesAt(db, to));
  const [savingsStart, savingsEnd] = await classBalancesAtEndOf(
    db,
    [addDaysToDate(from, -1), to],
    'savings',
  );
  const [outstandingEnd] = await classBalancesAtEndOf(db, [to], 'loans');
  const loans = await loanMovements(db, from, to);
  const months = Array.from({ length: 24 }, (_, i) => i)
    .map((i) => lastDayOfPeriod(addMonthsToPeriod(span.firstMonth, i)))
    .filter((day) => day <= to);
  const risks = await portfolioAtRiskOn(db, months);
  const shareOuts = await periodsEndingIn(db, from, to);

  const memberLine = (kind: string) =>
    kind === 'savings'
      ? i18n._('year.report.membersSavings')
      : kind === 'loan'
        ? i18n._('year.report.membersLoans')
        : i18n._('year.report.membersFines');
  const kindOf = (kind: 'asset' | 'liability' | 'equity') =>
    tb.accounts.filter((a) => a.kind === kind);
  const assets = byClass(kindOf('asset'), 1, memberLine);
  const liabilities = byClass(kindOf('liability'), -1, memberLine);
  const equity = byClass(kindOf('equity'), -1, memberLine);
  if (!closed && notClosed !== 0)
    equity.lines.push(
      line('surplus_not_closed', i18n._('year.report.surplusNotClosed'), notClosed),
    );
  const incomeOf = (code: string) => statement.income.find((l) => l.code === code)?.amountFils ?? 0;
  const interest = incomeOf('interest_income');
  const fines = incomeOf('fines_income');
  return {
    year: span.year,
    from,
    to,
    income: statement.income.map((l) => line(l.code, l.name, l.amountFils)),
    expenses: statement.expenses.map((l) => line(l.code, l.name, l.amountFils)),
    total_income: filsToAed(statement.totalIncomeFils),
    total_expenses: filsToAed(statement.totalExpensesFils),
    surplus: filsToAed(statement.surplusFils),
    shared_out: filsToAed(statement.sharedOutFils),
    income_by_source: {
      interest: filsToAed(interest),
      fines: filsToAed(fines),
      other: filsToAed(statement.totalIncomeFils - interest - fines),
    },
    balance_sheet: {
      assets: assets.lines,
      liabilities: liabilities.lines,
      equity: equity.lines,
      total_assets: filsToAed(assets.totalFils),
      total_liabilities: filsToAed(liabilities.totalFils),
      total_equity: filsToAed(equity.totalFils + notClosed),
    },
    savings: { start: filsToAed(0 - savingsStart!), end: filsToAed(0 - savingsEnd!) },
    members: await membersOver(db, from, to),
    loans: {
      paid_out: filsToAed(loans.paidOutFils),
      repaid: filsToAed(loans.repaidFils),
      written_off: filsToAed(loans.writtenOffFils),
      recovered: filsToAed(loans.recoveredFils),
      outstanding_end: filsToAed(outstandingEnd!),
    },
    par30: months.map((day, i) => {
      const risk = risks[i]!;
      const percent =
        risk.outstandingFils === 0
          ? 0
          : Math.round((risk.atRisk30Fils * 1000) / risk.outstandingFils) / 10;
      return { month: day.slice(0, 7), percent };
    }),
    share_outs: shareOuts.map((p) => ({
      starts_on: p.starts_on,
      ends_on: p.ends_on,
      parts: p.parts,
      members: p.members,
    })),
  };
}

/** The report of `year` beside the year before it; 404 for a year the books do not have. */
export async function annualReport(
  db: DbOrTx,
  year: number,
  now: Date,
  language: Language,
): Promise<AnnualReport> {
  const { span, before } = await yearAmong(db, year, now);
  const previous = before.at(-1);
  const { associationName } = await getSettings(db);
  return {
    association: associationName,
    year,
    is_draft: span.row?.closedAt == null,
    current: await yearFigures(db, span, language),
    previous: previous ? await yearFigures(db, previous, language) : null,
  };
}
