import { and, count, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import type { LoanState } from '@jamiya/contracts/values';
import type { DbOrTx } from '../../db/client.ts';
import { loanInstallments, loans, loanTransitions } from '../../db/schema/loans.ts';
import { localDate } from '../../lib/calendar.ts';
import { installmentLeft } from './installments.ts';
import type { Loan } from './transition.ts';
import type { LoanState as State } from '@jamiya/contracts/values';

// What other features ask of loans: before they act on one (a repayment's checks), and to
// show a member's (the treasurer's member desk).

/** A loan's member and state, or undefined when there is no such loan. */
export async function loanOwnerAndState(
  db: DbOrTx,
  loanId: number,
): Promise<{ userId: number; state: LoanState } | undefined> {
  const [loan] = await db
    .select({ userId: loans.userId, state: loans.state })
    .from(loans)
    .where(eq(loans.id, loanId));
  return loan;
}

/** The interest of each of a member's loans' schedule (what My Loan's total adds), by loan. */
export async function scheduledInterestOf(db: DbOrTx, userId: number): Promise<Map<number, Fils>> {
  const rows = await db
    .select({
      loanId: loanInstallments.loanId,
      interest: sql<string>`sum(${loanInstallments.interestFils})`,
    })
    .from(loanInstallments)
    .innerJoin(loans, eq(loans.id, loanInstallments.loanId))
    .where(eq(loans.userId, userId))
    .groupBy(loanInstallments.loanId);
  return new Map(rows.map((r) => [r.loanId, Number(r.interest)]));
}

/**
 * The interest each of the member's loans brought in by an import still owed then (its
 * schedule's, less what was repaid of it before), by loan: what their statement opens with.
 */
export async function openingInterestOwedOf(
  db: DbOrTx,
  userId: number,
): Promise<Map<number, Fils>> {
  const rows = await db
    .select({
      loanId: loans.id,
      owed: sql<string>`${loans.totalFils} - ${loans.amountFils} - ${loans.openingInterestPaidFils}`,
    })
    .from(loans)
    .where(and(eq(loans.userId, userId), isNotNull(loans.openingInterestPaidFils)));
  return new Map(rows.map((r) => [r.loanId, Number(r.owed)]));
}

/** Each loan's member, by the loan's id. */
export async function loanOwners(db: DbOrTx, loanIds: number[]): Promise<Map<number, number>> {
  if (loanIds.length === 0) return new Map();
  const rows = await db
    .select({ id: loans.id, userId: loans.userId })
    .from(loans)
    .where(inArray(loans.id, loanIds));
  return new Map(rows.map((r) => [r.id, r.userId]));
}

/**
 * The member's active loan's id, or undefined; with `lock`, its row stays locked to the end of
 * the transaction, so that two repayments are checked one after the other.
 */
export async function activeLoanId(
  db: DbOrTx,
  userId: number,
  lock: boolean,
): Promise<number | undefined> {
  const active = db
    .select({ id: loans.id })
    .from(loans)
    .where(and(eq(loans.userId, userId), eq(loans.state, 'active')));
  const [loan] = lock ? await active.for('update') : await active;
  return loan?.id;
}

/** A member's loans, newest first. */
export async function loansOfMember(db: DbOrTx, userId: number): Promise<Loan[]> {
  return db.select().from(loans).where(eq(loans.userId, userId)).orderBy(desc(loans.id));
}

/**
 * What each member still owes on active loans, principal and interest, for a page of members
 * in one query (0 for a member with none).
 */
export async function owedOnActiveLoans(db: DbOrTx, userIds: number[]): Promise<Map<number, Fils>> {
  const out = new Map(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return out;
  const rows = await db
    .select({
      userId: loans.userId,
      total: sql<string>`sum(${installmentLeft})`,
    })
    .from(loanInstallments)
    .innerJoin(loans, eq(loans.id, loanInstallments.loanId))
    .where(and(inArray(loans.userId, userIds), eq(loans.state, 'active')))
    .groupBy(loans.userId);
  for (const r of rows) out.set(r.userId, Number(r.total));
  return out;
}

/** Installments of active loans past their day and not paid in full: how many, and what is left. */
/** Installments of active loans (joined to their loan) fallen due before `today`, not fully paid. */
export const fallenDueUnpaid = (today: string) =>
  and(eq(loans.state, 'active'), lt(loanInstallments.dueOn, today), sql`${installmentLeft} > 0`);

export async function overdueInstallments(
  db: DbOrTx,
  today: string,
): Promise<{ count: number; leftFils: Fils }> {
  const [overdue] = await db
    .select({ n: count(), total: sql<string>`coalesce(sum(${installmentLeft}), 0)` })
    .from(loanInstallments)
    .innerJoin(loans, eq(loans.id, loanInstallments.loanId))
    .where(fallenDueUnpaid(today));
  return { count: Number(overdue?.n ?? 0), leftFils: Number(overdue?.total ?? 0) };
}

/** How many loans are in a state (the applications to decide, the loans to pay out). */
export async function loanCountIn(db: DbOrTx, state: State): Promise<number> {
  const [row] = await db.select({ n: count() }).from(loans).where(eq(loans.state, state));
  return Number(row?.n ?? 0);
}

/** The member's open loan (pending, approved or active), or undefined. */
export async function openLoanOf(
  db: DbOrTx,
  userId: number,
): Promise<{ id: number; state: LoanState } | undefined> {
  const [loan] = await db
    .select({ id: loans.id, state: loans.state })
    .from(loans)
    .where(and(eq(loans.userId, userId), inArray(loans.state, ['pending', 'approved', 'active'])));
  return loan;
}

/** The day the member's latest loan written off was written off (Dubai's), if any. */
export async function lastWrittenOffOn(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ at: loanTransitions.at })
    .from(loanTransitions)
    .innerJoin(loans, eq(loans.id, loanTransitions.loanId))
    .where(and(eq(loans.userId, userId), eq(loanTransitions.toState, 'written_off')))
    .orderBy(desc(loanTransitions.at))
    .limit(1);
  return row ? localDate(row.at) : null;
}
