import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { bankLines } from '../../db/schema/bank.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import type { Say } from '../../lib/i18n.ts';
import { momentOfDay } from '../../lib/calendar.ts';
import { audit } from '../audit/public.ts';
import { cashMovements, entryOfPayment } from '../ledger/public.ts';
import { approvePayment } from '../payments/public.ts';
import type { LinkKind } from '@jamiya/contracts/bank';
import { withdrawProposalsOf } from '../proposals/public.ts';
import type { Match } from './matching.ts';
import type { LineRow } from './statements.ts';

// A line linked to what it is the money of: a receipt approved from it, or a movement of the
// books already there. A line is linked once; a payment and an entry each to one line.

type Admin = Actor & { id: number };

/** The line, locked, refused when it is already linked. */
export async function lockOpenLine(tx: DbOrTx, lineId: number): Promise<LineRow> {
  const [line] = await tx.select().from(bankLines).where(eq(bankLines.id, lineId)).for('update');
  if (!line) throw notFound(/*i18n*/ 'There is no such bank line.');
  if (line.paymentId !== null || line.entryId !== null)
    throw conflict(
      line.linkKind === 'book'
        ? /*i18n*/ 'This bank line is already booked to an account.'
        : /*i18n*/ 'This bank line is already linked to a payment.',
    );
  return line;
}

/**
 * Links a line to its payment and the entry that recorded it; a second link is refused. What was
 * still proposed for the line (an assignment, a booking) is withdrawn: the line is taken.
 */
export async function linkLine(
  tx: DbOrTx,
  lineId: number,
  link: { paymentId: number | null; entryId: number | null },
  actor: Admin,
  now: Date,
  kind: LinkKind,
): Promise<void> {
  try {
    await tx
      .update(bankLines)
      .set({ ...link, linkKind: kind, linkedBy: actor.id, linkedAt: now })
      .where(eq(bankLines.id, lineId));
  } catch (err) {
    if (
      isUniqueViolation(err, 'bank_lines_one_per_payment') ||
      isUniqueViolation(err, 'bank_lines_one_per_entry')
    )
      throw conflict(/*i18n*/ 'That payment is already linked to another bank line.');
    throw err;
  }
  for (const action of ['bank.assign', 'bank.book'] as const)
    await withdrawProposalsOf(tx, action, `bank_line:${lineId}`, now);
  await audit(tx, {
    actorId: actor.id,
    action: 'bank.link',
    targetType: 'bank_line',
    targetId: lineId,
    details: { ...link, kind },
    ip: actor.ip ?? null,
    at: now,
  });
}

export type Outcome =
  | { lineId: number; paymentId: number; entryId: number | null }
  | { lineId: number; entryId: number }
  | { lineId: number; refused: Say };

/**
 * Carries out one match in its own transaction: a receipt waiting is approved exactly as a
 * single approval does (its entry, its notification) and linked; a movement is linked. What
 * cannot be done (another admin approved it meanwhile, one's own payment) is told, not thrown.
 */
export async function carryOutMatch(
  db: Db,
  match: Match,
  actor: Admin,
  now: Date,
): Promise<Outcome> {
  const { lineId, counterpart } = match;
  try {
    return await db.transaction(async (tx) => {
      const line = await lockOpenLine(tx, lineId);
      if (counterpart.kind === 'entry') {
        // A receipt approved before the statement came: its line is its payment's too.
        const [movement] = await cashMovements(tx, { entryIds: [counterpart.id] });
        const paymentId = movement?.paymentId ?? null;
        await linkLine(tx, lineId, { paymentId, entryId: counterpart.id }, actor, now, 'match');
        return { lineId, entryId: counterpart.id };
      }
      // Dated the day the bank received it: the books then hold it when the bank does.
      await approvePayment(
        tx,
        counterpart.id,
        actor,
        now,
        undefined,
        momentOfDay(line.bookedOn, now),
      );
      const entryId = await entryOfPayment(tx, counterpart.id);
      await linkLine(tx, lineId, { paymentId: counterpart.id, entryId }, actor, now, 'match');
      return { lineId, paymentId: counterpart.id, entryId };
    });
  } catch (err) {
    if (err instanceof AppError && err.statusCode < 500) return { lineId, refused: err.say };
    throw err;
  }
}
