// The treasurer's member accounts: opened with a one-time link, activated or deactivated.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createMemberRequest,
  memberCreatedResponse,
  memberStatusRequest,
  memberStatusResponse,
} from '@jamiya/contracts/members';
import { proposalProposedResponse } from '@jamiya/contracts/proposals';
import { localDate } from '../../lib/calendar.ts';
import { sentence, translate } from '../../lib/i18n.ts';
import { requestLanguage } from '../../lib/language.ts';
import { idParams, refusedChange, refusedDecision, secured } from '../../lib/route-kit.ts';
import { actorOf } from '../sessions/public.ts';
import { memberOpenedMessage, openedMemberAnswer } from './invitations.ts';
import { memberStatusAnswer } from './member-status.ts';
import { memberPasswordLinkRoutes } from './password-link-routes.ts';

/** A member's account: created with a one-time link, activated or deactivated, reset links. */
export const memberAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, mailer, publicUrl } = app.deps;
  const mailDeps = { db, mailer, log: app.log, sealKey: app.deps.sealKey };

  app.post(
    '/members',
    {
      schema: {
        tags: ['members'],
        operationId: 'members.create',
        summary: 'Create a member; answers a one-time link to set a password (also e-mailed)',
        description:
          'For an active admin: the member gets an invitation in the language given (English otherwise); the answer holds the link only when it was not mailed.',
        ...secured,
        body: createMemberRequest,
        response: {
          201: memberCreatedResponse,
          ...refusedChange,
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const now = new Date();
      const body = request.body;
      const { user, mailed, member } = await openedMemberAnswer(
        mailDeps,
        {
          name: body.name,
          email: body.email,
          mobile: body.mobile,
          address: body.address ?? null,
          nationalId: body.national_id ?? null,
          joinedOn: body.joined_on ?? localDate(now),
          language: body.language ?? 'en',
        },
        { actor, publicUrl, now },
      );
      reply.code(201);
      return {
        message: translate(requestLanguage(request), memberOpenedMessage(user, mailed.emailed)),
        member,
        ...mailed,
      };
    },
  );

  app.post(
    '/members/:id/status',
    {
      config: { idempotent: true },
      schema: {
        tags: ['members'],
        operationId: 'members.setStatus',
        summary:
          'Activate or deactivate a member; deactivating ends their sessions (they may sign in again and read, not borrow)',
        description:
          "An admin's status decides who can sign: with two or more active admins, changing it is proposed (202) and " +
          'carried out when another admin, the admin concerned included, makes the same call (docs/domain/maker-checker.md).',
        ...secured,
        params: idParams,
        body: memberStatusRequest,
        response: {
          200: memberStatusResponse,
          202: proposalProposedResponse,
          ...refusedDecision,
        },
      },
    },
    async (request, reply) => {
      const active = request.body.status === 'active';
      const language = requestLanguage(request);
      const answer = await memberStatusAnswer(
        db,
        request.params.id,
        { active, reason: request.body.reason || null },
        actorOf(request),
        new Date(),
        language,
      );
      if (answer.proposed) return reply.status(202).send(answer.proposed);
      const { user, member } = answer;
      return {
        message: translate(
          language,
          active
            ? sentence(/*i18n*/ '{name} is active again.', { name: user.name })
            : sentence(/*i18n*/ '{name} is inactive now.', { name: user.name }),
        ),
        member,
      };
    },
  );

  await app.register(memberPasswordLinkRoutes);
};
