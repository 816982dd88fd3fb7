import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, messageBody } from '@jamiya/contracts/common';
import { joinRequest } from '@jamiya/contracts/membership';
import { requestLanguage } from '../../lib/language.ts';
import { submitApplication } from './join.ts';

export const APPLICATION_RECEIVED =
  /*i18n*/ 'Thank you. Your application was received; the committee will contact you.';

/** Join Now: anyone may apply to become a member (the treasurer's side: admin-routes.ts). */
export const membershipRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.post(
    '/applications',
    {
      schema: {
        tags: ['membership'],
        operationId: 'membership.apply',
        summary: 'Join Now: apply to become a member',
        description:
          'The same answer whether or not the email already belongs to a member or to a pending application. At most 5 applications per address and hour.',
        body: joinRequest,
        response: { 201: messageBody, 400: errorBody, 422: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      // The page's language (the web app sends it with every call): the invitation's, later.
      await submitApplication(db, request.body, {
        ip: request.ip,
        now: new Date(),
        language: requestLanguage(request),
      });
      return reply.status(201).send({ message: APPLICATION_RECEIVED });
    },
  );
};
