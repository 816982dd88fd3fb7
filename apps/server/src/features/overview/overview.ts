import { count, eq } from 'drizzle-orm';
import { filsToAed } from '@jamiya/money/fils';
import type { AdminOverview } from '@jamiya/contracts/overview';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { addMonthsToPeriod, localDate, periodOf } from '../../lib/calendar.ts';
import { bookFigures } from '../ledger/public.ts';
import { loanCountIn, loanOwners, overdueInstallments } from '../loans/public.ts';
import { pendingApplicationCount } from '../membership/public.ts';
import { pendingReceiptCount } from '../payments/public.ts';
import { activeAdminCount, openProposals, toProposalViews } from '../proposals/public.ts';

/** The treasurer's overview on `now`'s day: the books, what waits for a decision, 12 months. */
export async function adminOverviewOf(db: DbOrTx, now: Date): Promise<AdminOverview> {
  const today = localDate(now);
  const thisMonth = periodOf(today);
  const months = Array.from({ length: 12 }, (_, i) => addMonthsToPeriod(thisMonth, i - 11));
  const figures = await bookFigures(db, months);
  const overdue = await overdueInstallments(db, today);
  const memberRows = await db
    .select({ status: users.status, n: count() })
    .from(users)
    .where(eq(users.isMember, true))
    .groupBy(users.status);
  const proposals = await openProposals(db);
  const proposedOnLoans = proposals.flatMap((p) => (p.loanId === null ? [] : [p.loanId]));
  return {
    savings_held: filsToAed(figures.savingsFils),
    loans_outstanding: filsToAed(figures.loansFils),
    cash_in_hand: filsToAed(figures.cashFils),
    interest_earned: filsToAed(figures.interestEarnedFils),
    overdue_installments: { count: overdue.count, amount: filsToAed(overdue.leftFils) },
    receipts_pending: await pendingReceiptCount(db),
    loan_applications_pending: await loanCountIn(db, 'pending'),
    loans_to_disburse: await loanCountIn(db, 'approved'),
    membership_applications_pending: await pendingApplicationCount(db),
    members: {
      active: Number(memberRows.find((r) => r.status === 1)?.n ?? 0),
      inactive: Number(memberRows.find((r) => r.status === 0)?.n ?? 0),
    },
    active_admins: await activeAdminCount(db),
    proposals: await toProposalViews(db, proposals, await loanOwners(db, proposedOnLoans)),
    history: figures.history.map((h) => ({
      month: h.month,
      savings: filsToAed(h.savingsFils),
      loans_outstanding: filsToAed(h.loansFils),
    })),
  };
}
