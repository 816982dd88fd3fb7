import { and, asc, desc, eq, lt } from 'drizzle-orm';
import { filsToAed } from '@jamiya/money/fils';
import type { AdminLoan, Loan as LoanView } from '@jamiya/contracts/loans';
import type { LoanGuarantor } from '@jamiya/contracts/guarantees';
import type { DbOrTx } from '../../db/client.ts';
import { loanGuarantees, loans, loanTransitions, type LoanState } from '../../db/schema/loans.ts';
import { carriedOutProposals } from '../proposals/public.ts';
import { memberRefsById, type MemberRef } from '../users/public.ts';
import { localDate } from '../../lib/calendar.ts';
import { notFound } from '../../lib/errors.ts';
import { page } from '../../lib/pagination.ts';
import { guaranteeRows } from './holds.ts';
import { installmentsOf, type Installment } from './installments.ts';
import type { Loan } from './transition.ts';

function unpaid(i: Installment) {
  return i.amountFils - i.paidPrincipalFils - i.paidInterestFils;
}

/**
 * The loan as its member reads it. A guarantor's name reaches the borrower once they accept:
 * naming IDs must not tell a member who is behind them (the treasurer's view has every name).
 */
export async function toLoanView(db: DbOrTx, loan: Loan, now: Date): Promise<LoanView> {
  const { view } = await loanView(db, loan, now);
  return {
    ...view,
    guarantors: view.guarantors.map((g) =>
      g.state === 'accepted' || g.state === 'released' ? g : { ...g, name: null },
    ),
  };
}

/**
 * The loan as the treasurer reads it: its member, and in its history the admins who made each
 * step. A step two admins made was carried out in the transaction that closed its proposal,
 * at the same moment by the same admin: that proposal's author proposed it.
 */
export async function toAdminLoanView(
  db: DbOrTx,
  loan: Loan,
  member: MemberRef,
  now: Date,
): Promise<AdminLoan> {
  const { view, rows } = await loanView(db, loan, now);
  const proposals = await carriedOutProposals(db, loan.id);
  const proposerOf = (actorId: number | null, at: Date) =>
    proposals.find((p) => p.confirmedBy === actorId && p.at?.getTime() === at.getTime())?.by ??
    null;
  const people = await memberRefsById(db, [
    ...rows.map((r) => r.actorId),
    ...proposals.map((p) => p.by),
  ]);
  return {
    ...view,
    member,
    transitions: view.transitions.map((step, i) => {
      const row = rows[i]!;
      const isAdmin = step.by === 'admin';
      const proposer = isAdmin ? proposerOf(row.actorId, row.at) : null;
      return {
        ...step,
        admin: (isAdmin && row.actorId !== null && people.get(row.actorId)) || null,
        proposed_by: (proposer !== null && people.get(proposer)) || null,
      };
    }),
  };
}

/** The loan as the treasurer reads it, its member looked up. */
export async function toAdminLoanOf(db: DbOrTx, loan: Loan, now: Date): Promise<AdminLoan> {
  const members = await memberRefsById(db, [loan.userId]);
  return toAdminLoanView(db, loan, members.get(loan.userId)!, now);
}

/** The loan of that id as the treasurer reads it; 404 when there is none. */
export async function adminLoanOf(db: DbOrTx, id: number, now: Date): Promise<AdminLoan> {
  const [row] = await db.select().from(loans).where(eq(loans.id, id));
  if (!row) throw notFound(/*i18n*/ 'There is no such loan.');
  return toAdminLoanOf(db, row, now);
}

/** A page of loans, in `state` when given, newest first, as the treasurer reads them. */
export async function adminLoansPage(
  db: DbOrTx,
  query: { state?: LoanState | undefined; cursor: number | null; limit: number },
  now: Date,
): Promise<{ items: AdminLoan[]; next_cursor: string | null }> {
  const { state, cursor, limit } = query;
  const rows = await db
    .select()
    .from(loans)
    .where(
      and(
        state ? eq(loans.state, state) : undefined,
        cursor === null ? undefined : lt(loans.id, cursor),
      ),
    )
    .orderBy(desc(loans.id))
    .limit(limit + 1);
  const { items, nextCursor } = page(rows, limit);
  const members = await memberRefsById(
    db,
    items.map((l) => l.userId),
  );
  const views = await Promise.all(
    items.map((l) => toAdminLoanView(db, l, members.get(l.userId)!, now)),
  );
  return { items: views, next_cursor: nextCursor };
}

/** A page of the member's own loans, newest first, as they read them. */
export async function myLoansPage(
  db: DbOrTx,
  userId: number,
  query: { cursor: number | null; limit: number },
  now: Date,
): Promise<{ items: LoanView[]; next_cursor: string | null }> {
  const { cursor, limit } = query;
  const rows = await db
    .select()
    .from(loans)
    .where(and(eq(loans.userId, userId), cursor === null ? undefined : lt(loans.id, cursor)))
    .orderBy(desc(loans.id))
    .limit(limit + 1);
  const { items, nextCursor } = page(rows, limit);
  return {
    items: await Promise.all(items.map((l) => toLoanView(db, l, now))),
    next_cursor: nextCursor,
  };
}

async function loanView(
  db: DbOrTx,
  loan: Loan,
  now: Date,
): Promise<{ view: LoanView; rows: (typeof loanTransitions.$inferSelect)[] }> {
  const today = localDate(now);
  const installments = await installmentsOf(db, loan.id);
  const transitions = await db
    .select()
    .from(loanTransitions)
    .where(eq(loanTransitions.loanId, loan.id))
    .orderBy(asc(loanTransitions.id));
  const paidFils = installments.reduce((s, i) => s + i.paidPrincipalFils + i.paidInterestFils, 0);
  const isActive = loan.state === 'active';
  const next = isActive ? installments.find((i) => unpaid(i) > 0) : undefined;
  const isOverdue = isActive && installments.some((i) => unpaid(i) > 0 && i.dueOn < today);
  const view: LoanView = {
    id: loan.id,
    loan_type: loan.loanType,
    state: loan.state,
    is_overdue: isOverdue,
    loan_amount: filsToAed(loan.amountFils),
    duration_month: loan.termMonths,
    interest_rate_percent: loan.interestPermille / 10,
    total_amount_with_interest: filsToAed(loan.totalFils),
    per_month_amount: filsToAed(loan.perMonthFils),
    include_insurance: loan.includeInsurance,
    bank_account: loan.bankAccount,
    passport_or_nid: loan.passportOrNid,
    paid_amount: filsToAed(paidFils),
    remaining_amount: filsToAed(
      loan.state === 'active'
        ? installments.reduce((s, i) => s + unpaid(i), 0)
        : loan.state === 'pending' || loan.state === 'approved'
          ? loan.totalFils
          : 0, // closed, written off (nothing left to pay, as the statement says), never paid out
    ),
    next_installment: next
      ? { number: next.number, due_date: next.dueOn, amount: filsToAed(unpaid(next)) }
      : null,
    disbursed_on: loan.disbursedOn,
    created_at: loan.createdAt.toISOString(),
    installments: installments.map((i) => {
      const left = unpaid(i);
      const paid = i.amountFils - left;
      return {
        number: i.number,
        due_date: i.dueOn,
        amount: filsToAed(i.amountFils),
        paid: filsToAed(paid),
        status:
          left === 0 ? 'paid' : i.dueOn < today ? 'overdue' : paid > 0 ? 'partly_paid' : 'unpaid',
      };
    }),
    guarantee_needed: filsToAed(loan.guaranteeNeededFils),
    guarantors: await guarantorsOf(db, loan.id),
    transitions: transitions.map((t) => ({
      from: t.fromState,
      to: t.toState,
      at: t.at.toISOString(),
      reason: t.reason,
      by: t.actorId === null ? 'system' : t.actorId === loan.userId ? 'member' : 'admin',
    })),
  };
  return { view, rows: transitions };
}

/** A loan's guarantors as its member and the treasurer read them, in the order they were named. */
async function guarantorsOf(db: DbOrTx, loanId: number): Promise<LoanGuarantor[]> {
  const rows = (await guaranteeRows(db, eq(loanGuarantees.loanId, loanId))).reverse();
  if (rows.length === 0) return [];
  const people = await memberRefsById(
    db,
    rows.map((r) => r.guarantorId),
  );
  return rows.map((r) => ({
    id: r.id,
    member_id: people.get(r.guarantorId)?.unique_id ?? '',
    name: people.get(r.guarantorId)?.name ?? '',
    amount: filsToAed(r.amountFils),
    state: r.state,
    held: filsToAed(r.heldFils),
    recovered: filsToAed(r.recoveredFils),
    answered_at: r.answeredAt?.toISOString() ?? null,
  }));
}
