import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import { ACCOUNT_KINDS, type AccountKind } from '@jamiya/contracts/values';
import type { DbOrTx } from '../../db/client.ts';
import { journalEntries, ledgerAccounts, postings } from '../../db/schema/ledger.ts';
import { addDaysToDate, startOfDay } from '../../lib/calendar.ts';
import { accountCode, type AccountRef } from './accounts.ts';

// What the books say: an account's balance, a member's savings, a loan's receivable, the
// trial balance, and the check that every entry balances.

const sumFils = sql<string | null>`sum(${postings.amountFils})`;

/** The debit-positive balance of one account (0 if it has no postings). */
export async function accountBalanceFils(db: DbOrTx, ref: AccountRef): Promise<Fils> {
  const [row] = await db
    .select({ total: sumFils })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(eq(ledgerAccounts.code, accountCode(ref)));
  return Number(row?.total ?? 0);
}

/** What the association holds for the member: the credit balance of their savings account. */
export async function memberSavingsFils(db: DbOrTx, userId: number): Promise<Fils> {
  // 0 - x rather than -x: an empty account is 0, not -0.
  return 0 - (await accountBalanceFils(db, { code: 'savings', userId }));
}

/** Principal still owed on a loan: the debit balance of its receivable account. */
export async function loanReceivableFils(db: DbOrTx, loanId: number): Promise<Fils> {
  const [row] = await db
    .select({ total: sumFils })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(and(eq(ledgerAccounts.loanId, loanId), eq(ledgerAccounts.type, 'asset')));
  return Number(row?.total ?? 0);
}

export interface TrialBalanceAccount {
  code: string;
  /** As the books keep it, in English; a reader's name comes from accountNameIn. */
  name: string;
  kind: AccountKind;
  /** The kind, as `kind` (the older name). */
  type: AccountKind;
  debitsFils: Fils;
  creditsFils: Fils;
  /** Debits less credits. */
  balanceFils: Fils;
}

export interface TrialBalance {
  /** The last Dubai day counted; null for every entry there is. */
  asOf: string | null;
  totalDebitsFils: Fils;
  totalCreditsFils: Fils;
  balanced: boolean;
  /** Each kind's totals, in the order of ACCOUNT_KINDS (assets first), every kind present. */
  groups: Array<{ kind: AccountKind; debitsFils: Fils; creditsFils: Fils; balanceFils: Fils }>;
  /** Every account, by code. */
  accounts: TrialBalanceAccount[];
}

/**
 * Every account's debits, credits and balance from the entries up to the end of the Dubai day
 * `asOf` (every entry when it is left out), by kind, with each kind's totals; with the close of
 * a year ending that day (dated the next day's first moment, in its closing period) when
 * `withClose` is set.
 */
export async function trialBalance(
  db: DbOrTx,
  asOf?: string,
  withClose = false,
): Promise<TrialBalance> {
  // Up to the start of the next Dubai day: a comparison the entries' own column answers (the
  // Dubai date of each entry cost a cast per posting: 640 ms against 310 at 5,000 members). When
  // no entry is that late, as for today's, every posting counts and the entries are not joined
  // (150–200 ms).
  const cutoff = asOf === undefined ? undefined : startOfDay(addDaysToDate(asOf, 1));
  const isCut =
    cutoff !== undefined &&
    (
      await db
        .select({ id: journalEntries.id })
        .from(journalEntries)
        .where(gte(journalEntries.occurredAt, cutoff))
        .limit(1)
    ).length > 0;
  const before = sql`${journalEntries.occurredAt} < ${cutoff?.toISOString()}::timestamptz`;
  const upTo = !isCut
    ? sql`true`
    : withClose
      ? sql`(${before} or (${journalEntries.occurredAt} = ${cutoff.toISOString()}::timestamptz and ${journalEntries.closingPeriod} is not null))`
      : before;
  const query = db
    .select({
      code: ledgerAccounts.code,
      name: ledgerAccounts.name,
      type: ledgerAccounts.type,
      debits: sql<string>`coalesce(sum(case when ${upTo} and ${postings.amountFils} > 0 then ${postings.amountFils} end), 0)`,
      credits: sql<string>`coalesce(-sum(case when ${upTo} and ${postings.amountFils} < 0 then ${postings.amountFils} end), 0)`,
    })
    .from(ledgerAccounts)
    .leftJoin(postings, eq(postings.accountId, ledgerAccounts.id))
    .$dynamic();
  const dated = isCut
    ? query.leftJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    : query;
  const rows = await dated.groupBy(ledgerAccounts.id).orderBy(ledgerAccounts.code);
  const accounts = rows.map((r) => {
    const debitsFils = Number(r.debits);
    const creditsFils = Number(r.credits);
    return {
      code: r.code,
      name: r.name,
      kind: r.type,
      type: r.type,
      debitsFils,
      creditsFils,
      balanceFils: debitsFils - creditsFils,
    };
  });
  return { asOf: asOf ?? null, ...withTotals(accounts) };
}

/** Lines of a trial balance with each kind's totals (every kind, assets first) and the sums. */
export function withTotals<Line extends TrialBalanceAccount>(accounts: Line[]) {
  const groups = ACCOUNT_KINDS.map((kind) => {
    const of = accounts.filter((a) => a.kind === kind);
    const debitsFils = of.reduce((s, a) => s + a.debitsFils, 0);
    const creditsFils = of.reduce((s, a) => s + a.creditsFils, 0);
    return { kind, debitsFils, creditsFils, balanceFils: debitsFils - creditsFils };
  });
  const totalDebitsFils = groups.reduce((s, g) => s + g.debitsFils, 0);
  const totalCreditsFils = groups.reduce((s, g) => s + g.creditsFils, 0);
  return {
    totalDebitsFils,
    totalCreditsFils,
    balanced: totalDebitsFils === totalCreditsFils,
    groups,
    accounts,
  };
}

/** Entries whose postings do not sum to zero (must always be empty). */
export async function unbalancedEntries(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ entryId: postings.entryId })
    .from(postings)
    .groupBy(postings.entryId)
    .having(sql`sum(${postings.amountFils}) <> 0`);
  return rows.map((r) => r.entryId);
}

/** Each member's savings, for a page of members in one query (0 for a member with none). */
export async function savingsByMember(db: DbOrTx, userIds: number[]): Promise<Map<number, Fils>> {
  const out = new Map(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return out;
  const rows = await db
    .select({ userId: ledgerAccounts.userId, total: sql<string>`sum(${postings.amountFils})` })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(and(inArray(ledgerAccounts.userId, userIds), eq(ledgerAccounts.type, 'liability')))
    .groupBy(ledgerAccounts.userId);
  for (const r of rows) out.set(r.userId!, 0 - Number(r.total));
  return out;
}
