import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminMember, adminMemberDetail, adminMembersQuery } from '@jamiya/contracts/members';
import { errorBody, listOf } from '@jamiya/contracts/common';
import { localDate } from '../../lib/calendar.ts';
import { parseCursor } from '../../lib/pagination.ts';
import { idParams, refused, secured } from '../../lib/route-kit.ts';
import { requestLanguage } from '../../lib/language.ts';
import { adminMemberList } from './admin-members.ts';
import { adminMemberPage, memberStatementCsv } from './member-detail.ts';

/** Members as the treasurer reads them: search, the detail with statement, the statement as CSV. */
export const memberAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/members',
    {
      schema: {
        tags: ['members'],
        operationId: 'members.list',
        summary: 'Members and admins, newest first; search by name, email, mobile or member ID',
        description:
          "For an active admin: `q` searches and `status` picks active or inactive; each row has the member's savings and loan balance.",
        ...secured,
        querystring: adminMembersQuery,
        response: { 200: listOf(adminMember), ...refused },
      },
    },
    async (request) => {
      const { q, status, limit } = request.query;
      return adminMemberList(db, {
        q,
        status,
        before: parseCursor(request.query.cursor),
        limit,
      });
    },
  );

  app.get(
    '/members/:id',
    {
      schema: {
        tags: ['members'],
        operationId: 'members.get',
        summary: 'One member: profile, balances, loans, submissions and statement',
        description:
          "For an active admin: the 50 newest submissions, every loan, and the statement in the reader's language.",
        ...secured,
        params: idParams,
        response: { 200: adminMemberDetail, ...refused, 404: errorBody },
      },
    },
    async (request) => adminMemberPage(db, request.params.id, requestLanguage(request)),
  );

  app.get(
    '/members/:id/statement.csv',
    {
      schema: {
        tags: ['members'],
        operationId: 'members.getStatementCsv',
        summary: "A member's statement as CSV (newest first, running balances)",
        description:
          "For an active admin: every movement of the member's savings and loans, as a file named after the member ID and today.",
        ...secured,
        params: idParams,
        produces: ['text/csv'],
        response: { 200: z.string(), ...refused, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { user, csv } = await memberStatementCsv(db, request.params.id);
      reply
        .type('text/csv; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="statement-${user.uniqueId}-${localDate(new Date())}.csv"`,
        );
      return csv;
    },
  );
};
