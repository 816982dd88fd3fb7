import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import type { Period } from '@jamiya/contracts/values';
import type { DbOrTx } from '../../db/client.ts';
import { payments } from '../../db/schema/payments.ts';
import type { Actor } from '../../lib/actor.ts';
import { localDate, momentOfDay } from '../../lib/calendar.ts';
import { audit } from '../audit/public.ts';
import { approvePayment, refuseLeftMember } from './review.ts';
import { checkDues, checkLoanRepayment, receiptDay, type Payment } from './submissions.ts';

// What the bank statement's reconciliation (features/bank) asks of payments: the receipts
// waiting and what their members copied from the transfer, and money the bank received
// without a receipt, recorded as an approved payment.

/** A payment as a bank line is matched to it. */
export interface PaymentForMatching {
  id: number;
  userId: number;
  kind: Payment['kind'];
  period: string | null;
  loanId: number | null;
  amountFils: Fils;
  status: Payment['status'];
  transferDate: string | null;
  bankReference: string | null;
  /** The day it was sent (Dubai). */
  submittedOn: string;
  submittedAt: Date;
  approvedAmountFils: Fils | null;
  /** A month an import marked paid: its money came in with the opening entry. */
  carriedOver: boolean;
}

const columns = {
  id: payments.id,
  userId: payments.userId,
  kind: payments.kind,
  period: payments.period,
  loanId: payments.loanId,
  amountFils: payments.amountFils,
  status: payments.status,
  transferDate: payments.transferDate,
  bankReference: payments.bankReference,
  createdAt: payments.createdAt,
  approvedAmountFils: payments.approvedAmountFils,
  carriedOver: payments.carriedOver,
};

const forMatching = ({
  createdAt,
  ...p
}: { createdAt: Date } & Omit<PaymentForMatching, 'submittedOn' | 'submittedAt'>) => ({
  ...p,
  submittedOn: localDate(createdAt),
  submittedAt: createdAt,
});

/** Every receipt waiting for review (imported months carried over are never pending). */
export async function waitingPayments(db: DbOrTx): Promise<PaymentForMatching[]> {
  const rows = await db.select(columns).from(payments).where(eq(payments.status, 'pending'));
  return rows.map(forMatching);
}

export async function paymentsForMatching(
  db: DbOrTx,
  ids: number[],
): Promise<PaymentForMatching[]> {
  if (ids.length === 0) return [];
  const rows = await db.select(columns).from(payments).where(inArray(payments.id, ids));
  return rows.map(forMatching);
}

export interface BankPayment {
  userId: number;
  period?: string | undefined;
  loanId?: number | undefined;
  amountFils: Fils;
  bankReference: string | null;
  transferDate: string;
}

/**
 * Money the bank received without a receipt, for a member's due of a month or their loan:
 * checked as a member's payment is, then approved as an admin's review approves one (its
 * journal entry, its notification), in the caller's transaction.
 */
export async function recordPaymentFromBank(
  tx: DbOrTx,
  input: BankPayment,
  actor: Actor & { id: number },
  now: Date,
): Promise<Payment> {
  const { userId, amountFils } = input;
  await refuseLeftMember(tx, userId);
  const loanId =
    input.period === undefined
      ? await checkLoanRepayment(tx, userId, { amountFils, loanId: input.loanId })
      : null;
  if (input.period !== undefined)
    await checkDues(tx, userId, { month: input.period as Period, amountFils }, now);
  const [payment] = await tx
    .insert(payments)
    .values({
      userId,
      kind: input.period === undefined ? 'loan_repayment' : 'dues',
      period: input.period ?? null,
      loanId,
      amountFils,
      transferDate: input.transferDate,
      bankReference: input.bankReference,
      createdAt: now,
    })
    .returning();
  if (!payment) throw new Error('payment was not written');
  await audit(tx, {
    actorId: actor.id,
    action: 'payment.from_bank',
    targetType: 'payment',
    targetId: payment.id,
    details: { userId, amountFils },
    ip: actor.ip ?? null,
    at: now,
  });
  // Dated the day the bank received it: the books then hold it when the bank does.
  return approvePayment(
    tx,
    payment.id,
    actor,
    now,
    amountFils,
    momentOfDay(input.transferDate, now),
  );
}

/**
 * Payments a bank line could be linked to by hand: a member's receipts waiting and payments
 * approved (the newest first), or those of an amount whose day falls within [from, to].
 */
export async function linkablePayments(
  db: DbOrTx,
  which: { memberId: number } | { amountFils: Fils; from: string; to: string },
): Promise<PaymentForMatching[]> {
  const rows = await db
    .select(columns)
    .from(payments)
    .where(
      and(
        inArray(payments.status, ['pending', 'approved']),
        eq(payments.carriedOver, false),
        'memberId' in which
          ? eq(payments.userId, which.memberId)
          : and(
              or(
                and(eq(payments.status, 'pending'), eq(payments.amountFils, which.amountFils)),
                eq(payments.approvedAmountFils, which.amountFils),
              ),
              sql`${receiptDay} between ${which.from}::date and ${which.to}::date`,
            ),
      ),
    )
    .orderBy(desc(payments.id))
    .limit(30);
  return rows.map(forMatching);
}

/** Whether a payment is still waiting, for a bulk approval that skips what another admin did. */
export async function isWaiting(db: DbOrTx, paymentId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')));
  return row !== undefined;
}
