// The treasurer's member accounts: opened with a one-time link, activated or deactivated.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import {
  createMemberRequest,
  memberCreatedResponse,
  memberStatusRequest,
  memberStatusResponse,
} from '@jamiya/contracts/members';
import { proposalProposedResponse } from '@jamiya/contracts/proposals';
import { users } from '../../db/schema/users.ts';
import { localDate } from '../../lib/calendar.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { sentence, translate } from '../../lib/i18n.ts';
import { requestLanguage } from '../../lib/language.ts';
import { idParams, refusedChange, refusedDecision, secured } from '../../lib/route-kit.ts';
import { actorOf, revokeOtherSessions } from '../sessions/public.ts';
import { audit } from '../audit/public.ts';
import type { User } from '../users/public.ts';
import { activeAdminCount, withSecondAdmin, type ProposalRow } from '../proposals/public.ts';
import { createInvitedMember, mailPasswordLink, memberOpenedMessage } from './invitations.ts';
import { adminMembers } from './admin-members.ts';
import { memberPasswordLinkRoutes } from './password-link-routes.ts';
import { proposedAccountAnswer } from './proposed-answer.ts';

/** A member's account: created with a one-time link, activated or deactivated, reset links. */
export const memberAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, mailer, publicUrl } = app.deps;
  const mailDeps = { db, mailer, log: app.log, sealKey: app.deps.sealKey };

  async function memberView(user: User) {
    const [view] = await adminMembers(db, [user]);
    return view!;
  }

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
      const { user, link } = await db.transaction(async (tx) => {
        const created = await createInvitedMember(
          tx,
          {
            name: body.name,
            email: body.email,
            mobile: body.mobile,
            address: body.address ?? null,
            nationalId: body.national_id ?? null,
            joinedOn: body.joined_on ?? localDate(now),
            language: body.language ?? 'en',
          },
          { actorId: actor.id, publicUrl, now },
        );
        await audit(tx, {
          actorId: actor.id,
          action: 'member.create',
          targetType: 'user',
          targetId: created.user.id,
          details: { email: created.user.email },
          ip: actor.ip,
          at: now,
        });
        return created;
      });
      const mailed = await mailPasswordLink(mailDeps, user.id, link, 'invite', {
        proposedBy: actor.id,
        confirmedBy: null,
      });
      reply.code(201);
      return {
        message: translate(requestLanguage(request), memberOpenedMessage(user, mailed.emailed)),
        member: await memberView(user),
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
      const actor = actorOf(request);
      const now = new Date();
      const wanted = request.body.status === 'active' ? 1 : 0;
      const reason = request.body.reason || null;
      const decision = await db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(users)
          .where(eq(users.id, request.params.id))
          .for('update');
        if (!current) throw notFound(/*i18n*/ 'There is no such member.');
        const change = async (open: ProposalRow | null) => {
          // Confirming another admin's proposal to make oneself inactive is a second signature.
          if (current.id === actor.id && wanted === 0 && open === null)
            throw conflict(/*i18n*/ 'You cannot deactivate your own account.');
          if (current.leftOn && wanted === 1)
            throw conflict(
              /*i18n*/ 'This member has left the association; their account stays read-only.',
            );
          if (current.status === wanted) {
            throw conflict(
              wanted === 1
                ? /*i18n*/ 'This member is already active.'
                : /*i18n*/ 'This member is already inactive.',
            );
          }
          // Someone must be able to act: the last active admin stays (the server's command line
          // can still change it).
          if (current.role === 'admin' && wanted === 0 && (await activeAdminCount(tx)) < 2)
            throw conflict(
              /*i18n*/ 'The association needs an active admin, so the last one stays active.',
            );
          const [updated] = await tx
            .update(users)
            .set({ status: wanted, updatedAt: now })
            .where(and(eq(users.id, current.id), eq(users.status, current.status)))
            .returning();
          if (wanted === 0) await revokeOtherSessions(tx, current.id, null, now);
          await audit(tx, {
            actorId: actor.id,
            action: wanted === 1 ? 'member.activate' : 'member.deactivate',
            targetType: 'user',
            targetId: current.id,
            reason: open?.reason ?? reason,
            ip: actor.ip,
            at: now,
          });
          return updated!;
        };
        // A member signs nothing: one admin decides. An admin's status is who can sign.
        if (current.role !== 'admin') return { done: await change(null), proposal: null };
        return withSecondAdmin(
          tx,
          {
            action: wanted === 1 ? 'member.activate' : 'member.deactivate',
            loanId: null,
            memberId: current.id,
            amountFils: null,
            reason,
          },
          actor,
          now,
          change,
        );
      });
      const language = requestLanguage(request);
      if ('proposed' in decision)
        return reply.status(202).send(await proposedAccountAnswer(db, decision, language));
      const user = decision.done;
      return {
        message: translate(
          language,
          wanted === 1
            ? sentence(/*i18n*/ '{name} is active again.', { name: user.name })
            : sentence(/*i18n*/ '{name} is inactive now.', { name: user.name }),
        ),
        member: await memberView(user),
      };
    },
  );

  await app.register(memberPasswordLinkRoutes);
};
