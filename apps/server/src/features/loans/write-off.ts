import type { Db, DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { requireReason } from '../../lib/reason.ts';
import { postEntry } from '../ledger/public.ts';
import { withSecondAdmin, type Decision } from '../proposals/public.ts';
import { installmentsOf, unpaidPrincipalFils } from './installments.ts';
import { loanRow, transition, type Loan } from './transition.ts';

// Giving up on what an active loan still owes, carried out or proposed for a second admin.

/** Gives up on what is still owed: the unpaid principal moves to losses (an expense). */
export function writeOffLoan(
  db: Db,
  loanId: number,
  actor: Actor,
  reason: string,
  now: Date,
): Promise<Loan> {
  const why = requireReason(reason);
  return db.transaction((tx) => writeOffIn(tx, loanId, actor, why, now));
}

/** The write-off as an admin asks for it: carried out, or proposed for a second admin. */
export function writeOffOrPropose(
  db: Db,
  loanId: number,
  actor: Actor & { id: number },
  reason: string,
  now: Date,
): Promise<Decision<Loan>> {
  const why = requireReason(reason);
  return db.transaction(async (tx) => {
    await loanRow(tx, loanId);
    const unpaid = unpaidPrincipalFils(await installmentsOf(tx, loanId));
    return withSecondAdmin(
      tx,
      { action: 'loan.write_off', loanId, amountFils: unpaid, reason: why },
      actor,
      now,
      // The proposer's reason is the one recorded; the second admin agrees to it.
      (open) => writeOffIn(tx, loanId, actor, open?.reason ?? why, now),
    );
  });
}

async function writeOffIn(
  tx: DbOrTx,
  loanId: number,
  actor: Actor,
  why: string,
  now: Date,
): Promise<Loan> {
  const loan = await transition(tx, loanId, ['active'], 'written_off', actor, why, now);
  const unpaidPrincipal = unpaidPrincipalFils(await installmentsOf(tx, loanId));
  if (unpaidPrincipal > 0) {
    await postEntry(tx, {
      kind: 'write_off',
      memo: `Loan ${loanId} written off: ${why}`,
      occurredAt: now,
      createdBy: actor.id,
      loanId,
      lines: [
        { account: { code: 'loan_losses' }, amountFils: unpaidPrincipal },
        { account: { code: 'loan', loanId, userId: loan.userId }, amountFils: -unpaidPrincipal },
      ],
    });
  }
  return loan;
}
