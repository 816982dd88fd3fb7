import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { publicSettings } from '@jamiya/contracts/settings';
import { getSettings, toPublicSettings } from '../settings/settings.ts';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/settings',
    {
      schema: {
        tags: ['public'],
        summary: 'Association name, monthly due, loan policy and terms (public)',
        response: { 200: publicSettings },
      },
    },
    async () => toPublicSettings(await getSettings(db)),
  );

  app.get(
    '/health',
    {
      schema: {
        tags: ['public'],
        summary: 'Liveness and database check',
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
