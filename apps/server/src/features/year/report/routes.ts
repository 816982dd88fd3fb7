import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@jamiya/contracts/common';
import { yearParams } from '@jamiya/contracts/year';
import {
  annualReport,
  memberAnnualReport,
  memberAnnualReportQuery,
  yearReportQuery,
} from '@jamiya/contracts/year-report';
import { requestLanguage } from '../../../lib/language.ts';
import { refused, secured } from '../../../lib/route-kit.ts';
import { requireMember } from '../../sessions/public.ts';
import { memberAnnualReport as memberReport, sendAnnualReport } from './answer.ts';

/** The annual report for the AGM, inside /api/admin (admins only). */
export const yearReportAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    '/years/:year/report',
    {
      schema: {
        tags: ['year'],
        operationId: 'year.report',
        summary: 'The annual report of a year for the AGM: PDF, HTML or JSON',
        description:
          "For an active admin, in the reader's language (English or Arabic for the committee): the income and expenditure statement and the balance sheet, each beside the year before; savings held and members joined and left; loans paid out, repaid, written off and recovered; PAR30 month by month; income by source and expenses by account, drawn as charts with their figures; the share-out decided. A year not closed is a draft, and every page says so. 404 for a year the books do not have.",
        ...secured,
        params: yearParams,
        querystring: yearReportQuery,
        produces: ['application/pdf', 'text/html', 'application/json'],
        response: {
          200: {
            description: 'The report as `format` asks.',
            content: {
              'application/pdf': { schema: z.string().meta({ format: 'binary' }) },
              'text/html': { schema: z.string() },
              'application/json': { schema: annualReport },
            },
          },
          ...refused,
          404: errorBody,
        },
      },
    },
    async (request, reply) =>
      sendAnnualReport(
        db,
        request.params.year,
        request.query.format,
        requestLanguage(request),
        reply,
      ),
  );
};

/** The members' short version of a closed year's report (/api). */
export const annualReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    '/annual-report',
    {
      onRequest: requireMember,
      schema: {
        tags: ['year'],
        operationId: 'year.memberReport',
        summary: "The association's year in short, for its members",
        description:
          'The closed years, and one of them in short (the last unless `year` names another): income and expenses, the surplus and what was shared out, savings, members, loans and the loans at risk. `report` is null while no year is closed; 404 for a year not closed.',
        ...secured,
        querystring: memberAnnualReportQuery,
        response: {
          200: memberAnnualReport,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
        },
      },
    },
    async (request) => memberReport(db, request.query.year, requestLanguage(request)),
  );
};
