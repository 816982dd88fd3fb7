import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { filsToAed } from '@jamiya/money/fils';
import type { Guarantee, MyGuarantees } from '@jamiya/contracts/guarantees';
import type { DbOrTx } from '../../db/client.ts';
import { loanGuarantees, loanInstallments, loans } from '../../db/schema/loans.ts';
import { users } from '../../db/schema/users.ts';
import { localDate } from '../../lib/calendar.ts';
import { freeSavingsOf } from './guarantors.ts';
import { guaranteeRows, type GuaranteeRow } from './holds.ts';
import { installmentLeft } from './installments.ts';

// A member's guarantees as their guarantor reads them: the loan's state and arrears, nothing
// more of the borrower's account.

/** The guarantees as their guarantor reads them. */
export async function toGuaranteeViews(
  db: DbOrTx,
  rows: GuaranteeRow[],
  now: Date,
): Promise<Guarantee[]> {
  if (rows.length === 0) return [];
  const today = localDate(now);
  const loanIds = [...new Set(rows.map((r) => r.loanId))];
  const loanRows = await db
    .select({
      id: loans.id,
      amountFils: loans.amountFils,
      termMonths: loans.termMonths,
      borrowerId: users.uniqueId,
      borrower: users.name,
    })
    .from(loans)
    .innerJoin(users, eq(users.id, loans.userId))
    .where(inArray(loans.id, loanIds));
  const late = await db
    .select({
      loanId: loanInstallments.loanId,
      arrears: sql<string>`sum(${installmentLeft})`,
      since: sql<string>`min(${loanInstallments.dueOn})`,
    })
    .from(loanInstallments)
    .innerJoin(loans, eq(loans.id, loanInstallments.loanId))
    .where(
      and(
        inArray(loanInstallments.loanId, loanIds),
        eq(loans.state, 'active'),
        lt(loanInstallments.dueOn, today),
        sql`${installmentLeft} > 0`,
      ),
    )
    .groupBy(loanInstallments.loanId);
  const loanById = new Map(loanRows.map((l) => [l.id, l]));
  const lateById = new Map(late.map((l) => [l.loanId, l]));
  return rows.map((r) => {
    const loan = loanById.get(r.loanId)!;
    // The arrears are for who stands for the loan now, not for who declined or was not needed.
    const arrears = r.state === 'accepted' ? lateById.get(r.loanId) : undefined;
    return {
      id: r.id,
      state: r.state,
      amount: filsToAed(r.amountFils),
      held: filsToAed(r.heldFils),
      recovered: filsToAed(r.recoveredFils),
      asked_at: r.askedAt.toISOString(),
      answered_at: r.answeredAt?.toISOString() ?? null,
      borrower: { member_id: loan.borrowerId, name: loan.borrower },
      loan: {
        state: r.loanState,
        amount: filsToAed(loan.amountFils),
        duration_month: loan.termMonths,
        is_overdue: arrears !== undefined,
        arrears: filsToAed(Number(arrears?.arrears ?? 0)),
        overdue_since: arrears?.since ?? null,
      },
    };
  });
}

/** A member's guarantees newest first, whether others may find them, and their free savings. */
export async function ownGuarantees(db: DbOrTx, userId: number, now: Date): Promise<MyGuarantees> {
  const rows = await guaranteeRows(db, eq(loanGuarantees.guarantorId, userId));
  const [user] = await db
    .select({ findable: users.findableAsGuarantor })
    .from(users)
    .where(eq(users.id, userId));
  const free = (await freeSavingsOf(db, [userId])).get(userId)!;
  return {
    items: await toGuaranteeViews(db, rows, now),
    findable: user?.findable ?? false,
    free_savings: filsToAed(Math.max(free, 0)),
  };
}
