import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Fils } from '@jamiya/money/fils';
import type { DbOrTx } from '../../db/client.ts';
import { journalEntries, ledgerAccounts, postings } from '../../db/schema/ledger.ts';
import { notFound } from '../../lib/errors.ts';

// One journal entry as a correction reads it: the entry, its postings by account code, and
// whether a correction already reversed it.

export type EntryRow = typeof journalEntries.$inferSelect;

export interface EntryWithPostings {
  entry: EntryRow;
  postings: Array<{ code: string; userId: number | null; amountFils: Fils }>;
  reversedBy: number | null;
}

/** The entry, locked against a second correction at once, or 404. */
export async function entryWithPostings(tx: DbOrTx, entryId: number): Promise<EntryWithPostings> {
  const [entry] = await tx
    .select()
    .from(journalEntries)
    .where(eq(journalEntries.id, entryId))
    .for('update');
  if (!entry) throw notFound(/*i18n*/ 'There is no such journal entry.');
  const lines = await tx
    .select({
      code: ledgerAccounts.code,
      userId: ledgerAccounts.userId,
      amountFils: postings.amountFils,
    })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(eq(postings.entryId, entryId))
    .orderBy(asc(postings.id));
  const [reversal] = await tx
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(eq(journalEntries.reversesEntryId, entryId));
  return { entry, postings: lines, reversedBy: reversal?.id ?? null };
}

/** A repayment of the loan recorded after `afterId` and not reversed: the later one. */
export async function laterRepaymentOf(
  tx: DbOrTx,
  loanId: number,
  afterId: number,
): Promise<number | null> {
  const reversal = alias(journalEntries, 'reversal');
  const [later] = await tx
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .leftJoin(reversal, eq(reversal.reversesEntryId, journalEntries.id))
    .where(
      and(
        eq(journalEntries.loanId, loanId),
        eq(journalEntries.kind, 'repayment'),
        gt(journalEntries.id, afterId),
        isNull(reversal.id),
      ),
    )
    .orderBy(sql`${journalEntries.id} desc`)
    .limit(1);
  return later?.id ?? null;
}
