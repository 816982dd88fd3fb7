import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@jamiya/contracts/common';
import { importInvitationsResponse } from '@jamiya/contracts/imports';
import { idParams, refused, secured } from '../../lib/route-kit.ts';
import { actorOf } from '../sessions/public.ts';
import { importInvitationsFor } from './invitations.ts';

/** An import's invitations again, for the two admins who brought it in (issue 50). */
export const importInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, sealKey } = app.deps;

  app.get(
    '/imports/:id/invitations',
    {
      schema: {
        tags: ['imports'],
        operationId: 'imports.invitations',
        summary: "An applied import's invitations still to hand over",
        description:
          'For the admin who sent or confirmed the import, when no mail carried its invitations: each link not used yet (7 days), ' +
          "with the message to send in the member's language. Other admins get an empty list.",
        ...secured,
        params: idParams,
        response: { 200: importInvitationsResponse, ...refused, 404: errorBody },
      },
    },
    async (request) => ({
      invitations: await importInvitationsFor(db, sealKey, {
        importId: request.params.id,
        adminId: actorOf(request).id,
        now: new Date(),
      }),
    }),
  );
};
