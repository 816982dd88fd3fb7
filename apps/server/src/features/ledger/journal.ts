import { and, asc, desc, eq, exists, inArray, lt, sql } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import type { Language } from '@jamiya/contracts/languages';
import type { LoanCharge } from '@jamiya/contracts/settings';
import type { DbOrTx } from '../../db/client.ts';
import {
  journalEntries,
  ledgerAccounts,
  ledgerMonthTotals,
  postings,
} from '../../db/schema/ledger.ts';
import { textsIn } from '../../lib/i18n.ts';

// The journal as the books and their readers see it: pages of entries, the headline figures,
// and what a movement is called in the reader's language (the statement uses it too).

export type EntryKind = (typeof journalEntries.$inferSelect)['kind'];

/** What a movement's description is made from: a statement row or a journal entry. */
export interface Movement {
  kind: EntryKind;
  /** The month of dues it pays, for dues. */
  period: string | null;
  loanId: number | null;
  /** The days a share-out shared the interest of (YYYY-MM-DD), for a bonus. */
  shareOut: { from: string; to: string } | null;
  /** As the books keep it, in English. */
  memo: string;
}

/**
 * What the features above the ledger know of an entry: the month of dues a payment paid
 * (payments), the days a share-out shared (bonus). app.ts gives them: they import the ledger.
 */
export interface MovementDetails {
  duesPeriodsOf(db: DbOrTx, paymentIds: readonly number[]): Promise<Map<number, string>>;
  shareOutsOf(
    db: DbOrTx,
    entryIds: readonly number[],
  ): Promise<Map<number, { from: string; to: string }>>;
}

export interface JournalRow {
  entry: typeof journalEntries.$inferSelect;
  /** The month of dues an entry pays, for dues. */
  period: string | null;
  /** The days a share-out shared, for a bonus. */
  shareOut: { from: string; to: string } | null;
  postings: Array<{ accountCode: string; accountName: string; amountFils: Fils }>;
}

/** Journal entries newest first, with their postings; optionally of one kind or member. */
export async function journalPage(
  db: DbOrTx,
  query: {
    kind?: EntryKind | undefined;
    memberId?: number | undefined;
    before: number | null;
    limit: number;
  },
  details: MovementDetails,
): Promise<JournalRow[]> {
  const entries = await db
    .select({ entry: journalEntries })
    .from(journalEntries)
    .where(
      and(
        query.kind ? eq(journalEntries.kind, query.kind) : undefined,
        query.before === null ? undefined : lt(journalEntries.id, query.before),
        query.memberId === undefined
          ? undefined
          : exists(
              db
                .select({ one: sql`1` })
                .from(postings)
                .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
                .where(
                  and(
                    eq(postings.entryId, journalEntries.id),
                    eq(ledgerAccounts.userId, query.memberId),
                  ),
                ),
            ),
      ),
    )
    .orderBy(desc(journalEntries.id))
    .limit(query.limit);
  if (entries.length === 0) return [];
  const lines = await db
    .select({
      entryId: postings.entryId,
      accountCode: ledgerAccounts.code,
      accountName: ledgerAccounts.name,
      amountFils: postings.amountFils,
    })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(
      inArray(
        postings.entryId,
        entries.map((e) => e.entry.id),
      ),
    )
    .orderBy(asc(postings.id));
  const periods = await details.duesPeriodsOf(
    db,
    entries.flatMap(({ entry }) => entry.paymentId ?? []),
  );
  const shareOuts = await details.shareOutsOf(
    db,
    entries.filter(({ entry }) => entry.kind === 'bonus').map(({ entry }) => entry.id),
  );
  return entries.map(({ entry }) => ({
    entry,
    period: entry.paymentId === null ? null : (periods.get(entry.paymentId) ?? null),
    shareOut: shareOuts.get(entry.id) ?? null,
    postings: lines
      .filter((l) => l.entryId === entry.id)
      .map(({ accountCode, accountName, amountFils }) => ({
        accountCode,
        accountName,
        amountFils,
      })),
  }));
}

export interface BookFigures {
  savingsFils: Fils;
  loansFils: Fils;
  cashFils: Fils;
  interestEarnedFils: Fils;
  /** Month-end savings and loan principal, oldest first, for `months` (YYYY-MM) given. */
  history: Array<{ month: string; savingsFils: Fils; loansFils: Fils }>;
}

/**
 * The association's headline balances and their month-end history, from the month totals.
 * Months are Dubai's (the association's calendar).
 */
export async function bookFigures(db: DbOrTx, months: string[]): Promise<BookFigures> {
  // From the month totals kept with every entry (ledger.ts addToMonthTotals): a few rows a
  // month, however many postings the association has made.
  const rows = await db
    .select({
      month: ledgerMonthTotals.month,
      code: ledgerMonthTotals.accountClass,
      total: ledgerMonthTotals.totalFils,
    })
    .from(ledgerMonthTotals);
  const sum = (code: string, upTo?: string) =>
    rows
      .filter((r) => r.code === code && (upTo === undefined || r.month <= upTo))
      .reduce((s, r) => s + Number(r.total), 0);
  return {
    savingsFils: 0 - sum('savings'),
    loansFils: sum('loans'),
    cashFils: sum('cash'),
    interestEarnedFils: 0 - sum('interest_income'),
    history: months.map((m) => ({
      month: m,
      savingsFils: 0 - sum('savings', m),
      loansFils: sum('loans', m),
    })),
  };
}

/**
 * A movement as its member reads it, in his language, written from what it is; a correction,
 * described by the committee, as they wrote it.
 */
export function describeMovement(row: Movement, language: Language, charge: LoanCharge): string {
  const loan = row.loanId ?? undefined;
  // The statement's texts (its catalog has them: apps/server/lingui.config.ts).
  const i18n = textsIn(language);
  if (row.kind === 'dues' && row.period)
    return i18n._('statement.movements.dues', { month: { month: row.period } });
  if (row.kind === 'repayment' && loan) return i18n._('statement.movements.repayment', { loan });
  if (row.kind === 'disbursement' && loan)
    return i18n._('statement.movements.disbursement', { loan });
  if (row.kind === 'write_off' && loan) return i18n._('statement.movements.writeOff', { loan });
  if (row.kind === 'opening') return i18n._('statement.movements.opening');
  if (row.kind === 'exit') return i18n._('statement.movements.exit');
  if (row.kind === 'recovery' && loan) return i18n._('statement.movements.recovery', { loan });
  if (row.kind === 'bonus' && row.shareOut)
    return i18n._('statement.movements.bonus', {
      from: { day: row.shareOut.from },
      to: { day: row.shareOut.to },
      charge,
    });
  return row.memo;
}
