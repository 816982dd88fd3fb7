// A guarantee's end (docs/domain/guarantors.md): released with its loan, or recovered from.
import { and, eq } from 'drizzle-orm';
import { allocate } from '@jamiya/money/allocate';
import type { Fils } from '@jamiya/money/fils';
import type { DbOrTx } from '../../db/client.ts';
import { loanGuarantees, type LoanState } from '../../db/schema/loans.ts';
import type { Actor } from '../../lib/actor.ts';
import { aed } from '../../lib/i18n.ts';
import { postEntry } from '../ledger/public.ts';
import { guaranteeNotice, notify } from '../notifications/public.ts';
import { cancelUnanswered } from './guarantee-asks.ts';
import { nameOf } from './guarantors.ts';
import type { GuaranteeRow } from './holds.ts';

const ENDED: LoanState[] = ['closed', 'rejected', 'withdrawn', 'written_off'];

/**
 * When a loan ends, its guarantees end with it, in the transition's transaction: one still
 * asked is cancelled; an accepted one is released, and its guarantor told.
 */
export async function endGuarantees(
  tx: DbOrTx,
  loan: { id: number; userId: number; state: LoanState },
  now: Date,
): Promise<void> {
  if (!ENDED.includes(loan.state)) return;
  await cancelUnanswered(tx, loan.id, now);
  const released = await tx
    .update(loanGuarantees)
    .set({ state: 'released', releasedAt: now })
    .where(and(eq(loanGuarantees.loanId, loan.id), eq(loanGuarantees.state, 'accepted')))
    .returning({ guarantorId: loanGuarantees.guarantorId, amountFils: loanGuarantees.amountFils });
  // A write-off tells its guarantors itself: what was taken, or that nothing was.
  if (released.length === 0 || loan.state === 'written_off') return;
  await tellReleased(tx, loan.userId, released, now);
}

/** Each guarantor of `borrowerId`'s loan hears their guarantee has ended, their savings free. */
export async function tellReleased(
  tx: DbOrTx,
  borrowerId: number,
  released: Array<{ guarantorId: number; amountFils: Fils }>,
  now: Date,
): Promise<void> {
  const name = await nameOf(tx, borrowerId);
  for (const r of released)
    await notify(tx, {
      ...guaranteeNotice(r.guarantorId, 'guaranteeReleased', { name, amount: aed(r.amountFils) }),
      at: now,
    });
}

/**
 * A write-off's loss taken from the savings its guarantees hold: the holds as they stood before
 * it, at most the loss, shared pro rata to the holds; one balanced entry (Dr each guarantor's
 * savings, Cr loan losses), which each guarantor sees on their statement. A hold never exceeds
 * its guarantor's savings (accepted within their free savings; nothing else lowers savings), so
 * each share is taken whole. Answers the ids of the guarantees taken from.
 */
export async function recoverFromGuarantors(
  tx: DbOrTx,
  loan: { id: number; userId: number },
  holds: GuaranteeRow[],
  lossFils: Fils,
  actor: Actor,
  now: Date,
): Promise<Set<number>> {
  const holding = holds.filter((h) => h.heldFils > 0);
  const recoverable = Math.min(
    lossFils,
    holding.reduce((s, h) => s + h.heldFils, 0),
  );
  if (recoverable <= 0) return new Set();
  const shares = allocate(
    recoverable,
    holding.map((h) => h.heldFils),
  );
  const taken = holding
    .map((h, i) => ({ ...h, takenFils: shares[i]! }))
    .filter((h) => h.takenFils > 0);
  await postEntry(tx, {
    kind: 'recovery',
    memo: `Loan ${loan.id} written off: recovered from its guarantors`,
    occurredAt: now,
    createdBy: actor.id,
    loanId: loan.id,
    lines: [
      ...taken.map((h) => ({
        account: { code: 'savings' as const, userId: h.guarantorId },
        amountFils: h.takenFils,
      })),
      { account: { code: 'loan_losses' as const }, amountFils: -recoverable },
    ],
  });
  const name = await nameOf(tx, loan.userId);
  for (const h of taken) {
    await tx
      .update(loanGuarantees)
      .set({ recoveredFils: h.takenFils })
      .where(eq(loanGuarantees.id, h.id));
    await notify(tx, {
      ...guaranteeNotice(h.guarantorId, 'guaranteeRecovered', { name, amount: aed(h.takenFils) }),
      at: now,
    });
  }
  return new Set(taken.map((h) => h.id));
}
