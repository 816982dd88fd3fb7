import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { arrearsQuery, arrearsReport as arrearsReportSchema } from '@jamiya/contracts/arrears';
import { localDate } from '../../lib/calendar.ts';
import { refused, secured } from '../../lib/route-kit.ts';
import { arrearsReport } from './report.ts';

/** The arrears desk: who is behind and the loans at risk (docs/domain/arrears.md). */
export const arrearsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/arrears',
    {
      schema: {
        tags: ['arrears'],
        operationId: 'arrears.get',
        summary:
          'Portfolio at risk (PAR30, PAR90) and its trend, dues behind by age, and who is behind',
        description:
          "For an active admin: the principal outstanding and the part on loans with an installment more than 30 and 90 days late, PAR30 at the end of each of the last 12 months, the members behind on dues by 1, 2 and 3 or more months, and the work list, oldest first (its first `limit`, with `members_total`), with a call and a WhatsApp link whose message is in the member's language.",
        ...secured,
        querystring: arrearsQuery,
        response: { 200: arrearsReportSchema, ...refused },
      },
    },
    async (request) => arrearsReport(db, localDate(new Date()), request.query.limit),
  );
};
