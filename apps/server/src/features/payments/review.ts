import { eq } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import type { Db, DbOrTx } from '../../db/client.ts';
import { payments } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import type { Actor } from '../../lib/actor.ts';
import { periodLabel } from '../../lib/calendar.ts';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/errors.ts';
import { aed, sentence } from '../../lib/i18n.ts';
import { requireReason } from '../../lib/reason.ts';
import { audit } from '../audit/public.ts';
import { postEntry } from '../ledger/public.ts';
import { applyRepayment } from '../loans/public.ts';
import { notify, paymentApprovedNotice, paymentRejectedNotice } from '../notifications/public.ts';
import { adminPaymentOf } from './admin-views.ts';
import { lockMonth, monthOf } from './months.ts';
import type { Payment } from './submissions.ts';

// An admin's review of a member's submission: approved, it moves the money; rejected, the
// member is told why.

async function lockPending(tx: DbOrTx, paymentId: number): Promise<Payment> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(eq(payments.id, paymentId))
    .for('update');
  if (!payment) throw notFound(/*i18n*/ 'There is no such payment.');
  if (payment.status !== 'pending') {
    throw conflict(
      payment.status === 'approved'
        ? /*i18n*/ 'This payment was already approved.'
        : payment.status === 'reversed'
          ? /*i18n*/ 'This payment was approved, then corrected by a reversal: it is not waiting any more.'
          : /*i18n*/ 'This payment was already rejected.',
    );
  }
  return payment;
}

/**
 * Nothing comes into the savings of a member who left (docs/domain/leaving.md): their account
 * is read-only, settled and paid out.
 */
export async function refuseLeftMember(tx: DbOrTx, userId: number): Promise<void> {
  const [user] = await tx.select({ leftOn: users.leftOn }).from(users).where(eq(users.id, userId));
  if (user?.leftOn)
    throw conflict(
      /*i18n*/ 'This member has left the association; nothing can be paid into their account.',
    );
}

/** No admin decides on their own money (docs/domain/maker-checker.md). */
function refuseOwn(payment: Payment, actor: Actor) {
  if (payment.userId === actor.id) {
    throw forbidden(
      /*i18n*/ 'You cannot decide on your own payment; another admin must review it.',
    );
  }
}

/**
 * An admin confirms the receipt: dues move cash -> member savings; a loan repayment is
 * applied to the oldest unpaid installments. One transaction, one journal entry.
 */
export async function approvePayment(
  db: DbOrTx,
  paymentId: number,
  actor: Actor,
  now: Date,
  correctedAmountFils?: Fils,
  /** When the money moved: the bank line's day for a payment approved from the statement. */
  occurredAt: Date = now,
): Promise<Payment> {
  return db.transaction(async (tx) => {
    const payment = await lockPending(tx, paymentId);
    refuseOwn(payment, actor);
    await refuseLeftMember(tx, payment.userId);
    if (payment.receiptFileId === null && correctedAmountFils === undefined) {
      throw unprocessable(
        /*i18n*/ 'This payment came without a receipt: enter the amount actually received.',
        { amount: [/*i18n*/ 'Enter the amount received.'] },
      );
    }
    const amountFils = correctedAmountFils ?? payment.amountFils;
    if (amountFils <= 0)
      throw unprocessable(/*i18n*/ 'The approved amount must be more than AED 0.', {
        amount: [/*i18n*/ 'Enter more than AED 0.'],
      });
    let monthDueFils: Fils | null = null;
    // What of the amount pays the due (the member's savings); the rest pays the month's fine.
    let toSavingsFils = amountFils;
    if (payment.kind === 'dues' && payment.period) {
      await lockMonth(tx, payment.userId, payment.period);
      const month = await monthOf(tx, payment.userId, payment.period, paymentId);
      if (amountFils > month.remainingFils) {
        const remaining = aed(month.remainingFils);
        throw unprocessable(
          sentence(
            /*i18n*/ '{remaining} remains of the {due} due for {month}; approve at most that.',
            {
              remaining,
              due: aed(month.dueFils),
              month: { month: payment.period },
            },
          ),
          { amount: [sentence(/*i18n*/ 'Enter at most {remaining}.', { remaining })] },
        );
      }
      monthDueFils = month.dueFils;
      toSavingsFils = Math.min(amountFils, month.dueLeftFils);
    }
    if (payment.kind === 'dues') {
      await postEntry(tx, {
        kind: 'dues',
        memo: `Monthly due ${payment.period ? periodLabel(payment.period) : ''}`.trim(),
        occurredAt,
        createdBy: actor.id,
        paymentId,
        lines: [
          { account: { code: 'cash' }, amountFils },
          { account: { code: 'savings', userId: payment.userId }, amountFils: -toSavingsFils },
          {
            account: { code: 'fines', userId: payment.userId },
            amountFils: -(amountFils - toSavingsFils),
          },
        ],
      });
    } else {
      if (!payment.loanId) throw new Error(`repayment ${paymentId} has no loan`);
      await applyRepayment(tx, {
        loanId: payment.loanId,
        amountFils,
        actor,
        now,
        paymentId,
        occurredAt,
      });
    }
    const [updated] = await tx
      .update(payments)
      .set({
        status: 'approved',
        approvedAmountFils: amountFils,
        monthDueFils,
        reviewedBy: actor.id,
        reviewedAt: now,
      })
      .where(eq(payments.id, paymentId))
      .returning();
    await audit(tx, {
      actorId: actor.id,
      action: 'payment.approve',
      targetType: 'payment',
      targetId: paymentId,
      details: { amountFils, submittedFils: payment.amountFils },
      ip: actor.ip ?? null,
      at: now,
    });
    await notify(tx, { ...paymentApprovedNotice(updated!, payment.amountFils), at: now });
    return updated!;
  });
}

export async function rejectPayment(
  db: Db,
  paymentId: number,
  actor: Actor,
  reason: string,
  now: Date,
): Promise<Payment> {
  const why = requireReason(reason);
  return db.transaction(async (tx) => {
    refuseOwn(await lockPending(tx, paymentId), actor);
    const [updated] = await tx
      .update(payments)
      .set({ status: 'rejected', reviewNote: why, reviewedBy: actor.id, reviewedAt: now })
      .where(eq(payments.id, paymentId))
      .returning();
    await audit(tx, {
      actorId: actor.id,
      action: 'payment.reject',
      targetType: 'payment',
      targetId: paymentId,
      reason: why,
      ip: actor.ip ?? null,
      at: now,
    });
    await notify(tx, { ...paymentRejectedNotice(updated!, why), at: now });
    return updated!;
  });
}

/** An admin approves a submission, and reads it as the treasurer's list shows it. */
export async function approvedPaymentView(
  db: Db,
  paymentId: number,
  actor: Actor,
  now: Date,
  correctedAmountFils?: Fils,
) {
  await approvePayment(db, paymentId, actor, now, correctedAmountFils);
  return adminPaymentOf(db, paymentId);
}

/** An admin rejects a submission, and reads it as the treasurer's list shows it. */
export async function rejectedPaymentView(
  db: Db,
  paymentId: number,
  actor: Actor,
  reason: string,
  now: Date,
) {
  await rejectPayment(db, paymentId, actor, reason, now);
  return adminPaymentOf(db, paymentId);
}
