import { and, asc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Fils } from '@jamiya/money/fils';
import type { DbOrTx } from '../../db/client.ts';
import { journalEntries, ledgerAccounts, postings } from '../../db/schema/ledger.ts';
import { users } from '../../db/schema/users.ts';

// Sums of the journal over a period of days, as the share-out takes them (docs/domain/bonus.md).
// Days are Dubai's: an entry belongs to the Dubai date of its occurred_at.

const dubaiDate = sql`(${journalEntries.occurredAt} at time zone 'Asia/Dubai')::date`;

/** The Dubai date of the first journal entry, or null when the journal is empty. */
export async function firstEntryDate(db: DbOrTx): Promise<string | null> {
  const [row] = await db
    .select({ first: sql<string | null>`min(${dubaiDate})::text` })
    .from(journalEntries);
  return row?.first ?? null;
}

/** The entry a correction reverses, beside each posting: its kind says what was corrected. */
const reversed = alias(journalEntries, 'reversed');

/**
 * The credits less debits of the postings that `which` picks in the Dubai days [startsOn,
 * endsOn], as a positive amount for an income: credits are negative postings.
 */
async function creditsIn(
  db: DbOrTx,
  startsOn: string,
  endsOn: string,
  which: SQL | undefined,
): Promise<Fils> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${postings.amountFils})` })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .leftJoin(reversed, eq(reversed.id, journalEntries.reversesEntryId))
    .where(and(which, sql`${dubaiDate} between ${startsOn}::date and ${endsOn}::date`));
  return 0 - Number(row?.total ?? 0);
}

/**
 * Interest income earned in [startsOn, endsOn]: credits to interest_income less debits (a
 * reversed repayment). The share-out entries themselves, and their reversals, are not income.
 */
export const interestEarnedFils = (db: DbOrTx, startsOn: string, endsOn: string) =>
  creditsIn(
    db,
    startsOn,
    endsOn,
    and(
      eq(ledgerAccounts.code, 'interest_income'),
      sql`${journalEntries.kind} <> 'bonus'`,
      // A year's close moves the interest on; it does not take it back.
      isNull(journalEntries.closingPeriod),
      sql`${reversed.kind} is distinct from 'bonus'`,
    ),
  );

/**
 * Late fines received in [startsOn, endsOn]: what paid the members' fines (a due's payment, a
 * leaver's savings; a credit to their fines account), less what took such a payment back. A
 * fine charged is income not yet received, and a waiver takes back a charge: neither counts.
 */
export const finesReceivedFils = (db: DbOrTx, startsOn: string, endsOn: string) =>
  creditsIn(
    db,
    startsOn,
    endsOn,
    and(
      sql`${ledgerAccounts.code} like 'fines:%'`,
      sql`${journalEntries.kind} not in ('fine', 'fine_waiver')`,
      sql`coalesce(${reversed.kind}, '') not in ('fine', 'fine_waiver')`,
    ),
  );

export interface MemberWeight {
  userId: number;
  uniqueId: string;
  name: string;
  /** Sum over the period's days of the member's savings at the end of the day (fils × days). */
  balanceDaysFils: number;
}

/**
 * Each savings holder's balance-days over [startsOn, endsOn], computed in one query: a posting
 * before the period counts for every day of it, one inside from its own day to the end.
 * Members whose balance-days are not above zero hold no share and are left out, and so are
 * members who left: their share was paid at exit or left to the others (docs/domain/leaving.md).
 */
export async function memberWeights(
  db: DbOrTx,
  startsOn: string,
  endsOn: string,
): Promise<MemberWeight[]> {
  const rows = await db
    .select({
      userId: users.id,
      uniqueId: users.uniqueId,
      name: users.name,
      // A credit (negative posting) raises savings; date - date is a whole number of days.
      balanceDays: sql<string>`sum(-${postings.amountFils} * (${endsOn}::date - greatest(${dubaiDate}, ${startsOn}::date) + 1))::text`,
    })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .innerJoin(users, eq(users.id, ledgerAccounts.userId))
    .where(
      and(
        isNotNull(ledgerAccounts.userId),
        isNull(users.leftOn),
        eq(ledgerAccounts.type, 'liability'),
        sql`${dubaiDate} <= ${endsOn}::date`,
      ),
    )
    .groupBy(users.id)
    .orderBy(asc(users.id));
  return rows
    .map((r) => ({
      userId: r.userId,
      uniqueId: r.uniqueId,
      name: r.name,
      balanceDaysFils: safeNumber(BigInt(r.balanceDays)),
    }))
    .filter((r) => r.balanceDaysFils > 0);
}

/**
 * A member's savings movements up to endsOn, summed by Dubai day, oldest first: the same
 * postings as memberWeights reads, for showing the member their weight month by month.
 */
export async function savingsByDay(
  db: DbOrTx,
  userId: number,
  endsOn: string,
): Promise<Array<{ day: string; fils: Fils }>> {
  const rows = await db
    .select({
      day: sql<string>`${dubaiDate}::text`,
      total: sql<string>`sum(-${postings.amountFils})::text`,
    })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(
      and(
        eq(ledgerAccounts.userId, userId),
        eq(ledgerAccounts.type, 'liability'),
        sql`${dubaiDate} <= ${endsOn}::date`,
      ),
    )
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return rows.map((r) => ({ day: r.day, fils: Number(r.total) }));
}

function safeNumber(n: bigint): number {
  if (n > BigInt(Number.MAX_SAFE_INTEGER) || n < BigInt(Number.MIN_SAFE_INTEGER))
    throw new RangeError(`balance-days ${n} are beyond a safe integer`);
  return Number(n);
}
