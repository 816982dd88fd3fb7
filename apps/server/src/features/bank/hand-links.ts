import { eq, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { bankLines } from '../../db/schema/bank.ts';
import type { Actor } from '../../lib/actor.ts';
import { momentOfDay } from '../../lib/calendar.ts';
import { conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { aed, sentence } from '../../lib/i18n.ts';
import { audit } from '../audit/public.ts';
import { cashMovements, entryOfPayment } from '../ledger/public.ts';
import { approvePayment, paymentsForMatching } from '../payments/public.ts';
import { linkLine, lockOpenLine } from './links.ts';
import type { LineRow } from './statements.ts';

// What the matcher could not tie, tied by the treasurer: a line linked by hand to a receipt
// waiting (which the link approves, as a bulk approval does) or to a payment already approved,
// and a wrong link undone (docs/domain/reconciliation.md).

type Admin = Actor & { id: number };

/** The line that already holds a payment or an entry, named for a refusal. */
async function lineHolding(db: DbOrTx, paymentId: number, entryId: number | null) {
  const [line] = await db
    .select()
    .from(bankLines)
    .where(
      entryId === null
        ? eq(bankLines.paymentId, paymentId)
        : or(eq(bankLines.paymentId, paymentId), eq(bankLines.entryId, entryId)),
    );
  return line;
}

export async function linkByHand(
  db: Db,
  lineId: number,
  paymentId: number,
  actor: Admin,
  now: Date,
): Promise<{ line: LineRow; approved: boolean }> {
  return db.transaction(async (tx) => {
    const line = await lockOpenLine(tx, lineId);
    if (line.amountFils <= 0)
      throw unprocessable(/*i18n*/ 'Only money the bank received can be a member’s payment.');
    const [payment] = await paymentsForMatching(tx, [paymentId]);
    if (!payment) throw notFound(/*i18n*/ 'There is no such payment.');
    if (payment.status === 'rejected' || payment.status === 'reversed')
      throw conflict(
        /*i18n*/ 'This payment was rejected or corrected: it has no money in the books to link.',
      );
    if (payment.carriedOver)
      throw conflict(
        /*i18n*/ 'This month came with the import: its money is in the opening balance, not in this line.',
      );
    const paidFils =
      payment.status === 'approved' ? payment.approvedAmountFils! : payment.amountFils;
    if (paidFils !== line.amountFils)
      throw unprocessable(
        sentence(
          /*i18n*/ 'The line brought {line} and the payment is {payment}: link a line only to the payment of its amount.',
          { line: aed(line.amountFils), payment: aed(paidFils) },
        ),
      );
    const entryBefore = payment.status === 'approved' ? await entryOfPayment(tx, paymentId) : null;
    const holder = await lineHolding(tx, paymentId, entryBefore);
    if (holder)
      throw conflict(
        sentence(
          /*i18n*/ 'That payment is already linked to the bank line of {day}, {amount}: unlink it there first.',
          { day: { day: holder.bookedOn }, amount: aed(holder.amountFils) },
        ),
      );
    // The line's amount: a receipt-less repayment (the spec's amount-only call) needs it said.
    // Dated the day the bank received it, as a bulk approval does.
    if (payment.status === 'pending')
      await approvePayment(
        tx,
        paymentId,
        actor,
        now,
        line.amountFils,
        momentOfDay(line.bookedOn, now),
      );
    const entryId = await entryOfPayment(tx, paymentId);
    const [movement] = await cashMovements(tx, { entryIds: entryId === null ? [] : [entryId] });
    if (!movement)
      throw conflict(
        /*i18n*/ 'This payment has no movement of cash in the books (it was corrected): there is nothing to link.',
      );
    await linkLine(tx, lineId, { paymentId, entryId }, actor, now, 'hand');
    return {
      line: { ...line, paymentId, entryId, linkKind: 'hand' },
      approved: payment.status === 'pending',
    };
  });
}

/** A wrong link undone: the line and the payment are both open again; nothing is approved back. */
export async function unlinkLine(
  db: Db,
  lineId: number,
  actor: Admin,
  now: Date,
): Promise<LineRow> {
  return db.transaction(async (tx) => {
    const [line] = await tx.select().from(bankLines).where(eq(bankLines.id, lineId)).for('update');
    if (!line) throw notFound(/*i18n*/ 'There is no such bank line.');
    if (line.paymentId === null && line.entryId === null)
      throw conflict(/*i18n*/ 'This bank line is not linked to anything.');
    if (line.linkKind === 'book')
      throw conflict(
        /*i18n*/ 'This line was booked to an account: the booking depends on it. Correct the booking in the journal (reverse it); the line is then open again.',
      );
    if (line.linkKind === 'assign')
      throw conflict(
        /*i18n*/ 'The payment was recorded from this line: it depends on it. Correct the payment in the journal (reverse it); the line is then open again.',
      );
    return releaseLine(tx, line, actor, now, 'bank.unlink');
  });
}

async function releaseLine(
  tx: DbOrTx,
  line: LineRow,
  actor: Admin,
  now: Date,
  action: 'bank.unlink' | 'bank.release',
): Promise<LineRow> {
  const [open] = await tx
    .update(bankLines)
    .set({ paymentId: null, entryId: null, linkKind: null, linkedBy: null, linkedAt: null })
    .where(eq(bankLines.id, line.id))
    .returning();
  await audit(tx, {
    actorId: actor.id,
    action,
    targetType: 'bank_line',
    targetId: line.id,
    details: { paymentId: line.paymentId, entryId: line.entryId, kind: line.linkKind },
    ip: actor.ip ?? null,
    at: now,
  });
  return open!;
}

/**
 * The line of an entry a correction has just reversed, open again to be linked or booked as it
 * should have been; null when the entry had none.
 */
export async function releaseLineOfEntry(
  tx: DbOrTx,
  entryId: number,
  actor: Admin,
  now: Date,
): Promise<number | null> {
  const [line] = await tx
    .select()
    .from(bankLines)
    .where(eq(bankLines.entryId, entryId))
    .for('update');
  if (!line) return null;
  await releaseLine(tx, line, actor, now, 'bank.release');
  return line.id;
}

/** The line is open and takes money in: for the candidates' list. */
export async function lineOr404(db: DbOrTx, lineId: number): Promise<LineRow> {
  const [line] = await db.select().from(bankLines).where(eq(bankLines.id, lineId));
  if (!line) throw notFound(/*i18n*/ 'There is no such bank line.');
  return line;
}
