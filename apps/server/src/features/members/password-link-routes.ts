// The treasurer's one-time link to set a member's new password, never for an admin's account.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { handOverResponse, passwordLinkResponse } from '@jamiya/contracts/members';
import { errorBody } from '@jamiya/contracts/common';
import { proposalProposedResponse } from '@jamiya/contracts/proposals';
import { sentence, translate } from '../../lib/i18n.ts';
import { requestLanguage } from '../../lib/language.ts';
import { idParams, refused, secured } from '../../lib/route-kit.ts';
import { actorOf } from '../sessions/public.ts';
import { memberHandOver, memberPasswordLinkAnswer } from './password-link.ts';

/** A member's password link: proposed when two admins sign, issued, told to the member. */
export const memberPasswordLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, mailer, publicUrl, sealKey } = app.deps;
  const mailDeps = { db, mailer, log: app.log, sealKey };

  app.post(
    '/members/:id/password-reset',
    {
      schema: {
        tags: ['members'],
        operationId: 'members.issuePasswordLink',
        summary: "A one-time link to set a member's password; e-mailed when mail is set up",
        description:
          'For a member who never set a password (an invitation not used: imported, or opened by hand) the link is a fresh invitation that works for 7 days; otherwise a reset that works for 24 hours. ' +
          "Never for an admin's account (403): no admin obtains a way into another admin's account. " +
          'With two or more active admins the link is proposed (202) and issued when another admin makes the same call. ' +
          "Issuing it ends the member's sessions and tells the member who issued it. The answer holds the link only when it was not mailed; " +
          'then both admins find it again at `GET /api/admin/members/{id}/password-link` until it is used or expires.',
        ...secured,
        params: idParams,
        response: {
          200: passwordLinkResponse,
          202: proposalProposedResponse,
          ...refused,
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (request, reply) => {
      const language = requestLanguage(request);
      const answer = await memberPasswordLinkAnswer(
        mailDeps,
        request.params.id,
        { actor: actorOf(request), publicUrl, now: new Date() },
        language,
      );
      if (answer.proposed) return reply.status(202).send(answer.proposed);
      const { user, purpose, mailed } = answer;
      return {
        message: translate(
          language,
          mailed.emailed
            ? sentence(/*i18n*/ 'A link to set a new password was sent to {email}.', {
                email: user.email,
              })
            : purpose === 'invite'
              ? /*i18n*/ 'Give this invitation to the member; it works once, for 7 days.'
              : /*i18n*/ 'Give this link to the member; it works once, for 24 hours.',
        ),
        ...mailed,
      };
    },
  );

  app.get(
    '/members/:id/password-link',
    {
      schema: {
        tags: ['members'],
        operationId: 'members.getHandOver',
        summary: "The member's link to set a password that waits for the caller to hand over",
        description:
          'For the admin who issued, proposed or confirmed the link, until it is used, replaced or expires; null otherwise.',
        ...secured,
        params: idParams,
        response: { 200: handOverResponse, ...refused, 404: errorBody },
      },
    },
    async (request) => {
      const handover = await memberHandOver(db, sealKey, request.params.id, {
        adminId: actorOf(request).id,
        now: new Date(),
      });
      return { handover };
    },
  );
};
