import { and, eq, sql } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import { PAY_AHEAD_MONTHS, type MonthChoice } from '@jamiya/contracts/values';
import type { Db, DbOrTx } from '../../db/client.ts';
import { payments } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { addMonthsToPeriod, localDate, periodOf, resolveMonth } from '../../lib/calendar.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import { conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { aed, sentence } from '../../lib/i18n.ts';
import { audit } from '../audit/public.ts';
import { insertFileRow, type PendingUpload } from '../files/public.ts';
import {
  activeLoanId,
  installmentsOf,
  loanOwnerAndState,
  outstandingFils,
} from '../loans/public.ts';
import { monthOf } from './months.ts';

/** The day a receipt's money moved: the transfer's date the member gave, or the day it came. */
export const receiptDay = sql`coalesce(${payments.transferDate}, (${payments.createdAt} at time zone 'Asia/Dubai')::date)`;

// What a member submits: a monthly due with its receipt, or a repayment towards their loan.
// Nothing moves in the books until an admin approves it (review.ts).

export type Payment = typeof payments.$inferSelect;

/** What the member copied from the transfer's receipt, to find it in the bank statement. */
export interface TransferDetails {
  transferDate?: string | undefined;
  bankReference?: string | undefined;
}

export interface DuesSubmission extends TransferDetails {
  month: MonthChoice;
  amountFils: Fils;
  accountNumber: string;
  receipt: PendingUpload;
}

/**
 * Refuses a monthly due that cannot be taken (a month before the member joined, a month paid
 * or under review, more than remains) with the answer submitDues would give: called before
 * the receipt is looked at (issue 32), and again by submitDues as it writes.
 */
export async function checkDues(
  db: DbOrTx,
  userId: number,
  input: Pick<DuesSubmission, 'month' | 'amountFils'>,
  now: Date,
): Promise<string> {
  const today = localDate(now);
  const period = resolveMonth(input.month, today);
  // A member may pay ahead, up to PAY_AHEAD_MONTHS months after this one (decision 040); the
  // sentences say 12, as the constant does.
  const last = addMonthsToPeriod(periodOf(today), PAY_AHEAD_MONTHS);
  if (period > last) {
    const until = { last: { month: last } };
    throw unprocessable(
      sentence(/*i18n*/ 'You can pay up to 12 months ahead, until {last}.', until),
      {
        month: [sentence(/*i18n*/ 'Choose a month until {last}.', until)],
      },
    );
  }
  const [user] = await db
    .select({ joinedOn: users.joinedOn })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound();
  if (period < periodOf(user.joinedOn)) {
    throw unprocessable(
      sentence(/*i18n*/ 'You joined in {joined}, so there is no due for {month}.', {
        joined: { month: periodOf(user.joinedOn) },
        month: { month: period },
      }),
      { month: [/*i18n*/ 'Choose a month since you joined.'] },
    );
  }
  const { dueFils, paidFils, remainingFils, pending } = await monthOf(db, userId, period);
  if (pending) throw alreadyPaid(period, 'pending');
  if (remainingFils === 0) throw alreadyPaid(period, 'approved');
  if (input.amountFils > remainingFils) {
    const remaining = aed(remainingFils);
    const month = { month: period };
    throw unprocessable(
      paidFils > 0
        ? sentence(/*i18n*/ '{paid} of the {due} due for {month} is paid; {remaining} remains.', {
            paid: aed(paidFils),
            due: aed(dueFils),
            month,
            remaining,
          })
        : sentence(/*i18n*/ 'The due for {month} is {remaining}.', { month, remaining }),
      { payment_amount: [sentence(/*i18n*/ 'Enter at most {remaining}.', { remaining })] },
    );
  }
  return period;
}

export async function submitDues(
  db: Db,
  userId: number,
  input: DuesSubmission,
  now: Date,
  ip: string | null = null,
): Promise<Payment> {
  const period = resolveMonth(input.month, localDate(now));
  try {
    return await db.transaction(async (tx) => {
      await checkDues(tx, userId, input, now);
      const file = await insertFileRow(tx, userId, 'receipt', input.receipt);
      return recordSubmission(
        tx,
        {
          userId,
          kind: 'dues',
          period,
          amountFils: input.amountFils,
          accountNumber: input.accountNumber,
          receiptFileId: file.id,
          ...transferColumns(input, now),
        },
        ip,
        now,
      );
    });
  } catch (err) {
    if (isUniqueViolation(err, 'payments_one_pending_per_period'))
      throw alreadyPaid(period, 'pending');
    throw err;
  }
}

function alreadyPaid(period: string, status: string) {
  const month = { month: { month: period } };
  return conflict(
    status === 'approved'
      ? sentence(/*i18n*/ '{month} is already paid.', month)
      : sentence(/*i18n*/ 'A receipt for {month} is already under review.', month),
    { month: [/*i18n*/ 'Choose another month.'] },
  );
}

export interface RepaymentSubmission extends TransferDetails {
  amountFils: Fils;
  /** The loan the member means; their active loan when missing (the spec's amount-only call). */
  loanId?: number | undefined;
  accountNumber?: string | undefined;
  receipt?: PendingUpload | undefined;
}

/**
 * Refuses a repayment that cannot be taken (not the member's loan or no such loan: 404; not
 * active, or no active loan: 409; more than is owed beyond the repayments under review: 422)
 * before its receipt is looked at (issue 32); submitLoanRepayment checks again as it writes.
 * Gives the active loan's id.
 */
export function checkLoanRepayment(
  db: DbOrTx,
  userId: number,
  input: Pick<RepaymentSubmission, 'amountFils' | 'loanId'>,
): Promise<number> {
  return checkRepayment(db, userId, input, false);
}

async function checkRepayment(
  db: DbOrTx,
  userId: number,
  input: Pick<RepaymentSubmission, 'amountFils' | 'loanId'>,
  lockLoan: boolean,
): Promise<number> {
  if (input.loanId !== undefined) {
    const named = await loanOwnerAndState(db, input.loanId);
    // Another member's loan is answered as no loan at all.
    if (!named || named.userId !== userId) throw notFound(/*i18n*/ 'There is no such loan.');
    if (named.state !== 'active')
      throw conflict(/*i18n*/ 'This loan is not active, so it cannot be repaid.');
  }
  const loanId = await activeLoanId(db, userId, lockLoan);
  if (loanId === undefined) throw conflict(/*i18n*/ 'You have no active loan to repay.');
  const outstanding = outstandingFils(await installmentsOf(db, loanId));
  const [pending] = await db
    .select({ total: sql<string | null>`sum(${payments.amountFils})` })
    .from(payments)
    .where(
      and(
        eq(payments.loanId, loanId),
        eq(payments.kind, 'loan_repayment'),
        eq(payments.status, 'pending'),
      ),
    );
  const room = outstanding - Number(pending?.total ?? 0);
  if (input.amountFils > room) {
    const remaining = aed(room);
    throw unprocessable(
      sentence(
        /*i18n*/ 'You owe {remaining} on your loan beyond the payments already under review.',
        {
          remaining,
        },
      ),
      { payment_amount: [sentence(/*i18n*/ 'Enter at most {remaining}.', { remaining })] },
    );
  }
  return loanId;
}

/** A repayment towards the member's active loan, with or without a receipt, checked by an admin later. */
export async function submitLoanRepayment(
  db: Db,
  userId: number,
  input: RepaymentSubmission,
  now: Date,
  ip: string | null = null,
): Promise<Payment> {
  return db.transaction(async (tx) => {
    const loanId = await checkRepayment(tx, userId, input, true);
    const file = input.receipt ? await insertFileRow(tx, userId, 'receipt', input.receipt) : null;
    return recordSubmission(
      tx,
      {
        userId,
        kind: 'loan_repayment',
        loanId,
        amountFils: input.amountFils,
        accountNumber: input.accountNumber ?? null,
        receiptFileId: file?.id ?? null,
        ...transferColumns(input, now),
      },
      ip,
      now,
    );
  });
}

/** The transfer's date and reference as kept; a date after today is refused. */
function transferColumns(input: TransferDetails, now: Date) {
  if (input.transferDate !== undefined && input.transferDate > localDate(now))
    throw unprocessable(/*i18n*/ 'The transfer date cannot be after today.', {
      transfer_date: [/*i18n*/ 'Enter the date on the receipt.'],
    });
  return { transferDate: input.transferDate ?? null, bankReference: input.bankReference ?? null };
}

/** Writes a member's submission and its audit row, in the caller's transaction. */
async function recordSubmission(
  tx: DbOrTx,
  values: Omit<typeof payments.$inferInsert, 'createdAt'>,
  ip: string | null,
  now: Date,
): Promise<Payment> {
  const [payment] = await tx
    .insert(payments)
    .values({ ...values, createdAt: now })
    .returning();
  if (!payment) throw new Error('payment was not written');
  await audit(tx, {
    actorId: values.userId,
    action: 'payment.submit',
    targetType: 'payment',
    targetId: payment.id,
    ip,
    at: now,
  });
  return payment;
}
