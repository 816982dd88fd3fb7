import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { filsToAed } from '@jamiya/money/fils';
import { adminMember, adminMemberDetail, adminMembersQuery } from '@jamiya/contracts/members';
import { errorBody, listOf } from '@jamiya/contracts/common';
import { localDate } from '../../lib/calendar.ts';
import { page, parseCursor } from '../../lib/pagination.ts';
import { idParams, refused, secured } from '../../lib/route-kit.ts';
import { accountSummary, paymentsOfMember, toAdminPayments } from '../payments/public.ts';
import { memberStatement, toStatementLine, statementCsv } from '../statement/public.ts';
import { loansOfMember, toAdminLoanView } from '../loans/public.ts';
import { toMemberRef } from '../users/public.ts';
import { getSettings } from '../settings/public.ts';
import { requestLanguage } from '../../lib/language.ts';
import { adminMembers, loadUser, searchMembers, toAdminMember } from './admin-members.ts';

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
      const rows = await searchMembers(db, {
        q,
        status,
        before: parseCursor(request.query.cursor),
        limit: limit + 1,
      });
      const { items, nextCursor } = page(rows, limit);
      return { items: await adminMembers(db, items), next_cursor: nextCursor };
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
    async (request) => {
      const language = requestLanguage(request);
      const { loanCharge } = await getSettings(db);
      const user = await loadUser(db, request.params.id);
      const now = new Date();
      const summary = await accountSummary(db, user.id, now);
      const memberRef = toMemberRef(user);
      const loanRows = await loansOfMember(db, user.id);
      const paymentRows = await paymentsOfMember(db, user.id, 50);
      return {
        member: toAdminMember(user, {
          savingsFils: summary.savingsFils,
          loanFils: summary.loanBalanceFils,
        }),
        due_balance: filsToAed(summary.dueBalanceFils),
        unpaid_months: summary.rows.filter((r) => r.status === 'due' || r.status === 'pay_now')
          .length,
        loans: await Promise.all(loanRows.map((l) => toAdminLoanView(db, l, memberRef, now))),
        payments: await toAdminPayments(db, paymentRows),
        statement: (await memberStatement(db, user.id)).map((row) =>
          toStatementLine(row, language, loanCharge),
        ),
      };
    },
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
      const user = await loadUser(db, request.params.id);
      const lines = await memberStatement(db, user.id);
      const csv = statementCsv(lines, { charge: (await getSettings(db)).loanCharge });
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
