import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { loanGuarantees } from '../../db/schema/loans.ts';
import type { Actor } from '../../lib/actor.ts';
import { requireReason } from '../../lib/reason.ts';
import { postEntry } from '../ledger/public.ts';
import { withSecondAdmin, type Decision } from '../proposals/public.ts';
import { recoverFromGuarantors, tellReleased } from './guarantee-release.ts';
import { guaranteeRows } from './holds.ts';
import { installmentsOf, unpaidPrincipalFils } from './installments.ts';
import { loanRow, refuseDeciding, transition, type Loan } from './transition.ts';

// Giving up on what an active loan still owes, carried out or proposed for a second admin.

/**
 * What else changes with a recovery from guarantors, in its transaction: a leaving guarantor's
 * exit that nothing holds any more closes (features/exits, given by app.ts: exits imports loans).
 */
export type AfterRecovery = (
  tx: DbOrTx,
  guarantorIds: number[],
  actor: Actor,
  now: Date,
) => Promise<void>;

/** Gives up on what is still owed: the unpaid principal moves to losses (an expense). */
export function writeOffLoan(
  db: Db,
  loanId: number,
  actor: Actor,
  reason: string,
  now: Date,
  recover = false,
): Promise<Loan> {
  const why = requireReason(reason);
  return db.transaction((tx) => writeOffIn(tx, loanId, actor, why, now, recover));
}

/** The write-off as an admin asks for it: carried out, or proposed for a second admin. */
export function writeOffOrPropose(
  db: Db,
  loanId: number,
  actor: Actor & { id: number },
  reason: string,
  now: Date,
  recover = false,
  afterRecovery?: AfterRecovery,
): Promise<Decision<Loan>> {
  const why = requireReason(reason);
  return db.transaction(async (tx) => {
    const loan = await loanRow(tx, loanId);
    // Proposing is deciding too: refused before a proposal is made.
    await refuseDeciding(tx, loan, actor);
    const unpaid = unpaidPrincipalFils(await installmentsOf(tx, loanId));
    return withSecondAdmin(
      tx,
      {
        action: 'loan.write_off',
        loanId,
        amountFils: unpaid,
        reason: why,
        details: { recover_from_guarantors: recover },
      },
      actor,
      now,
      // The proposer's reason and choice of recovery are the ones carried out; the second
      // admin agrees to them.
      (open) =>
        writeOffIn(
          tx,
          loanId,
          actor,
          open?.reason ?? why,
          now,
          open ? open.details?.recover_from_guarantors === true : recover,
          afterRecovery,
        ),
      // Recovery takes from members' savings: the second admin confirms it as it was proposed.
      (open) =>
        (open.details?.recover_from_guarantors === true) === recover
          ? null
          : open.details?.recover_from_guarantors === true
            ? /*i18n*/ 'This write-off was proposed with recovery from the guarantors; confirm it as it was proposed.'
            : /*i18n*/ 'This write-off was proposed without recovery from the guarantors; confirm it as it was proposed.',
    );
  });
}

async function writeOffIn(
  tx: DbOrTx,
  loanId: number,
  actor: Actor,
  why: string,
  now: Date,
  recover: boolean,
  afterRecovery?: AfterRecovery,
): Promise<Loan> {
  // The holds as they stand before the write-off releases them.
  const holds = await guaranteeRows(
    tx,
    and(eq(loanGuarantees.loanId, loanId), eq(loanGuarantees.state, 'accepted')),
  );
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
  const takenFrom =
    recover && unpaidPrincipal > 0
      ? await recoverFromGuarantors(tx, loan, holds, unpaidPrincipal, actor, now)
      : new Set<number>();
  await tellReleased(
    tx,
    loan.userId,
    holds.filter((h) => !takenFrom.has(h.id)),
    now,
  );
  await afterRecovery?.(
    tx,
    holds.filter((h) => takenFrom.has(h.id)).map((h) => h.guarantorId),
    actor,
    now,
  );
  return loan;
}
