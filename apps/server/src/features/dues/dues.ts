import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import type { MonthName } from '@jamiya/contracts/common';
import type { Db, DbOrTx } from '../../db/client.ts';
import { loanInstallments, loans } from '../../db/schema/loans.ts';
import { payments } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import {
  localDate,
  periodLabel,
  periodOf,
  periodsNewestFirst,
  resolveMonthName,
} from '../../lib/calendar.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { audit } from '../audit/audit.ts';
import { insertFileRow, type StoredUpload } from '../files/files.ts';
import { postEntry, memberSavingsFils } from '../ledger/ledger.ts';
import { notify } from '../notifications/notify.ts';
import { paymentApprovedNotice, paymentRejectedNotice } from '../notifications/texts.ts';
import {
  applyRepayment,
  installmentsOf,
  outstandingFils,
  requireReason,
  type Actor,
} from '../loans/lifecycle.ts';
import { getSettings } from '../settings/settings.ts';

export type Payment = typeof payments.$inferSelect;
export type DuesStatus = 'completed' | 'pending' | 'pay_now' | 'due';

export interface DuesRow {
  period: string;
  status: DuesStatus;
  amountFils: Fils;
  description: string;
}

/** One row per month from the month the member joined to this month, newest first. */
async function duesRows(
  db: DbOrTx,
  userId: number,
  now: Date,
  monthlyDueFils: Fils,
): Promise<DuesRow[]> {
  const [user] = await db
    .select({ joinedOn: users.joinedOn })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound();
  const thisPeriod = periodOf(localDate(now));
  const subs = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.kind, 'dues')))
    .orderBy(desc(payments.createdAt));
  return periodsNewestFirst(periodOf(user.joinedOn), thisPeriod).map((period) => {
    const forPeriod = subs.filter((p) => p.period === period);
    const approved = forPeriod.find((p) => p.status === 'approved');
    if (approved) {
      return {
        period,
        status: 'completed',
        amountFils: approved.approvedAmountFils ?? approved.amountFils,
        description: 'Monthly due paid',
      };
    }
    const pending = forPeriod.find((p) => p.status === 'pending');
    if (pending)
      return {
        period,
        status: 'pending',
        amountFils: pending.amountFils,
        description: 'Receipt under review',
      };
    const rejected = forPeriod.find((p) => p.status === 'rejected');
    const description = rejected
      ? `Receipt not accepted: ${rejected.reviewNote ?? 'please send it again'}`
      : period === thisPeriod
        ? 'Monthly due for this month'
        : 'Monthly due not paid yet';
    return {
      period,
      status: period === thisPeriod ? 'pay_now' : 'due',
      amountFils: monthlyDueFils,
      description,
    };
  });
}

/** Installments of the member's active loan that have fallen due and are not fully paid. */
async function loanDueFils(db: DbOrTx, userId: number, today: string): Promise<Fils> {
  const [row] = await db
    .select({
      total: sql<
        string | null
      >`sum(${loanInstallments.amountFils} - ${loanInstallments.paidPrincipalFils} - ${loanInstallments.paidInterestFils})`,
    })
    .from(loanInstallments)
    .innerJoin(loans, eq(loans.id, loanInstallments.loanId))
    .where(
      and(eq(loans.userId, userId), eq(loans.state, 'active'), lte(loanInstallments.dueOn, today)),
    );
  return Number(row?.total ?? 0);
}

async function activeLoanOutstanding(db: DbOrTx, userId: number): Promise<Fils> {
  const [loan] = await db
    .select({ id: loans.id })
    .from(loans)
    .where(and(eq(loans.userId, userId), eq(loans.state, 'active')));
  return loan ? outstandingFils(await installmentsOf(db, loan.id)) : 0;
}

export interface AccountSummary {
  savingsFils: Fils;
  dueBalanceFils: Fils;
  loanBalanceFils: Fils;
  monthlyDueFils: Fils;
  rows: DuesRow[];
}

export async function accountSummary(
  db: DbOrTx,
  userId: number,
  now: Date,
): Promise<AccountSummary> {
  const { monthlyDueFils } = await getSettings(db);
  const rows = await duesRows(db, userId, now, monthlyDueFils);
  const unpaidDues = rows
    .filter((r) => r.status === 'due' || r.status === 'pay_now')
    .reduce((s, r) => s + r.amountFils, 0);
  return {
    savingsFils: await memberSavingsFils(db, userId),
    dueBalanceFils: unpaidDues + (await loanDueFils(db, userId, localDate(now))),
    loanBalanceFils: await activeLoanOutstanding(db, userId),
    monthlyDueFils,
    rows,
  };
}

export interface DuesSubmission {
  month: MonthName;
  amountFils: Fils;
  accountNumber: string;
  receipt: StoredUpload;
}

export async function submitDues(
  db: Db,
  userId: number,
  input: DuesSubmission,
  now: Date,
  ip: string | null = null,
): Promise<Payment> {
  const today = localDate(now);
  const period = resolveMonthName(input.month, today);
  const [user] = await db
    .select({ joinedOn: users.joinedOn })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound();
  if (period < periodOf(user.joinedOn)) {
    throw unprocessable(
      `You joined in ${periodLabel(periodOf(user.joinedOn))}, so there is no due for ${periodLabel(period)}.`,
      {
        month: ['Choose a month since you joined.'],
      },
    );
  }
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ status: payments.status })
        .from(payments)
        .where(
          and(
            eq(payments.userId, userId),
            eq(payments.kind, 'dues'),
            eq(payments.period, period),
            inArray(payments.status, ['pending', 'approved']),
          ),
        );
      if (existing) throw alreadyPaid(period, existing.status);
      const file = await insertFileRow(tx, userId, 'receipt', input.receipt);
      const [payment] = await tx
        .insert(payments)
        .values({
          userId,
          kind: 'dues',
          period,
          amountFils: input.amountFils,
          accountNumber: input.accountNumber,
          receiptFileId: file.id,
          createdAt: now,
        })
        .returning();
      if (!payment) throw new Error('payment was not written');
      await audit(tx, {
        actorId: userId,
        action: 'payment.submit',
        targetType: 'payment',
        targetId: payment.id,
        ip,
        at: now,
      });
      return payment;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'payments_one_live_per_period'))
      throw alreadyPaid(period, 'pending');
    throw err;
  }
}

function alreadyPaid(period: string, status: string) {
  return conflict(
    status === 'approved'
      ? `${periodLabel(period)} is already paid.`
      : `A receipt for ${periodLabel(period)} is already under review.`,
    { month: ['Choose another month.'] },
  );
}

/** The due-loan payment modal: an amount towards the active loan, checked by an admin later. */
export async function submitLoanRepayment(
  db: Db,
  userId: number,
  amountFils: Fils,
  now: Date,
  ip: string | null = null,
): Promise<Payment> {
  return db.transaction(async (tx) => {
    const [loan] = await tx
      .select({ id: loans.id })
      .from(loans)
      .where(and(eq(loans.userId, userId), eq(loans.state, 'active')))
      .for('update');
    if (!loan) throw conflict('You have no active loan to repay.');
    const outstanding = outstandingFils(await installmentsOf(tx, loan.id));
    const [pending] = await tx
      .select({ total: sql<string | null>`sum(${payments.amountFils})` })
      .from(payments)
      .where(
        and(
          eq(payments.loanId, loan.id),
          eq(payments.kind, 'loan_repayment'),
          eq(payments.status, 'pending'),
        ),
      );
    const room = outstanding - Number(pending?.total ?? 0);
    if (amountFils > room) {
      throw unprocessable(
        `You owe ${(room / 100).toFixed(2)} AED on your loan beyond the payments already under review.`,
        {
          payment_amount: [`Enter at most ${(room / 100).toFixed(2)} AED.`],
        },
      );
    }
    const [payment] = await tx
      .insert(payments)
      .values({ userId, kind: 'loan_repayment', loanId: loan.id, amountFils, createdAt: now })
      .returning();
    if (!payment) throw new Error('payment was not written');
    await audit(tx, {
      actorId: userId,
      action: 'payment.submit',
      targetType: 'payment',
      targetId: payment.id,
      ip,
      at: now,
    });
    return payment;
  });
}

async function lockPending(tx: DbOrTx, paymentId: number): Promise<Payment> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(eq(payments.id, paymentId))
    .for('update');
  if (!payment) throw notFound('There is no such payment.');
  if (payment.status !== 'pending') throw conflict(`This payment was already ${payment.status}.`);
  return payment;
}

/**
 * An admin confirms the receipt: dues move cash -> member savings; a loan repayment is
 * applied to the oldest unpaid installments. One transaction, one journal entry.
 */
export async function approvePayment(
  db: Db,
  paymentId: number,
  actor: Actor,
  now: Date,
  correctedAmountFils?: Fils,
): Promise<Payment> {
  return db.transaction(async (tx) => {
    const payment = await lockPending(tx, paymentId);
    const amountFils = correctedAmountFils ?? payment.amountFils;
    if (amountFils <= 0)
      throw unprocessable('The approved amount must be more than 0 AED.', {
        amount: ['Enter more than 0 AED.'],
      });
    if (payment.kind === 'dues') {
      await postEntry(tx, {
        kind: 'dues',
        memo: `Monthly due ${payment.period ? periodLabel(payment.period) : ''}`.trim(),
        occurredAt: now,
        createdBy: actor.id,
        paymentId,
        lines: [
          { account: { code: 'cash' }, amountFils },
          { account: { code: 'savings', userId: payment.userId }, amountFils: -amountFils },
        ],
      });
    } else {
      if (!payment.loanId) throw new Error(`repayment ${paymentId} has no loan`);
      await applyRepayment(tx, { loanId: payment.loanId, amountFils, actor, now, paymentId });
    }
    const [updated] = await tx
      .update(payments)
      .set({
        status: 'approved',
        approvedAmountFils: amountFils,
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
    await lockPending(tx, paymentId);
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
