import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { publicSettings } from '@jamiya/contracts/settings';
import { isLanguage, type Language } from '@jamiya/contracts/languages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestLanguage } from '../../lib/language.ts';
import { bearerToken, findSession } from '../sessions/public.ts';
import { getSettings, toPublicSettings } from '../settings/public.ts';

/**
 * The language a public answer is read in: the request's (the web app's choice, the browser's
 * Accept-Language), else the signed-in member's profile, else English.
 */
async function readerLanguage(app: FastifyInstance, request: FastifyRequest): Promise<Language> {
  if (request.headers['accept-language'] || /(^|;\s*)lang=/.test(request.headers.cookie ?? ''))
    return requestLanguage(request);
  const token = bearerToken(request);
  const session = token
    ? await findSession(app.deps.db, token, app.deps.sessionPolicy, new Date())
    : null;
  const language = session?.user.language;
  return isLanguage(language) ? language : 'en';
}

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/settings',
    {
      schema: {
        tags: ['system'],
        operationId: 'system.getPublicSettings',
        summary: 'Association name, monthly due, loan policy and terms (public)',
        description:
          "The payment instructions and the loan terms come in the reader's language (Accept-Language, then the signed-in member's profile) where the treasurer wrote them in it, else in English; `texts_in` says which.",
        response: { 200: publicSettings },
      },
    },
    async (request) => toPublicSettings(await getSettings(db), await readerLanguage(app, request)),
  );

  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        operationId: 'system.checkHealth',
        summary: 'Liveness and database check',
        description:
          "For anyone, without signing in: 200 when the server runs and its database answers a query, for a load balancer's or a monitor's check.",
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => {
      await db.execute(sql`select 1`);
      return { status: 'ok' as const };
    },
  );

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
};
