import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { loanGuarantees, loans, loanTransitions, type LoanState } from '../../db/schema/loans.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { sentence } from '../../lib/i18n.ts';
import { audit } from '../audit/public.ts';
import { notify, loanStateNotice } from '../notifications/public.ts';
import { withdrawProposalsOfLoan } from '../proposals/public.ts';
import { endGuarantees } from './guarantee-release.ts';

// The loan lifecycle of docs/product.md section 5, after Apache Fineract's: see
// docs/domain/loan-lifecycle.md for the state diagram. This module moves a loan from one
// state to the next; the modules beside it are the moves (apply, decisions, disburse,
// repayment, write-off).

export type Loan = typeof loans.$inferSelect;

/**
 * Moves a loan from one of `from` to `to`. The row is locked first, so of two concurrent
 * requests exactly one moves it; the other then sees the new state and answers 409.
 */
export async function transition(
  tx: DbOrTx,
  loanId: number,
  from: LoanState[],
  to: LoanState,
  actor: Actor,
  reason: string | null,
  now: Date,
  extra: Partial<typeof loans.$inferInsert> = {},
): Promise<Loan> {
  const [current] = await tx
    .select({ state: loans.state, userId: loans.userId })
    .from(loans)
    .where(eq(loans.id, loanId))
    .for('update');
  if (!current) throw notFound(/*i18n*/ 'There is no such loan.');
  if (DECISIONS.has(to)) await refuseDeciding(tx, { id: loanId, userId: current.userId }, actor);
  else refuseOwnLoan(current.userId, actor);
  if (!from.includes(current.state)) {
    throw conflict(
      sentence(
        /*i18n*/ 'This loan is {state, select, pending {pending} approved {approved} active {active} closed {closed} rejected {rejected} withdrawn {withdrawn} written_off {written off} other {{state}}}, so it cannot be {to, select, pending {submitted} approved {approved} active {paid out} closed {closed} rejected {rejected} withdrawn {withdrawn} written_off {written off} other {{to}}}.',
        { state: current.state, to },
      ),
    );
  }
  const [updated] = await tx
    .update(loans)
    .set({ state: to, updatedAt: now, ...extra })
    .where(eq(loans.id, loanId))
    .returning();
  if (!updated) throw new Error(`loan ${loanId} vanished while locked`);
  await tx.insert(loanTransitions).values({
    loanId,
    fromState: current.state,
    toState: to,
    actorId: actor.id,
    reason,
    at: now,
  });
  await audit(tx, {
    actorId: actor.id,
    action: `loan.${to}`,
    targetType: 'loan',
    targetId: loanId,
    reason,
    ip: actor.ip ?? null,
    at: now,
  });
  const notice = loanStateNotice(updated, reason);
  if (notice) await notify(tx, { ...notice, at: now });
  await endGuarantees(tx, updated, now);
  // A proposal left open for this loan no longer applies to it (the one being carried out
  // was marked done before the move).
  await withdrawProposalsOfLoan(tx, loanId, now);
  return updated;
}

/** No admin decides on their own money (docs/domain/maker-checker.md). */
export function refuseOwnLoan(loanUserId: number, actor: Actor) {
  if (actor.role === 'admin' && actor.id === loanUserId) {
    throw forbidden(/*i18n*/ 'You cannot decide on your own loan; another admin must.');
  }
}

/** The moves an admin decides on: not those a repayment or the member makes. */
const DECISIONS = new Set<LoanState>(['approved', 'rejected', 'active', 'written_off']);

/**
 * An admin neither decides on, nor proposes a decision on, a loan that is their own money: their
 * own, or one they guarantee (asked or accepted): docs/domain/maker-checker.md.
 */
export async function refuseDeciding(
  tx: DbOrTx,
  loan: { id: number; userId: number },
  actor: Actor,
): Promise<void> {
  refuseOwnLoan(loan.userId, actor);
  if (actor.role !== 'admin' || actor.id === null) return;
  const [guarantee] = await tx
    .select({ id: loanGuarantees.id })
    .from(loanGuarantees)
    .where(
      and(
        eq(loanGuarantees.loanId, loan.id),
        eq(loanGuarantees.guarantorId, actor.id),
        inArray(loanGuarantees.state, ['asked', 'accepted']),
      ),
    )
    .limit(1);
  if (guarantee)
    throw forbidden(
      /*i18n*/ 'You guarantee this loan, so you cannot decide on it; another admin must.',
    );
}

/**
 * The loan, locked for the transaction, or 404. An action on a loan locks it before anything
 * else (its proposals included), the order every move of a loan takes: two orders deadlock.
 */
export async function loanRow(tx: DbOrTx, loanId: number): Promise<Loan> {
  const [loan] = await tx.select().from(loans).where(eq(loans.id, loanId)).for('update');
  if (!loan) throw notFound(/*i18n*/ 'There is no such loan.');
  return loan;
}
