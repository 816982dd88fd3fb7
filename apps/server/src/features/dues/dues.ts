import { and, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import type { MonthName } from '@jamiya/contracts/common';
import type { Db, DbOrTx } from '../../db/client.ts';
import { loans } from '../../db/schema/loans.ts';
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
  amountFils: Fils;
  description: string;
}

/** The columns of a member's dues submission that decide their row for a month. */
export interface DuesSubmissionFigures {
  period: string | null;
  status: Payment['status'];
  amountFils: Fils;
  approvedAmountFils: Fils | null;
  reviewNote: string | null;
}

/**
 * One row per month from the month the member joined to this month, newest first, from the
 * member's dues submissions (newest first).
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
  // that number: the caller still has them (features/members/account-cache.ts).
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
        d.period, d.status, d.amount_fils, d.approved_amount_fils, d.review_note)
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
    ([period, status, amountFils, approvedAmountFils, reviewNote]) => ({
      period,
      status,
      amountFils,
      approvedAmountFils,
      reviewNote,
    }),
  );
  const rows = duesRows(row.joinedOn, subs, today, monthlyDueFils);
  const [loanOutstandingFils, loanDueFils] = row.loanFils ?? [null, null];
  const unpaidDues = rows
    .filter((r) => r.status === 'due' || r.status === 'pay_now')
    .reduce((s, r) => s + r.amountFils, 0);
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
