import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loans } from '../../db/schema/loans.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/errors.ts';
import { requireReason } from '../../lib/reason.ts';
import { cancelUnanswered, refuseUncovered } from './guarantee-asks.ts';
import { toLoanView } from './loan-view.ts';
import { loanRow, refuseOwnLoan, transition } from './transition.ts';

// The decisions on an application before it is paid out: an admin approves or rejects it,
// or the member withdraws it.

export function approveLoan(
  db: Db,
  loanId: number,
  actor: Actor,
  now: Date,
  note: string | null = null,
) {
  return db.transaction(async (tx) => {
    const loan = await loanRow(tx, loanId);
    refuseOwnLoan(loan.userId, actor);
    // Guarantors first: the part above the member's free savings must be covered.
    if (loan.state === 'pending') await refuseUncovered(tx, loan);
    const approved = await transition(tx, loanId, ['pending'], 'approved', actor, note, now);
    await cancelUnanswered(tx, loanId, now);
    return approved;
  });
}

export function rejectLoan(db: Db, loanId: number, actor: Actor, reason: string, now: Date) {
  const why = requireReason(reason);
  return db.transaction((tx) => transition(tx, loanId, ['pending'], 'rejected', actor, why, now));
}

/** The member takes back their own application before it is paid out. */
export async function withdrawLoan(
  db: Db,
  loanId: number,
  userId: number,
  reason: string | null,
  now: Date,
  ip: string | null = null,
) {
  return db.transaction(async (tx) => {
    const [loan] = await tx
      .select({ userId: loans.userId })
      .from(loans)
      .where(eq(loans.id, loanId));
    if (!loan || loan.userId !== userId) throw notFound(/*i18n*/ 'There is no such loan.');
    return transition(
      tx,
      loanId,
      ['pending', 'approved'],
      'withdrawn',
      { id: userId, role: 'member', ip },
      reason,
      now,
    );
  });
}

/** The member withdraws their application, and reads the loan as it now stands. */
export async function withdrawnLoanView(
  db: Db,
  loanId: number,
  userId: number,
  reason: string | null,
  now: Date,
  ip: string,
) {
  const withdrawn = await withdrawLoan(db, loanId, userId, reason, now, ip);
  return toLoanView(db, withdrawn, now);
}
