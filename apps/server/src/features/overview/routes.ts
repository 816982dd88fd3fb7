import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOverview } from '@jamiya/contracts/overview';
import { refused, secured } from '../../lib/route-kit.ts';
import { adminOverviewOf } from './overview.ts';

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
    async () => adminOverviewOf(db, new Date()),
  );
};
