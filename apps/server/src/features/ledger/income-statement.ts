import { and, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import type { DbOrTx } from '../../db/client.ts';
import { journalEntries, ledgerAccounts, postings } from '../../db/schema/ledger.ts';
import { dubaiDayEnd, dubaiDayStart, type EntryKind } from './journal.ts';
import { inContext, original } from './movements.ts';

// The income and expenditure statement over Dubai days [from, to]: each income account (credits
// less debits) and each expense account (debits less credits) with postings in the period, the
// totals and the surplus. An entry counts on the Dubai day of its occurred_at; a correction is
// an entry of its own, dated the day it was made, so it counts then, not on the original's day.
//
// A share-out is not an expense, and does not lower the income: the interest belongs to the
// members (docs/domain/bonus.md), and sharing it out gives them what is theirs, a distribution
// of the surplus. As the share-out leaves its own entries out of the interest it reckons, the
// statement leaves out the entries that share interest out: `bonus` entries, the share a leaver
// takes at exit (an `exit` entry's debit to interest income, docs/domain/leaving.md), and the
// corrections of either. What they gave the members in the period is `sharedOutFils`, which the
// PDF and the CSV show under the surplus. The trial balance counts every entry: its interest
// income is what is left after the share-outs.

/** The entries that share the interest out to the members: their postings are not income. */
const SHARE_OUTS: EntryKind[] = ['bonus', 'exit'];

export interface IncomeLine {
  code: string;
  /** Credits less debits for income, debits less credits for an expense. */
  amountFils: Fils;
}

export interface IncomeStatement {
  from: string;
  to: string;
  income: IncomeLine[];
  expenses: IncomeLine[];
  totalIncomeFils: Fils;
  totalExpensesFils: Fils;
  /** Income less expenses; below 0, a deficit. */
  surplusFils: Fils;
  /** What share-outs gave the members from the income in the period (not counted above). */
  sharedOutFils: Fils;
}

export async function incomeStatement(
  db: DbOrTx,
  period: { from: string; to: string },
): Promise<IncomeStatement> {
  const isShareOut = or(
    inArray(journalEntries.kind, SHARE_OUTS),
    inArray(original.kind, SHARE_OUTS),
  );
  const rows = await inContext(
    db
      .select({
        code: ledgerAccounts.code,
        kind: ledgerAccounts.type,
        isShareOut: sql<boolean>`coalesce(${isShareOut}, false)`,
        total: sql<string>`sum(${postings.amountFils})`,
      })
      .from(postings)
      .$dynamic(),
  )
    .where(
      and(
        inArray(ledgerAccounts.type, ['income', 'expense']),
        // A year's close (and its reversal) moves the income on: it earns or spends nothing.
        isNull(journalEntries.closingPeriod),
        gte(journalEntries.occurredAt, dubaiDayStart(period.from)),
        lt(journalEntries.occurredAt, dubaiDayEnd(period.to)),
      ),
    )
    // The third column, the flag, by its place: grouping by its expression again would bind
    // its kinds as new parameters, which PostgreSQL does not take for the same expression.
    .groupBy(ledgerAccounts.code, ledgerAccounts.type, sql`3`)
    .orderBy(ledgerAccounts.code);
  const counted = rows.filter((r) => !r.isShareOut);
  const lines = (kind: 'income' | 'expense', sign: 1 | -1) =>
    counted
      .filter((r) => r.kind === kind)
      // 0 - x rather than -x: nothing is 0, not -0.
      .map((r) => ({
        code: r.code,
        amountFils: sign === 1 ? Number(r.total) : 0 - Number(r.total),
      }));
  const income = lines('income', -1);
  const expenses = lines('expense', 1);
  const totalIncomeFils = income.reduce((s, l) => s + l.amountFils, 0);
  const totalExpensesFils = expenses.reduce((s, l) => s + l.amountFils, 0);
  // A share-out of the surplus takes its parts from income (debits) and expenses (credits).
  const sharedOutFils = rows
    .filter((r) => r.isShareOut)
    .reduce((s, r) => s + Number(r.total), 0);
  return {
    ...period,
    income,
    expenses,
    totalIncomeFils,
    totalExpensesFils,
    surplusFils: totalIncomeFils - totalExpensesFils,
    sharedOutFils,
  };
}
