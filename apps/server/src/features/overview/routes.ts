import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, count, eq, lt, sql } from 'drizzle-orm';
import { filsToAed } from '@jamiya/money/fils';
import { adminOverview } from '@jamiya/contracts/overview';
import { loanInstallments, loans } from '../../db/schema/loans.ts';
import { payments } from '../../db/schema/payments.ts';
import { membershipApplications } from '../../db/schema/membership.ts';
import { users } from '../../db/schema/users.ts';
import { addMonthsToPeriod, localDate, periodOf } from '../../lib/calendar.ts';
import { refused, secured } from '../../lib/route-kit.ts';
import { bookFigures } from '../ledger/public.ts';
import { activeAdminCount, openProposals, toProposalViews } from '../proposals/public.ts';

async function countOf(query: Promise<Array<{ n: number }>>): Promise<number> {
  const [row] = await query;
  return Number(row?.n ?? 0);
}

/** The treasurer's first page: headline figures, what awaits a decision, a year of history. */
export const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/overview',
    {
      schema: {
        tags: ['overview'],
        operationId: 'overview.get',
        summary: 'Headline figures, what awaits a decision, and 12 months of history',
        description:
          'For an active admin: the books in brief, overdue installments, what waits for a decision (receipts, applications, payouts, proposals) and savings and loans at the end of each month.',
        ...secured,
        response: { 200: adminOverview, ...refused },
      },
    },
    async () => {
      const today = localDate(new Date());
      const thisMonth = periodOf(today);
      const months = Array.from({ length: 12 }, (_, i) => addMonthsToPeriod(thisMonth, i - 11));
      const figures = await bookFigures(db, months);
      const unpaid = sql`${loanInstallments.amountFils} - ${loanInstallments.paidPrincipalFils} - ${loanInstallments.paidInterestFils}`;
      const [overdue] = await db
        .select({ n: count(), total: sql<string>`coalesce(sum(${unpaid}), 0)` })
        .from(loanInstallments)
        .innerJoin(loans, eq(loans.id, loanInstallments.loanId))
        .where(
          and(eq(loans.state, 'active'), lt(loanInstallments.dueOn, today), sql`${unpaid} > 0`),
        );
      const loansIn = (state: 'pending' | 'approved') =>
        countOf(db.select({ n: count() }).from(loans).where(eq(loans.state, state)));
      const memberRows = await db
        .select({ status: users.status, n: count() })
        .from(users)
        .where(eq(users.isMember, true))
        .groupBy(users.status);
      return {
        savings_held: filsToAed(figures.savingsFils),
        loans_outstanding: filsToAed(figures.loansFils),
        cash_in_hand: filsToAed(figures.cashFils),
        interest_earned: filsToAed(figures.interestEarnedFils),
        overdue_installments: {
          count: Number(overdue?.n ?? 0),
          amount: filsToAed(Number(overdue?.total ?? 0)),
        },
        receipts_pending: await countOf(
          db.select({ n: count() }).from(payments).where(eq(payments.status, 'pending')),
        ),
        loan_applications_pending: await loansIn('pending'),
        loans_to_disburse: await loansIn('approved'),
        membership_applications_pending: await countOf(
          db
            .select({ n: count() })
            .from(membershipApplications)
            .where(eq(membershipApplications.status, 'pending')),
        ),
        members: {
          active: Number(memberRows.find((r) => r.status === 1)?.n ?? 0),
          inactive: Number(memberRows.find((r) => r.status === 0)?.n ?? 0),
        },
        active_admins: await activeAdminCount(db),
        proposals: await toProposalViews(db, await openProposals(db)),
        history: figures.history.map((h) => ({
          month: h.month,
          savings: filsToAed(h.savingsFils),
          loans_outstanding: filsToAed(h.loansFils),
        })),
      };
    },
  );
};
