import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { errorBody } from '@jamiya/contracts/common';
import { statement, statementQuery } from '@jamiya/contracts/statement';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { notFound } from '../../lib/errors.ts';
import { requestLanguage } from '../../lib/language.ts';
import { currentUser, requireMember } from '../sessions/public.ts';
import { getSettings } from '../settings/public.ts';
import { idParams, refused, secured } from '../../lib/route-kit.ts';
import { statementForPeriod } from './statement-query.ts';
import { statementPdfInPool } from './pdf-pool.ts';
import { statementCsv, statementFileName, toStatementView } from './statement-view.ts';

type StatementQuery = z.output<typeof statementQuery>;

/** The 200 answer in each format the `format` parameter asks for. */
const statementAnswer = {
  description: 'The statement as JSON, CSV or PDF (as `format` asks).',
  content: {
    'application/json': { schema: statement },
    'text/csv': { schema: z.string() },
    'application/pdf': { schema: z.string().meta({ format: 'binary' }) },
  },
};

const formats = {
  produces: ['application/json', 'text/csv', 'application/pdf'],
  querystring: statementQuery,
};

async function sendStatement(
  db: DbOrTx,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  query: StatementQuery,
) {
  const [user] = await db
    .select({ name: users.name, uniqueId: users.uniqueId })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound(/*i18n*/ 'There is no such member.');
  const now = new Date();
  const kind = query.kind || null;
  const period = await statementForPeriod(
    db,
    userId,
    { from: query.from || undefined, to: query.to || undefined, kind: kind ?? undefined },
    now,
  );
  const settings = await getSettings(db);
  const subject = {
    associationName: settings.associationName,
    charge: settings.loanCharge,
    member: user,
    kind,
    period,
  };
  const language = requestLanguage(request);
  if (query.format === 'json') return toStatementView(subject, language);
  const fileName = statementFileName(user.uniqueId, period, query.format);
  reply
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'private, no-store');
  // With a byte order mark, Excel reads the file as UTF-8 (Arabic headers, typed names).
  if (query.format === 'csv')
    return reply
      .type('text/csv; charset=utf-8')
      .send(`\ufeff${statementCsv(period.lines, { language, charge: subject.charge })}`);
  const pdf = await statementPdfInPool({ ...subject, issuedAt: now, language });
  return reply.type('application/pdf').send(pdf);
}

/** The member's own statement (issue 5): GET /api/my-statement. */
export const statementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    '/my-statement',
    {
      onRequest: requireMember,
      schema: {
        tags: ['statement'],
        operationId: 'statement.getMine',
        summary:
          "The signed-in member's statement: movements newest first with running balances, opening and closing balances; JSON, CSV or PDF",
        description:
          "For a signed-in member (an admin without membership is refused, 403): `from`, `to` and `kind` narrow it; `format` asks for JSON, CSV or PDF, in the reader's language.",
        ...secured,
        ...formats,
        response: { 200: statementAnswer, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    (request, reply) =>
      sendStatement(db, request, reply, currentUser(request).userId, request.query),
  );
};

/** Any member's statement for the treasurer; inside /api/admin, which requires an admin. */
export const statementAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    '/members/:id/statement',
    {
      schema: {
        tags: ['statement'],
        operationId: 'statement.get',
        summary: "A member's statement in JSON, CSV or PDF, with the member's filters",
        description:
          'For an active admin: what GET /api/my-statement answers a member, for any member (404 for no such member).',
        ...secured,
        params: idParams,
        ...formats,
        response: { 200: statementAnswer, ...refused, 404: errorBody },
      },
    },
    (request, reply) => sendStatement(db, request, reply, request.params.id, request.query),
  );
};
