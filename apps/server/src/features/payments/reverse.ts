import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { payments } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { aed, sentence } from '../../lib/i18n.ts';
import { audit } from '../audit/public.ts';
import {
  entryOfPayment,
  memberSavingsFils,
  reverseEntry,
  type EntryWithPostings,
} from '../ledger/public.ts';
import { heldByGuarantor, reverseRepayment, type Correction } from '../loans/public.ts';
import { notify, paymentCorrectedNotice } from '../notifications/public.ts';
import { lockMonth } from './months.ts';

// A payment approved wrongly (the wrong member, month or amount), corrected by reversal
// (docs/domain/accounts.md): a new entry negating its entry, dated the day it is made; the
// payment marked `reversed`, so a due's month is open again; the member told. The original stays.

/**
 * Reverses the approved payment `entry` recorded, in the caller's transaction. The member's row
 * first, as a payout and a fine take it, then the payment, then the month.
 */
export async function reversePayment(
  tx: DbOrTx,
  recorded: EntryWithPostings,
  by: Correction,
): Promise<{ paymentId: number; userId: number; reversalId: number }> {
  const paymentId = recorded.entry.paymentId;
  if (paymentId === null) throw new Error(`entry ${recorded.entry.id} records no payment`);
  const [owner] = await tx
    .select({ userId: payments.userId })
    .from(payments)
    .where(eq(payments.id, paymentId));
  if (!owner) throw notFound(/*i18n*/ 'There is no such payment.');
  const [member] = await tx
    .select({ leftOn: users.leftOn })
    .from(users)
    .where(eq(users.id, owner.userId))
    .for('update');
  const [payment] = await tx
    .select()
    .from(payments)
    .where(eq(payments.id, paymentId))
    .for('update');
  if (!payment || !member) throw notFound(/*i18n*/ 'There is no such payment.');
  if (payment.userId === by.actor.id)
    throw forbidden(/*i18n*/ 'You cannot correct your own payment; another admin must.');
  if (payment.status !== 'approved')
    throw conflict(/*i18n*/ 'Only an approved payment can be corrected by reversal.');
  if (member.leftOn !== null)
    throw conflict(
      /*i18n*/ 'This member has left and was paid out: their payments can no longer be reversed.',
    );
  let reversalId: number;
  if (payment.kind === 'dues') {
    if (payment.period) {
      await lockMonth(tx, payment.userId, payment.period);
      await refuseLaterPaymentOfMonth(tx, payment, recorded.entry.id);
    }
    reversalId = await reverseEntry(tx, recorded.entry.id, {
      createdBy: by.actor.id,
      memo: by.memo,
      occurredAt: by.now,
      proposedBy: by.proposedBy,
      reasonCode: by.reasonCode,
    });
    await refuseSavingsBelowHolds(tx, payment.userId);
  } else {
    ({ reversalId } = await reverseRepayment(tx, recorded, by));
  }
  await tx.update(payments).set({ status: 'reversed' }).where(eq(payments.id, paymentId));
  await audit(tx, {
    actorId: by.actor.id,
    action: 'payment.reverse',
    targetType: 'payment',
    targetId: paymentId,
    reason: by.memo,
    details: { entryId: recorded.entry.id, reversalId, reasonCode: by.reasonCode },
    ip: by.actor.ip ?? null,
    at: by.now,
  });
  await notify(tx, {
    ...paymentCorrectedNotice(payment, { code: by.reasonCode, note: by.memo }),
    at: by.now,
  });
  return { paymentId, userId: payment.userId, reversalId };
}

/**
 * A month's payments pay its due first and its fine with the rest, in the order they were
 * approved: the latest is taken back first, or the month's due and fine would disagree with
 * what the entries credited.
 */
async function refuseLaterPaymentOfMonth(
  tx: DbOrTx,
  payment: { id: number; userId: number; period: string | null },
  entryId: number,
): Promise<void> {
  const others = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.userId, payment.userId),
        eq(payments.period, payment.period!),
        eq(payments.kind, 'dues'),
        eq(payments.status, 'approved'),
        ne(payments.id, payment.id),
      ),
    );
  for (const other of others) {
    const later = await entryOfPayment(tx, other.id);
    if (later !== null && later > entryId)
      throw conflict(
        sentence(
          /*i18n*/ 'A later payment of {month} stands: correct the latest payment of the month first.',
          { month: { month: payment.period! } },
        ),
      );
  }
}

/**
 * A member's savings never go below what their guarantees of others hold, nor below zero: what
 * was taken back must still be theirs to give.
 */
export async function refuseSavingsBelowHolds(tx: DbOrTx, userId: number): Promise<void> {
  const savingsFils = await memberSavingsFils(tx, userId);
  const heldFils = (await heldByGuarantor(tx, [userId])).get(userId) ?? 0;
  if (savingsFils >= heldFils && savingsFils >= 0) return;
  throw conflict(
    sentence(
      /*i18n*/ "The member's savings would be {savings}, less than the {held} their guarantees of others hold: the correction cannot take that much.",
      { savings: aed(savingsFils), held: aed(heldFils) },
    ),
  );
}
