import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@jamiya/contracts/common';
import { statement, statementQuery } from '@jamiya/contracts/statement';
import { currentUser, requireMember } from '../sessions/public.ts';
import { idParams, refused, secured } from '../../lib/route-kit.ts';
import { sendStatement } from './send-statement.ts';

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
