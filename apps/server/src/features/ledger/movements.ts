import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import type { DbOrTx } from '../../db/client.ts';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { journalEntries, ledgerAccounts, postings } from '../../db/schema/ledger.ts';
import type { EntryKind } from './journal.ts';

// What moved a member's accounts, as the member's statement reads it: the entries with their
// sums on the member's savings and loans, and the interest income of the member's loans.

/** The entry a correction reverses, joined beside the correction by `inContext`. */
export const original = alias(journalEntries, 'original');

/** A select from postings, joined to each posting's account, its entry and what that corrects. */
export const inContext = <T extends PgSelect>(fromPostings: T) =>
  fromPostings
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .leftJoin(original, eq(original.id, journalEntries.reversesEntryId));

/**
 * Every entry that moved a member's accounts, oldest first, with what it did to their savings
 * (a liability: a credit raises them) and to their loans (a receivable), in fils.
 */
export function memberMovements(db: DbOrTx, userId: number) {
  return (
    inContext(
      db
        .select({
          entryId: journalEntries.id,
          occurredAt: journalEntries.occurredAt,
          kind: journalEntries.kind,
          memo: journalEntries.memo,
          loanId: journalEntries.loanId,
          paymentId: journalEntries.paymentId,
          reversesEntryId: journalEntries.reversesEntryId,
          reasonCode: journalEntries.reasonCode,
          // What a correction corrected: its kind and Dubai day, for the member's words.
          correctedKind: sql<EntryKind | null>`min(${original.kind})`,
          correctedOn: sql<
            string | null
          >`min((${original.occurredAt} at time zone 'Asia/Dubai')::date)::text`,
          savings: sql<string>`coalesce(sum(${postings.amountFils}) filter (where ${ledgerAccounts.type} = 'liability'), 0)`,
          loan: sql<string>`coalesce(sum(${postings.amountFils}) filter (where ${ledgerAccounts.loanId} is not null), 0)`,
        })
        .from(postings)
        .$dynamic(),
    )
      // Savings and loans: a month's fine is on the month's row, not on the statement's balances.
      .where(
        and(
          eq(ledgerAccounts.userId, userId),
          sql`(${ledgerAccounts.type} = 'liability' or ${ledgerAccounts.loanId} is not null)`,
        ),
      )
      .groupBy(journalEntries.id)
      .orderBy(asc(journalEntries.occurredAt), asc(journalEntries.id))
  );
}

/** The interest income each entry of these loans posted (a credit, so negative), by entry. */
export async function interestPostedOn(
  db: DbOrTx,
  loanIds: readonly number[],
): Promise<Map<number, Fils>> {
  if (loanIds.length === 0) return new Map();
  const rows = await db
    .select({ entryId: postings.entryId, interest: sql<string>`sum(${postings.amountFils})` })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(
      and(eq(ledgerAccounts.code, 'interest_income'), inArray(journalEntries.loanId, [...loanIds])),
    )
    .groupBy(postings.entryId);
  return new Map(rows.map((r) => [r.entryId, Number(r.interest)]));
}
