import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { count, eq } from 'drizzle-orm';
import { filsToAed } from '@jamiya/money/fils';
import { adminOverview } from '@jamiya/contracts/overview';
import { users } from '../../db/schema/users.ts';
import { addMonthsToPeriod, localDate, periodOf } from '../../lib/calendar.ts';
import { refused, secured } from '../../lib/route-kit.ts';
import { bookFigures } from '../ledger/public.ts';
import { loanCountIn, loanOwners, overdueInstallments } from '../loans/public.ts';
import { pendingApplicationCount } from '../membership/public.ts';
import { pendingReceiptCount } from '../payments/public.ts';
import { activeAdminCount, openProposals, toProposalViews } from '../proposals/public.ts';

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
    },
  );
};
