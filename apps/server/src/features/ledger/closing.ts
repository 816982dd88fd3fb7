import { and, inArray, isNull } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import type { DbOrTx } from '../../db/client.ts';
import { ledgerAccounts } from '../../db/schema/ledger.ts';
import { addDaysToDate, startOfDay } from '../../lib/calendar.ts';
import { postEntry, reverseEntry } from './ledger.ts';
import { classSumsAtEndOf, closingPeriodOf } from './month-totals.ts';

// A year's close (docs/domain/year.md): one entry moves the balance of every income and expense
// account at the year's end to the members' surplus (equity), so the next year opens with them
// at zero. It is kept in the year's closing period, after its last day and before the next
// year's first: read up to the last day, the year is without it; with it, after.

export interface ClosingLine {
  code: string;
  /** The account's balance at the year's end (debit positive) that the close takes to zero. */
  balanceFils: Fils;
}

/** Each income and expense account's balance at the end of the Dubai day `lastDay`, not zero. */
export async function closingLinesAt(db: DbOrTx, lastDay: string): Promise<ClosingLine[]> {
  const accounts = await db
    .select({ code: ledgerAccounts.code })
    .from(ledgerAccounts)
    .where(
      and(
        inArray(ledgerAccounts.type, ['income', 'expense']),
        isNull(ledgerAccounts.userId),
        isNull(ledgerAccounts.loanId),
      ),
    )
    .orderBy(ledgerAccounts.code);
  const sums = await classSumsAtEndOf(db, lastDay);
  return accounts
    .map(({ code }) => {
      const { debitsFils = 0, creditsFils = 0 } = sums.get(code) ?? {};
      return { code, balanceFils: debitsFils - creditsFils };
    })
    .filter((l) => l.balanceFils !== 0);
}

/** Income less expenses: what the close moves to the members' surplus (below 0, a deficit). */
export const surplusOf = (lines: readonly ClosingLine[]): Fils =>
  0 - lines.reduce((s, l) => s + l.balanceFils, 0);

/**
 * Writes the close of the year whose last day is `lastDay`, in its closing period, and answers
 * its entry and the surplus moved; no entry when no income or expense account holds anything.
 * The caller holds the month locks and has checked that every month of the year is locked.
 */
export async function postClosingEntry(
  tx: DbOrTx,
  close: { lastDay: string; memo: string; createdBy: number; proposedBy: number | null },
): Promise<{ entryId: number | null; surplusFils: Fils }> {
  const lines = await closingLinesAt(tx, close.lastDay);
  const surplusFils = surplusOf(lines);
  if (lines.length === 0) return { entryId: null, surplusFils };
  const entryId = await postEntry(tx, {
    kind: 'closing',
    memo: close.memo,
    occurredAt: startOfDay(addDaysToDate(close.lastDay, 1)),
    closingPeriod: closingPeriodOf(close.lastDay.slice(0, 7)),
    createdBy: close.createdBy,
    proposedBy: close.proposedBy,
    lines: [
      ...lines.map((l) => ({
        account: { code: 'chart' as const, account: l.code },
        amountFils: 0 - l.balanceFils,
      })),
      { account: { code: 'members_surplus' }, amountFils: 0 - surplusFils },
    ],
  });
  return { entryId, surplusFils };
}

/** Reopens a closed year: its closing entry reversed beside it, in the closing period. */
export async function reverseClosingEntry(
  tx: DbOrTx,
  entryId: number,
  by: { memo: string; createdBy: number; proposedBy: number | null; at: Date },
): Promise<number> {
  return reverseEntry(tx, entryId, {
    createdBy: by.createdBy,
    memo: by.memo,
    occurredAt: by.at,
    proposedBy: by.proposedBy,
    reasonCode: 'other',
  });
}
