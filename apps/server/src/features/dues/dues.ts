import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { formatAed, type Fils } from '@jamiya/money/fils';
import type { MonthName } from '@jamiya/contracts/common';
import type { Db, DbOrTx } from '../../db/client.ts';
import { loans } from '../../db/schema/loans.ts';
import { payments } from '../../db/schema/payments.ts';
import { settings } from '../../db/schema/settings.ts';
import { users } from '../../db/schema/users.ts';
import {
  localDate,
  periodLabel,
  periodOf,
  periodsNewestFirst,
  resolveMonthName,
} from '../../lib/calendar.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/errors.ts';
import { audit } from '../audit/audit.ts';
import { insertFileRow, type StoredUpload } from '../files/files.ts';
import { postEntry } from '../ledger/ledger.ts';
import { notify } from '../notifications/notify.ts';
import { paymentApprovedNotice, paymentRejectedNotice } from '../notifications/texts.ts';
import {
  applyRepayment,
  installmentsOf,
  outstandingFils,
  requireReason,
  type Actor,
} from '../loans/lifecycle.ts';

export type Payment = typeof payments.$inferSelect;
export type DuesStatus = 'completed' | 'pending' | 'pay_now' | 'due';

export interface DuesRow {
  period: string;
  status: DuesStatus;
  /** The month's due. */
  amountFils: Fils;
  /** What approved payments for the month add up to. */
  paidFils: Fils;
  /** What is left: the due less what is paid, never below 0. */
  remainingFils: Fils;
  description: string;
}

/** The columns of a member's dues submission that decide their row for a month. */
export interface DuesSubmissionFigures {
  period: string | null;
  status: Payment['status'];
  amountFils: Fils;
  approvedAmountFils: Fils | null;
  reviewNote: string | null;
  monthDueFils: Fils | null;
}

/** A month's due, what its approved payments cover and what remains (docs/domain/dues.md). */
export function monthFigures(
  forPeriod: DuesSubmissionFigures[],
  monthlyDueFils: Fils,
): { dueFils: Fils; paidFils: Fils; remainingFils: Fils } {
  const approved = forPeriod.filter((p) => p.status === 'approved');
  // The due recorded when the month's first payment was approved; the setting for a month
  // nobody has paid into yet.
  const recorded = approved.map((p) => p.monthDueFils).find((d) => d !== null && d !== undefined);
  const dueFils = recorded ?? monthlyDueFils;
  const paidFils = approved.reduce((s, p) => s + (p.approvedAmountFils ?? p.amountFils), 0);
  return { dueFils, paidFils, remainingFils: Math.max(dueFils - paidFils, 0) };
}

/**
 * One row per month from the month the member joined to this month, newest first, from the
 * member's dues submissions (newest first). A month is completed once its approved payments
 * reach its due; a part-paid month keeps pay_now or due with what remains.
 */
export function duesRows(
  joinedOn: string,
  subs: DuesSubmissionFigures[],
  today: string,
  monthlyDueFils: Fils,
): DuesRow[] {
  const thisPeriod = periodOf(today);
  return periodsNewestFirst(periodOf(joinedOn), thisPeriod).map((period) => {
    const forPeriod = subs.filter((p) => p.period === period);
    const { dueFils, paidFils, remainingFils } = monthFigures(forPeriod, monthlyDueFils);
    const figures = { amountFils: dueFils, paidFils, remainingFils };
    if (remainingFils === 0) {
      return { period, status: 'completed', ...figures, description: 'Monthly due paid' };
    }
    const pending = forPeriod.find((p) => p.status === 'pending');
    if (pending)
      return { period, status: 'pending', ...figures, description: 'Receipt under review' };
    // Newest first: the latest decision on the month speaks.
    const latest = forPeriod.find((p) => p.status !== 'pending');
    const description =
      latest?.status === 'rejected'
        ? `Receipt not accepted: ${latest.reviewNote ?? 'please send it again'}`
        : paidFils > 0
          ? `Part paid: ${formatAed(paidFils)} of ${formatAed(dueFils)}`
          : period === thisPeriod
            ? 'Monthly due for this month'
            : 'Monthly due not paid yet';
    return {
      period,
      status: period === thisPeriod ? 'pay_now' : 'due',
      ...figures,
      description,
    };
  });
}

export interface AccountSummary {
  savingsFils: Fils;
  dueBalanceFils: Fils;
  loanBalanceFils: Fils;
  monthlyDueFils: Fils;
  rows: DuesRow[];
}

const asFils = (value: string | number | null): Fils => Number(value ?? 0);

/**
 * Everything a member's account summary needs, as columns of one select over `users`
 * (correlated sub-selects, each an index lookup: see test/query-plans.test.ts), so that
 * the hot read is one round trip. The settings row is read in the same statement rather
 * than cached, so that every process sees a change of the monthly due at once.
 */
export function accountSummaryColumns(
  today: string | Placeholder,
  unlessVersion?: Placeholder,
): AccountSummaryColumns {
  // Written as SQL text with its own aliases: drizzle leaves columns inside a select
  // field's sql unqualified, which a correlated sub-select cannot have. The outer query
  // selects from "users" (alone, or joined to sessions).
  const owed = sql.raw(`i.amount_fils - i.paid_principal_fils - i.paid_interest_fils`);
  // With `unlessVersion`, the sums are left out (null) when the member's account_version is
  // that number: the caller still has them (features/members/routes.ts keeps the answer).
  const unless = <T>(figure: SQL<T>): SQL<T> =>
    unlessVersion
      ? sql<T>`case when "users"."account_version" = ${unlessVersion} then null else ${figure} end`
      : figure;
  return {
    joinedOn: users.joinedOn,
    monthlyDueFils: sql<
      string | number
    >`(select s.monthly_due_fils from settings s where s.id = 1)`,
    savingsDebitFils: unless(sql<string | null>`(select sum(p.amount_fils) from postings p
      join ledger_accounts a on a.id = p.account_id
      where a.code = 'savings:' || "users"."id")`),
    // Tuples rather than objects: the smallest text to build and parse for a hot read.
    duesSubmissions: unless(sql<DuesSubmissionTuple[] | null>`(select json_agg(json_build_array(
        d.period, d.status, d.amount_fils, d.approved_amount_fils, d.review_note, d.month_due_fils)
        order by d.created_at desc, d.id desc)
      from payments d where d.user_id = "users"."id" and d.kind = 'dues')`),
    // [outstanding, fallen due] on the active loan, in one pass over its installments.
    loanFils: unless(sql<
      [number | null, number | null] | null
    >`(select json_build_array(sum(${owed}),
        sum(${owed}) filter (where i.due_on <= ${today}))
      from loan_installments i join loans l on l.id = i.loan_id
      where l.user_id = "users"."id" and l.state = 'active')`),
  };
}

type AccountSummaryColumns = {
  joinedOn: typeof users.joinedOn;
  monthlyDueFils: SQL<string | number>;
  savingsDebitFils: SQL<string | null>;
  duesSubmissions: SQL<DuesSubmissionTuple[] | null>;
  loanFils: SQL<[number | null, number | null] | null>;
};

type DuesSubmissionTuple = [
  period: string | null,
  status: Payment['status'],
  amountFils: Fils,
  approvedAmountFils: Fils | null,
  reviewNote: string | null,
  monthDueFils: Fils | null,
];

/** The sums of an account summary, as its statement reads them (the part worth keeping). */
export interface AccountFigures {
  savingsDebitFils: string | number | null;
  duesSubmissions: DuesSubmissionTuple[] | null;
  loanFils: [number | null, number | null] | null;
}

interface AccountSummaryRow extends AccountFigures {
  joinedOn: string;
  monthlyDueFils: string | number;
}

/** The summary from the columns of `accountSummaryColumns`. */
export function toAccountSummary(row: AccountSummaryRow, today: string): AccountSummary {
  const monthlyDueFils = asFils(row.monthlyDueFils);
  const subs = (row.duesSubmissions ?? []).map(
    ([period, status, amountFils, approvedAmountFils, reviewNote, monthDueFils]) => ({
      period,
      status,
      amountFils,
      approvedAmountFils,
      reviewNote,
      monthDueFils: monthDueFils ?? null,
    }),
  );
  const rows = duesRows(row.joinedOn, subs, today, monthlyDueFils);
  const [loanOutstandingFils, loanDueFils] = row.loanFils ?? [null, null];
  const unpaidDues = rows
    .filter((r) => r.status === 'due' || r.status === 'pay_now')
    .reduce((s, r) => s + r.remainingFils, 0);
  return {
    // 0 - x rather than -x: an empty account is 0, not -0.
    savingsFils: 0 - asFils(row.savingsDebitFils),
    dueBalanceFils: unpaidDues + asFils(loanDueFils),
    loanBalanceFils: asFils(loanOutstandingFils),
    monthlyDueFils,
    rows,
  };
}

export async function accountSummary(
  db: DbOrTx,
  userId: number,
  now: Date,
): Promise<AccountSummary> {
  const today = localDate(now);
  const [row] = await db
    .select(accountSummaryColumns(today))
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw notFound();
  return toAccountSummary(row, today);
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
      const { dueFils, paidFils, remainingFils, pending } = await monthOf(tx, userId, period);
      if (pending) throw alreadyPaid(period, 'pending');
      if (remainingFils === 0) throw alreadyPaid(period, 'approved');
      if (input.amountFils > remainingFils) {
        throw unprocessable(
          paidFils > 0
            ? `${formatAed(paidFils)} of the ${formatAed(dueFils)} due for ${periodLabel(period)} is paid; ${formatAed(remainingFils)} remains.`
            : `The due for ${periodLabel(period)} is ${formatAed(remainingFils)}.`,
          { payment_amount: [`Enter at most ${formatAed(remainingFils)}.`] },
        );
      }
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
    if (isUniqueViolation(err, 'payments_one_pending_per_period'))
      throw alreadyPaid(period, 'pending');
    throw err;
  }
}

/**
 * A member's month: its due, what approved payments cover, what remains, and whether a
 * receipt for it awaits review. `exceptPaymentId` leaves one submission out (the one being
 * approved).
 */
export async function monthOf(
  db: DbOrTx,
  userId: number,
  period: string,
  exceptPaymentId?: number,
): Promise<{ dueFils: Fils; paidFils: Fils; remainingFils: Fils; pending: boolean }> {
  const rows = await db
    .select({
      id: payments.id,
      period: payments.period,
      status: payments.status,
      amountFils: payments.amountFils,
      approvedAmountFils: payments.approvedAmountFils,
      reviewNote: payments.reviewNote,
      monthDueFils: payments.monthDueFils,
    })
    .from(payments)
    .where(
      and(eq(payments.userId, userId), eq(payments.kind, 'dues'), eq(payments.period, period)),
    );
  const [s] = await db.select({ due: settings.monthlyDueFils }).from(settings);
  const others = rows.filter((r) => r.id !== exceptPaymentId);
  return {
    ...monthFigures(others, s?.due ?? 0),
    pending: others.some((r) => r.status === 'pending'),
  };
}

function alreadyPaid(period: string, status: string) {
  return conflict(
    status === 'approved'
      ? `${periodLabel(period)} is already paid.`
      : `A receipt for ${periodLabel(period)} is already under review.`,
    { month: ['Choose another month.'] },
  );
}

export interface RepaymentSubmission {
  amountFils: Fils;
  /** The loan the member means; their active loan when missing (the spec's amount-only call). */
  loanId?: number | undefined;
  accountNumber?: string | undefined;
  receipt?: StoredUpload | undefined;
}

/** A repayment towards the member's active loan, with or without a receipt, checked by an admin later. */
export async function submitLoanRepayment(
  db: Db,
  userId: number,
  input: RepaymentSubmission,
  now: Date,
  ip: string | null = null,
): Promise<Payment> {
  const { amountFils } = input;
  return db.transaction(async (tx) => {
    if (input.loanId !== undefined) {
      const [named] = await tx
        .select({ userId: loans.userId, state: loans.state })
        .from(loans)
        .where(eq(loans.id, input.loanId));
      // Another member's loan is answered as no loan at all.
      if (!named || named.userId !== userId) throw notFound('There is no such loan.');
      if (named.state !== 'active')
        throw conflict('This loan is not active, so it cannot be repaid.');
    }
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
        `You owe ${formatAed(room)} on your loan beyond the payments already under review.`,
        {
          payment_amount: [`Enter at most ${formatAed(room)}.`],
        },
      );
    }
    const file = input.receipt ? await insertFileRow(tx, userId, 'receipt', input.receipt) : null;
    const [payment] = await tx
      .insert(payments)
      .values({
        userId,
        kind: 'loan_repayment',
        loanId: loan.id,
        amountFils,
        accountNumber: input.accountNumber ?? null,
        receiptFileId: file?.id ?? null,
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

/** No admin decides on their own money (docs/domain/maker-checker.md). */
function refuseOwn(payment: Payment, actor: Actor) {
  if (payment.userId === actor.id) {
    throw forbidden('You cannot decide on your own payment; another admin must review it.');
  }
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
    refuseOwn(payment, actor);
    if (payment.receiptFileId === null && correctedAmountFils === undefined) {
      throw unprocessable(
        'This payment came without a receipt: enter the amount actually received.',
        { amount: ['Enter the amount received.'] },
      );
    }
    const amountFils = correctedAmountFils ?? payment.amountFils;
    if (amountFils <= 0)
      throw unprocessable('The approved amount must be more than AED 0.', {
        amount: ['Enter more than AED 0.'],
      });
    let monthDueFils: Fils | null = null;
    if (payment.kind === 'dues' && payment.period) {
      const month = await monthOf(tx, payment.userId, payment.period, paymentId);
      if (amountFils > month.remainingFils) {
        throw unprocessable(
          `${formatAed(month.remainingFils)} remains of the ${formatAed(month.dueFils)} due for ${periodLabel(payment.period)}; approve at most that.`,
          { amount: [`Enter at most ${formatAed(month.remainingFils)}.`] },
        );
      }
      monthDueFils = month.dueFils;
    }
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
