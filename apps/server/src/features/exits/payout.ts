// Paying out an exit (docs/domain/leaving.md): its checks, its locks and the second admin.
import { eq } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import type { Db, DbOrTx } from '../../db/client.ts';
import { exits, type Exit } from '../../db/schema/exits.ts';
import { users } from '../../db/schema/users.ts';
import type { Actor } from '../../lib/actor.ts';
import { localDate } from '../../lib/calendar.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { aed, sentence } from '../../lib/i18n.ts';
import { lockShareOuts } from '../bonus/public.ts';
import { sameAmount, withSecondAdmin, type Decision } from '../proposals/public.ts';
import { payHeld, settle } from './payout-carry-out.ts';
import { nextPayoutOf } from './settlement.ts';

/** The subject of an exit's payout proposal. */
export const subjectOf = (exitId: number) => `exit:${exitId}`;

/**
 * Pays out an exit: the first payout settles everything (the loan and the fines from the
 * savings, the share-out estimate in, the dues closed) and ends the membership; what the
 * member's guarantees hold is paid by a later payout once released. Money leaving the fund:
 * carried out, or proposed for a second admin. `amountFils` must be the payout as shown.
 */
export function payOutExit(
  db: Db,
  exitId: number,
  amountFils: Fils,
  actor: Actor & { id: number; ip?: string | null },
  now: Date,
): Promise<Decision<Exit>> {
  const today = localDate(now);
  return db.transaction(async (tx) => {
    const [exit] = await tx.select().from(exits).where(eq(exits.id, exitId)).for('update');
    if (!exit) throw notFound(/*i18n*/ 'There is no such request to leave.');
    // No admin decides on their own money (docs/domain/maker-checker.md).
    if (exit.userId === actor.id)
      throw forbidden(/*i18n*/ 'You cannot pay out your own leaving; another admin must.');
    if (exit.state !== 'requested' && exit.state !== 'holding')
      throw conflict(
        exit.state === 'closed'
          ? /*i18n*/ 'This member has left and was paid out in full.'
          : /*i18n*/ 'This request to leave was withdrawn.',
      );
    if (exit.leaveOn > today)
      throw conflict(
        sentence(/*i18n*/ 'The member leaves on {day}: pay out on that day or later.', {
          day: { day: exit.leaveOn },
        }),
      );
    // Serialises with what could move the member's money meanwhile: a share-out close takes its
    // lock (first, as a close does before it writes to members' rows); an approval, a bank line
    // and a fine lock the member's row first too.
    await lockShareOuts(tx);
    await tx.select({ id: users.id }).from(users).where(eq(users.id, exit.userId)).for('update');
    const payoutFils = await payoutNow(tx, exit, now);
    if (payoutFils !== amountFils)
      throw conflict(
        sentence(
          /*i18n*/ 'The payout is now {amount}: the figures changed since they were shown. Check them and pay out that amount.',
          { amount: aed(payoutFils) },
        ),
      );
    return withSecondAdmin(
      tx,
      {
        action: 'exit.payout',
        loanId: null,
        memberId: exit.userId,
        subject: subjectOf(exit.id),
        amountFils: payoutFils,
        details: { exitId: exit.id },
      },
      actor,
      now,
      () =>
        exit.state === 'requested'
          ? settle(tx, exit, payoutFils, actor, now)
          : payHeld(tx, exit, actor, now),
      sameAmount(
        amountFils,
        /*i18n*/ 'Another admin proposed paying out {amount}: confirm that amount, or withdraw the proposal first.',
      ),
    );
  });
}

/** What the payout of `exit` would pay now; refused (409) with the first reason it cannot. */
async function payoutNow(tx: DbOrTx, exit: Exit, now: Date): Promise<Fils> {
  const next = await nextPayoutOf(tx, exit, now);
  if (!next) throw conflict(/*i18n*/ 'This request to leave was withdrawn.');
  const [blocker] = next.blockers;
  if (blocker) throw conflict(blocker);
  return next.payoutFils;
}
