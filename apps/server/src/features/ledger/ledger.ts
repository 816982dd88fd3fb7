import { eq, sql } from 'drizzle-orm';
import { assertFils, type Fils } from '@jamiya/money/fils';
import type { CorrectionReason } from '@jamiya/contracts/values';
import type { DbOrTx } from '../../db/client.ts';
import { conflict } from '../../lib/errors.ts';
import { inBatches } from '../../lib/batches.ts';
import { aed, sentence } from '../../lib/i18n.ts';
import {
  cashNotInBank,
  journalEntries,
  ledgerAccounts,
  postings,
  type EntryKind,
} from '../../db/schema/ledger.ts';
import { accountCode, accountIds, type AccountRef } from './accounts.ts';
import { addToMonthTotals, moneyInHandFils } from './month-totals.ts';
import { refuseLockedMonths } from './month-locks.ts';

// Only this feature writes journal rows. Signs: a debit is positive, a credit
// negative. Asset and expense accounts normally carry debit balances; liability and income
// accounts credit balances. See docs/domain/ledger.md.

export interface EntryInput {
  kind: EntryKind;
  memo: string;
  occurredAt: Date;
  createdBy: number | null;
  paymentId?: number | null;
  loanId?: number | null;
  reversesEntryId?: number | null;
  /** Who proposed it, when two admins made it (createdBy confirmed it). */
  proposedBy?: number | null;
  evidenceFileId?: string | null;
  /** A year's close only (closing.ts): kept in the year's closing period, past its locks. */
  closingPeriod?: string | null;
  lines: Array<{ account: AccountRef; amountFils: Fils }>;
}

/** The accounts that hold money: neither the bank's nor the cash box's may go below zero. */
const MONEY_ACCOUNTS = ['cash', 'cash_box'] as const;

/** What an entry takes out of each money account, by code (nothing for money coming in). */
function moneyOut(lines: ReadonlyArray<{ code: string; amountFils: Fils }>) {
  return MONEY_ACCOUNTS.map((code) => ({
    code,
    outFils: lines
      .filter((l) => l.code === code && l.amountFils < 0)
      .reduce((s, l) => s - l.amountFils, 0),
  })).filter((m) => m.outFils > 0);
}

export class UnbalancedEntryError extends Error {
  override name = 'UnbalancedEntryError';
}

/**
 * Writes one journal entry. Call it inside the transaction of the business change it
 * records, so the change and its money movement commit or fail together.
 */
export async function postEntry(tx: DbOrTx, input: EntryInput): Promise<number> {
  const [id] = await postEntries(tx, [input]);
  return id!;
}

/**
 * Writes journal entries, each balanced on its own, in a few statements whatever their number
 * (a fine day's fines); answers their ids in the order given. As postEntry, inside the
 * transaction of the change they record.
 */
export async function postEntries(tx: DbOrTx, inputs: readonly EntryInput[]): Promise<number[]> {
  if (inputs.length === 0) return [];
  const entries = inputs.map((input) => {
    const lines = input.lines.filter((l) => assertFils(l.amountFils, 'posting') !== 0);
    if (lines.length < 2) throw new UnbalancedEntryError('an entry needs at least two postings');
    const sum = lines.reduce((s, l) => s + BigInt(l.amountFils), 0n);
    if (sum !== 0n) throw new UnbalancedEntryError(`postings sum to ${sum} fils, not zero`);
    return { input, lines };
  });
  await refuseLockedMonths(
    tx,
    inputs.filter((i) => !i.closingPeriod).map((i) => i.occurredAt),
  );
  for (const out of moneyOut(
    entries.flatMap((e) =>
      e.lines.map((l) => ({ code: accountCode(l.account), amountFils: l.amountFils })),
    ),
  ))
    await refuseBelowZero(tx, out.code, out.outFils);

  const ids: number[] = [];
  for (const batch of inBatches(entries)) {
    const written = await tx
      .insert(journalEntries)
      .values(
        batch.map(({ input }) => ({
          kind: input.kind,
          memo: input.memo,
          occurredAt: input.occurredAt,
          createdBy: input.createdBy,
          paymentId: input.paymentId ?? null,
          loanId: input.loanId ?? null,
          reversesEntryId: input.reversesEntryId ?? null,
          proposedBy: input.proposedBy ?? null,
          evidenceFileId: input.evidenceFileId ?? null,
          closingPeriod: input.closingPeriod ?? null,
        })),
      )
      .returning({ id: journalEntries.id });
    if (written.length !== batch.length) throw new Error('journal entries were not written');
    // One statement's ids come from the sequence in its rows' order: ascending is given order.
    ids.push(...written.map((w) => w.id).sort((a, b) => a - b));
  }
  const accounts = await accountIds(
    tx,
    entries.flatMap((e) => e.lines.map((l) => l.account)),
  );
  const rows = entries.flatMap((e, i) =>
    e.lines.map((line) => ({
      entryId: ids[i]!,
      accountId: accounts.get(accountCode(line.account))!,
      amountFils: line.amountFils,
    })),
  );
  // An opening entry has a posting for every member: a few statements, not one each.
  for (const batch of inBatches(rows)) await tx.insert(postings).values(batch);
  await addToMonthTotals(tx, ids);
  // A movement of cash is not in the bank until a line holds it (the reconciliation's list).
  const moving = entries.flatMap(({ input, lines }, i) =>
    input.kind !== 'opening' &&
    input.kind !== 'reversal' &&
    lines.some((l) => accountCode(l.account) === 'cash')
      ? [{ entryId: ids[i]!, occurredAt: input.occurredAt }]
      : [],
  );
  for (const batch of inBatches(moving)) await tx.insert(cashNotInBank).values(batch);
  return ids;
}

/**
 * Cash never goes below zero, in the bank or in the cash box (docs/domain/ledger.md). Entries
 * that pay money out take one lock in turn, so two payouts at once cannot both count the same
 * cash; money coming in needs none.
 */
async function refuseBelowZero(
  tx: DbOrTx,
  code: 'cash' | 'cash_box',
  outFils: Fils,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('jamiya:cash'))`);
  const cash = await moneyInHandFils(tx, code);
  if (outFils <= cash) return;
  throw conflict(
    code === 'cash'
      ? sentence(
          /*i18n*/ 'Cash in hand is {cash}, less than the {out} to pay out; cash cannot go below zero.',
          { cash: aed(cash), out: aed(outFils) },
        )
      : sentence(
          /*i18n*/ 'The cash box holds {cash}, less than the {out} to take out of it; it cannot go below zero.',
          { cash: aed(cash), out: aed(outFils) },
        ),
  );
}

/**
 * A correction: a new entry with every posting of the original negated. A year's close is
 * reversed in its own closing period, beside it (the year reopened).
 */
export async function reverseEntry(
  tx: DbOrTx,
  entryId: number,
  by: {
    createdBy: number | null;
    memo: string;
    occurredAt: Date;
    proposedBy?: number | null;
    reasonCode?: CorrectionReason | null;
  },
): Promise<number> {
  const [original] = await tx
    .select()
    .from(journalEntries)
    .where(eq(journalEntries.id, entryId))
    .for('update');
  if (!original) throw new Error(`journal entry ${entryId} does not exist`);
  const closing = original.closingPeriod;
  if (!closing) await refuseLockedMonths(tx, [by.occurredAt]);
  if (original.kind === 'reversal')
    throw conflict(
      /*i18n*/ 'A correction cannot itself be reversed: correct the original again with a new entry instead.',
    );
  const [already] = await tx
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(eq(journalEntries.reversesEntryId, entryId));
  if (already) {
    throw conflict(
      sentence(/*i18n*/ 'Entry {entry} was already reversed by entry {reversal}.', {
        entry: entryId,
        reversal: already.id,
      }),
    );
  }
  const lines = await tx
    .select({
      accountId: postings.accountId,
      amountFils: postings.amountFils,
      code: ledgerAccounts.code,
    })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(eq(postings.entryId, entryId));
  // Undoing money that came in takes it out again: it must be in hand, as for any payout.
  for (const out of moneyOut(lines.map((l) => ({ code: l.code, amountFils: -l.amountFils }))))
    await refuseBelowZero(tx, out.code, out.outFils);
  const [entry] = await tx
    .insert(journalEntries)
    .values({
      kind: 'reversal',
      memo: by.memo,
      occurredAt: closing ? original.occurredAt : by.occurredAt,
      closingPeriod: closing,
      createdBy: by.createdBy,
      reversesEntryId: entryId,
      paymentId: original.paymentId,
      loanId: original.loanId,
      proposedBy: by.proposedBy ?? null,
      reasonCode: by.reasonCode ?? null,
    })
    .returning({ id: journalEntries.id });
  if (!entry) throw new Error('reversal was not written');
  await tx
    .insert(postings)
    .values(
      lines.map((l) => ({ entryId: entry.id, accountId: l.accountId, amountFils: -l.amountFils })),
    );
  await addToMonthTotals(tx, [entry.id]);
  return entry.id;
}
