import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicSettings } from '@jamiya/contracts/settings';
import { healthAnswer, publicSettingsAnswer } from './answers.ts';

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
    async (request) => publicSettingsAnswer(app.deps, request),
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
    async () => healthAnswer(db),
  );

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
};
