import { and, asc, eq, inArray } from 'drizzle-orm';
import { loanFigures, loanSchedule } from '@jamiya/money/loan';
import { formatAed, type Fils } from '@jamiya/money/fils';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  fundProposals,
  loanInstallments,
  loans,
  loanTransitions,
  type LoanState,
} from '../../db/schema/loans.ts';
import { users } from '../../db/schema/users.ts';
import { addMonthsToDate, localDate } from '../../lib/calendar.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/errors.ts';
import { audit } from '../audit/audit.ts';
import { postEntry } from '../ledger/ledger.ts';
import { notify } from '../notifications/notify.ts';
import { loanStateNotice } from '../notifications/texts.ts';
import { getSettings } from '../settings/settings.ts';
import { withSecondAdmin, type Decision } from '../proposals/proposals.ts';
import type { Actor } from '../../lib/actor.ts';

// The loan lifecycle of docs/product.md section 5, after Apache Fineract's: see
// docs/domain/loan-lifecycle.md for the state diagram.

export type Loan = typeof loans.$inferSelect;
export type Installment = typeof loanInstallments.$inferSelect;
export type { Actor };

const OPEN_STATES: LoanState[] = ['pending', 'approved', 'active'];

const VERB: Record<LoanState, string> = {
  pending: 'submitted',
  approved: 'approved',
  active: 'disbursed',
  closed: 'closed',
  rejected: 'rejected',
  withdrawn: 'withdrawn',
  written_off: 'written off',
};

export interface LoanApplication {
  loanType: string;
  amountFils: Fils;
  termMonths: number;
  includeInsurance: boolean;
  bankAccount: string;
  passportOrNid: string;
  clientPerMonthFils?: Fils | undefined;
  clientTotalFils?: Fils | undefined;
}

export async function applyForLoan(
  db: Db,
  userId: number,
  application: LoanApplication,
  now: Date,
  ip: string | null = null,
): Promise<Loan> {
  const s = await getSettings(db);
  const [user] = await db.select({ status: users.status }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  if (user.status !== 1) {
    throw forbidden(
      'Your membership is inactive, so you cannot apply for a loan. Please contact the committee.',
    );
  }
  const { amountFils, termMonths } = application;
  if (amountFils < s.loanMinFils || amountFils > s.loanMaxFils) {
    throw unprocessable(
      `A loan must be between ${formatAed(s.loanMinFils)} and ${formatAed(s.loanMaxFils)}.`,
      {
        loan_amount: [
          `Choose an amount from ${formatAed(s.loanMinFils)} to ${formatAed(s.loanMaxFils)}.`,
        ],
      },
    );
  }
  if ((amountFils - s.loanMinFils) % s.loanStepFils !== 0) {
    throw unprocessable(`The loan amount goes in steps of ${formatAed(s.loanStepFils)}.`, {
      loan_amount: [`Choose a multiple of ${formatAed(s.loanStepFils)}.`],
    });
  }
  const termAllowed =
    s.loanTerms.includes(termMonths) || (s.allowCustomTerm && termMonths <= s.loanMaxCustomTerm);
  if (!termAllowed) {
    const message = s.allowCustomTerm
      ? `The term must be ${s.loanTerms.join(', ')} or a custom number of months up to ${s.loanMaxCustomTerm}.`
      : `The term must be ${s.loanTerms.join(', ')} months.`;
    throw unprocessable(message, { duration_month: [message] });
  }
  const figures = loanFigures({ amountFils, termMonths, interestPermille: s.interestPermille });
  const errors: Record<string, string[]> = {};
  if (
    application.clientTotalFils !== undefined &&
    application.clientTotalFils !== figures.totalFils
  ) {
    errors.total_amount_with_interest = [
      `The total with interest is ${formatAed(figures.totalFils)}.`,
    ];
  }
  if (
    application.clientPerMonthFils !== undefined &&
    application.clientPerMonthFils !== figures.perMonthFils
  ) {
    errors.per_month_amount = [`The monthly amount is ${formatAed(figures.perMonthFils)}.`];
  }
  if (Object.keys(errors).length) {
    throw unprocessable(
      'The figures sent differ from the loan terms; please review the new figures and apply again.',
      errors,
    );
  }

  try {
    return await db.transaction(async (tx) => {
      const [open] = await tx
        .select({ id: loans.id, state: loans.state })
        .from(loans)
        .where(and(eq(loans.userId, userId), inArray(loans.state, OPEN_STATES)));
      if (open) throw openLoanConflict(open.state);
      const [loan] = await tx
        .insert(loans)
        .values({
          userId,
          loanType: application.loanType,
          amountFils,
          termMonths,
          interestPermille: s.interestPermille,
          totalFils: figures.totalFils,
          perMonthFils: figures.perMonthFils,
          includeInsurance: application.includeInsurance,
          bankAccount: application.bankAccount,
          passportOrNid: application.passportOrNid,
          state: 'pending',
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!loan) throw new Error('loan was not written');
      await tx
        .insert(loanTransitions)
        .values({ loanId: loan.id, fromState: null, toState: 'pending', actorId: userId, at: now });
      await audit(tx, {
        actorId: userId,
        action: 'loan.apply',
        targetType: 'loan',
        targetId: loan.id,
        ip,
        at: now,
      });
      return loan;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'loans_one_open_per_member')) throw openLoanConflict('pending');
    throw err;
  }
}

function openLoanConflict(state: LoanState) {
  return conflict(
    state === 'active'
      ? 'You already have an active loan. Repay it before you apply for another.'
      : 'You already have a loan application in progress. Wait for its decision or withdraw it first.',
  );
}

/**
 * Moves a loan from one of `from` to `to`. The row is locked first, so of two concurrent
 * requests exactly one moves it; the other then sees the new state and answers 409.
 */
async function transition(
  tx: DbOrTx,
  loanId: number,
  from: LoanState[],
  to: LoanState,
  actor: Actor,
  reason: string | null,
  now: Date,
  extra: Partial<typeof loans.$inferInsert> = {},
): Promise<Loan> {
  const [current] = await tx
    .select({ state: loans.state, userId: loans.userId })
    .from(loans)
    .where(eq(loans.id, loanId))
    .for('update');
  if (!current) throw notFound('There is no such loan.');
  refuseOwnLoan(current.userId, actor);
  if (!from.includes(current.state)) {
    throw conflict(`This loan is ${current.state.replace('_', ' ')}, so it cannot be ${VERB[to]}.`);
  }
  const [updated] = await tx
    .update(loans)
    .set({ state: to, updatedAt: now, ...extra })
    .where(eq(loans.id, loanId))
    .returning();
  if (!updated) throw new Error(`loan ${loanId} vanished while locked`);
  await tx.insert(loanTransitions).values({
    loanId,
    fromState: current.state,
    toState: to,
    actorId: actor.id,
    reason,
    at: now,
  });
  await audit(tx, {
    actorId: actor.id,
    action: `loan.${to}`,
    targetType: 'loan',
    targetId: loanId,
    reason,
    ip: actor.ip ?? null,
    at: now,
  });
  const notice = loanStateNotice(updated, reason);
  if (notice) await notify(tx, { ...notice, at: now });
  // A proposal left open for this loan no longer applies to it (the one being carried out
  // was marked done before the move).
  await tx
    .update(fundProposals)
    .set({ state: 'withdrawn', decidedAt: now })
    .where(and(eq(fundProposals.loanId, loanId), eq(fundProposals.state, 'open')));
  return updated;
}

/** No admin decides on their own money (docs/domain/maker-checker.md). */
export function refuseOwnLoan(loanUserId: number, actor: Actor) {
  if (actor.role === 'admin' && actor.id === loanUserId) {
    throw forbidden('You cannot decide on your own loan; another admin must.');
  }
}

export function approveLoan(
  db: Db,
  loanId: number,
  actor: Actor,
  now: Date,
  note: string | null = null,
) {
  return db.transaction((tx) => transition(tx, loanId, ['pending'], 'approved', actor, note, now));
}

/** A decision the member is told about needs a reason they can read. */
export function requireReason(reason: string): string {
  const why = reason.trim();
  if (!why)
    throw unprocessable('Give a reason; the member will see it.', {
      reason: ['A reason is required.'],
    });
  return why;
}

export function rejectLoan(db: Db, loanId: number, actor: Actor, reason: string, now: Date) {
  const why = requireReason(reason);
  return db.transaction((tx) => transition(tx, loanId, ['pending'], 'rejected', actor, why, now));
}

/** The member takes back their own application before it is paid out. */
export async function withdrawLoan(
  db: Db,
  loanId: number,
  userId: number,
  reason: string | null,
  now: Date,
  ip: string | null = null,
) {
  return db.transaction(async (tx) => {
    const [loan] = await tx
      .select({ userId: loans.userId })
      .from(loans)
      .where(eq(loans.id, loanId));
    if (!loan || loan.userId !== userId) throw notFound('There is no such loan.');
    return transition(
      tx,
      loanId,
      ['pending', 'approved'],
      'withdrawn',
      { id: userId, role: 'member', ip },
      reason,
      now,
    );
  });
}

/** Pays the loan out: schedule and the journal entry (loan receivable <- cash) in one transaction. */
export function disburseLoan(db: Db, loanId: number, actor: Actor, now: Date): Promise<Loan> {
  return db.transaction((tx) => disburseIn(tx, loanId, actor, now));
}

/**
 * The disbursement as an admin asks for it: carried out, or proposed for a second admin when
 * the association has two or more (maker-checker, features/proposals).
 */
export function disburseOrPropose(
  db: Db,
  loanId: number,
  actor: Actor & { id: number },
  now: Date,
): Promise<Decision<Loan>> {
  return db.transaction(async (tx) => {
    const loan = await loanRow(tx, loanId);
    return withSecondAdmin(
      tx,
      { action: 'loan.disburse', loanId, amountFils: loan.amountFils },
      actor,
      now,
      () => disburseIn(tx, loanId, actor, now),
    );
  });
}

async function loanRow(tx: DbOrTx, loanId: number): Promise<Loan> {
  const [loan] = await tx.select().from(loans).where(eq(loans.id, loanId));
  if (!loan) throw notFound('There is no such loan.');
  return loan;
}

async function disburseIn(tx: DbOrTx, loanId: number, actor: Actor, now: Date): Promise<Loan> {
  const disbursedOn = localDate(now);
  const loan = await transition(tx, loanId, ['approved'], 'active', actor, null, now, {
    disbursedOn,
  });
  const schedule = loanSchedule({
    amountFils: loan.amountFils,
    termMonths: loan.termMonths,
    interestPermille: loan.interestPermille,
  });
  await tx.insert(loanInstallments).values(
    schedule.map((i) => ({
      loanId,
      number: i.number,
      dueOn: addMonthsToDate(disbursedOn, i.number),
      amountFils: i.amountFils,
      principalFils: i.principalFils,
      interestFils: i.interestFils,
    })),
  );
  // Refused (409, naming the cash in hand) when the loan is more than the cash: postEntry.
  await postEntry(tx, {
    kind: 'disbursement',
    memo: `Loan ${loanId} paid out`,
    occurredAt: now,
    createdBy: actor.id,
    loanId,
    lines: [
      { account: { code: 'loan', loanId, userId: loan.userId }, amountFils: loan.amountFils },
      { account: { code: 'cash' }, amountFils: -loan.amountFils },
    ],
  });
  return loan;
}

export async function installmentsOf(db: DbOrTx, loanId: number): Promise<Installment[]> {
  return db
    .select()
    .from(loanInstallments)
    .where(eq(loanInstallments.loanId, loanId))
    .orderBy(asc(loanInstallments.number));
}

export function outstandingFils(installments: Installment[]): Fils {
  return installments.reduce(
    (s, i) => s + i.amountFils - i.paidPrincipalFils - i.paidInterestFils,
    0,
  );
}

/**
 * Applies a repayment to the oldest unpaid installments, interest first within each (as
 * Fineract's default strategy), and records it: cash -> loan receivable and interest income.
 * Runs inside the caller's transaction. Closes the loan when the last installment is paid.
 */
export async function applyRepayment(
  tx: DbOrTx,
  input: { loanId: number; amountFils: Fils; actor: Actor; now: Date; paymentId?: number | null },
): Promise<{ loan: Loan; entryId: number }> {
  const [loan] = await tx.select().from(loans).where(eq(loans.id, input.loanId)).for('update');
  if (!loan) throw notFound('There is no such loan.');
  refuseOwnLoan(loan.userId, input.actor);
  if (loan.state !== 'active')
    throw conflict(
      `This loan is ${loan.state.replace('_', ' ')}; only an active loan can be repaid.`,
    );
  const installments = await installmentsOf(tx, loan.id);
  const outstanding = outstandingFils(installments);
  if (input.amountFils <= 0) throw unprocessable('The repayment must be more than AED 0.');
  if (input.amountFils > outstanding) {
    throw unprocessable(
      `The repayment is more than the ${formatAed(outstanding)} still owed on this loan.`,
      {
        payment_amount: [`At most ${formatAed(outstanding)}.`],
      },
    );
  }
  let left = input.amountFils;
  let principal = 0;
  let interest = 0;
  for (const inst of installments) {
    if (left === 0) break;
    const interestDue = inst.interestFils - inst.paidInterestFils;
    const principalDue = inst.principalFils - inst.paidPrincipalFils;
    if (interestDue + principalDue === 0) continue;
    const toInterest = Math.min(left, interestDue);
    const toPrincipal = Math.min(left - toInterest, principalDue);
    left -= toInterest + toPrincipal;
    interest += toInterest;
    principal += toPrincipal;
    const paidInterestFils = inst.paidInterestFils + toInterest;
    const paidPrincipalFils = inst.paidPrincipalFils + toPrincipal;
    const isPaid =
      paidInterestFils === inst.interestFils && paidPrincipalFils === inst.principalFils;
    await tx
      .update(loanInstallments)
      .set({ paidInterestFils, paidPrincipalFils, paidAt: isPaid ? input.now : null })
      .where(eq(loanInstallments.id, inst.id));
  }
  const entryId = await postEntry(tx, {
    kind: 'repayment',
    memo: `Repayment of loan ${loan.id}`,
    occurredAt: input.now,
    createdBy: input.actor.id,
    loanId: loan.id,
    paymentId: input.paymentId ?? null,
    lines: [
      { account: { code: 'cash' }, amountFils: input.amountFils },
      { account: { code: 'loan', loanId: loan.id, userId: loan.userId }, amountFils: -principal },
      { account: { code: 'interest_income' }, amountFils: -interest },
    ],
  });
  if (input.amountFils === outstanding) {
    const closed = await transition(
      tx,
      loan.id,
      ['active'],
      'closed',
      { id: null, role: 'system' },
      'Repaid in full',
      input.now,
    );
    return { loan: closed, entryId };
  }
  return { loan, entryId };
}

/** Gives up on what is still owed: the unpaid principal moves to losses (an expense). */
export function writeOffLoan(
  db: Db,
  loanId: number,
  actor: Actor,
  reason: string,
  now: Date,
): Promise<Loan> {
  const why = requireReason(reason);
  return db.transaction((tx) => writeOffIn(tx, loanId, actor, why, now));
}

/** The write-off as an admin asks for it: carried out, or proposed for a second admin. */
export function writeOffOrPropose(
  db: Db,
  loanId: number,
  actor: Actor & { id: number },
  reason: string,
  now: Date,
): Promise<Decision<Loan>> {
  const why = requireReason(reason);
  return db.transaction(async (tx) => {
    await loanRow(tx, loanId);
    const unpaid = unpaidPrincipalFils(await installmentsOf(tx, loanId));
    return withSecondAdmin(
      tx,
      { action: 'loan.write_off', loanId, amountFils: unpaid, reason: why },
      actor,
      now,
      // The proposer's reason is the one recorded; the second admin agrees to it.
      (open) => writeOffIn(tx, loanId, actor, open?.reason ?? why, now),
    );
  });
}

function unpaidPrincipalFils(installments: Installment[]): Fils {
  return installments.reduce((s, i) => s + i.principalFils - i.paidPrincipalFils, 0);
}

async function writeOffIn(
  tx: DbOrTx,
  loanId: number,
  actor: Actor,
  why: string,
  now: Date,
): Promise<Loan> {
  const loan = await transition(tx, loanId, ['active'], 'written_off', actor, why, now);
  const unpaidPrincipal = unpaidPrincipalFils(await installmentsOf(tx, loanId));
  if (unpaidPrincipal > 0) {
    await postEntry(tx, {
      kind: 'write_off',
      memo: `Loan ${loanId} written off: ${why}`,
      occurredAt: now,
      createdBy: actor.id,
      loanId,
      lines: [
        { account: { code: 'loan_losses' }, amountFils: unpaidPrincipal },
        { account: { code: 'loan', loanId, userId: loan.userId }, amountFils: -unpaidPrincipal },
      ],
    });
  }
  return loan;
}
