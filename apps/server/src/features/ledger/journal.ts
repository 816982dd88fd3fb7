import { and, asc, count, desc, eq, exists, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import type { Language } from '@jamiya/contracts/languages';
import type { LoanCharge } from '@jamiya/contracts/settings';
import type { DbOrTx } from '../../db/client.ts';
import {
  journalEntries,
  ledgerAccounts,
  ledgerMonthTotals,
  postings,
  type EntryKind,
} from '../../db/schema/ledger.ts';
import { textsIn } from '../../lib/i18n.ts';
import { describeCorrection, type CorrectionOf } from './correction-text.ts';

// The journal as the books and their readers see it: pages of entries, the headline figures,
// and what a movement is called in the reader's language (the statement uses it too).

export type { EntryKind };

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
  /** What a correction corrected, when it is one (the member's statement says it). */
  correction?: CorrectionOf | null;
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
  /** The bank line each entry is linked to (bank). */
  bankLinesOf(db: DbOrTx, entryIds: readonly number[]): Promise<Map<number, number>>;
}

/** The kinds a correction may reverse (docs/domain/accounts.md); the others have their own action. */
export const REVERSIBLE: ReadonlySet<EntryKind> = new Set([
  'booking',
  'journal',
  'dues',
  'repayment',
]);

export interface JournalRow {
  entry: typeof journalEntries.$inferSelect;
  /** The month of dues an entry pays, for dues. */
  period: string | null;
  /** The days a share-out shared, for a bonus. */
  shareOut: { from: string; to: string } | null;
  /** The correction that reversed it. */
  reversedBy: number | null;
  bankLineId: number | null;
  postings: Array<{ accountCode: string; accountName: string; amountFils: Fils }>;
}

/** Which entries of the journal: of one kind, one member, one account, within Dubai days. */
export interface JournalFilter {
  kind?: EntryKind | undefined;
  memberId?: number | undefined;
  /** An account's code: the entries that post to it. */
  account?: string | undefined;
  /** The first and last Dubai days, YYYY-MM-DD. */
  from?: string | undefined;
  to?: string | undefined;
}

/** The moment a Dubai day starts (YYYY-MM-DD), so that the index on occurred_at serves. */
export const dubaiDayStart = (day: string) =>
  sql`(${day}::date)::timestamp at time zone 'Asia/Dubai'`;
/** The moment after a Dubai day ends. */
export const dubaiDayEnd = (day: string) =>
  sql`(${day}::date + 1)::timestamp at time zone 'Asia/Dubai'`;

function postsTo(db: DbOrTx, account: SQL) {
  return exists(
    db
      .select({ one: sql`1` })
      .from(postings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
      .where(and(eq(postings.entryId, journalEntries.id), account)),
  );
}

function journalWhere(db: DbOrTx, f: JournalFilter, before: number | null = null) {
  return and(
    f.kind ? eq(journalEntries.kind, f.kind) : undefined,
    before === null ? undefined : lt(journalEntries.id, before),
    f.from === undefined ? undefined : gte(journalEntries.occurredAt, dubaiDayStart(f.from)),
    f.to === undefined ? undefined : lt(journalEntries.occurredAt, dubaiDayEnd(f.to)),
    f.memberId === undefined ? undefined : postsTo(db, eq(ledgerAccounts.userId, f.memberId)),
    f.account === undefined ? undefined : postsTo(db, eq(ledgerAccounts.code, f.account)),
  );
}

/** How many entries the filter keeps. */
export async function journalCount(db: DbOrTx, filter: JournalFilter): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(journalEntries)
    .where(journalWhere(db, filter));
  return Number(row?.n ?? 0);
}

/** Whether the books have an account of this code (a member's savings, a loan, the chart's). */
export async function isAccount(db: DbOrTx, code: string): Promise<boolean> {
  // No code has a control character, and PostgreSQL cannot compare text holding a NUL.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(code)) return false;
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, code));
  return row !== undefined;
}

/** Journal entries newest first, with their postings, as `filter` keeps them. */
export async function journalPage(
  db: DbOrTx,
  query: JournalFilter & { before: number | null; limit: number },
  details: MovementDetails,
): Promise<JournalRow[]> {
  const entries = await db
    .select({ entry: journalEntries })
    .from(journalEntries)
    .where(journalWhere(db, query, query.before))
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
  const ids = entries.map(({ entry }) => entry.id);
  const reversals = await db
    .select({ id: journalEntries.id, of: journalEntries.reversesEntryId })
    .from(journalEntries)
    .where(inArray(journalEntries.reversesEntryId, ids));
  const reversedBy = new Map(reversals.map((r) => [r.of!, r.id]));
  const lineOf = await details.bankLinesOf(db, ids);
  return entries.map(({ entry }) => ({
    entry,
    period: entry.paymentId === null ? null : (periods.get(entry.paymentId) ?? null),
    shareOut: shareOuts.get(entry.id) ?? null,
    reversedBy: reversedBy.get(entry.id) ?? null,
    bankLineId: lineOf.get(entry.id) ?? null,
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
  // The interest ever earned: the years' closes move it on, they do not spend it.
  const closes = rows
    .filter((r) => r.code === 'interest_income' && r.month.endsWith('+close'))
    .reduce((s, r) => s + Number(r.total), 0);
  return {
    savingsFils: 0 - sum('savings'),
    loansFils: sum('loans'),
    cashFils: sum('cash'),
    interestEarnedFils: 0 - (sum('interest_income') - closes),
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
  if (row.kind === 'reversal' && row.correction)
    return describeCorrection(row.correction, row.memo, language);
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

/**
 * A kind of entry's name in the reader's language. The names are the statement's texts
 * (statement-view.ts KIND_NAMES marks each for extract; this file is in the statement's catalog).
 */
export const entryKindName = (kind: EntryKind, language: Language): string =>
  textsIn(language)._(`statement.kinds.${kind}`);
