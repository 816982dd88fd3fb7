import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import {
  createMemberRequest,
  memberCreatedResponse,
  memberStatusRequest,
  memberStatusResponse,
  passwordLinkResponse,
} from '@jamiya/contracts/members';
import { errorBody } from '@jamiya/contracts/common';
import { users } from '../../db/schema/users.ts';
import { localDate } from '../../lib/calendar.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { sentence, translate } from '../../lib/i18n.ts';
import { requestLanguage } from '../../lib/language.ts';
import { actorOf, idParams, refused, refusedDecision, secured } from '../../lib/route-kit.ts';
import { audit } from '../audit/audit.ts';
import { issuePasswordLink } from '../auth/password-links.ts';
import { revokeOtherSessions } from '../auth/sessions.ts';
import type { User } from '../members/user-data.ts';
import { passwordLinkNotice } from '../notifications/texts.ts';
import { notify } from '../notifications/notify.ts';
import { createInvitedMember, mailPasswordLink, memberOpenedMessage } from './invitations.ts';
import { adminMembers, loadUser } from './members.ts';

/** A member's account: created with a one-time link, activated or deactivated, reset links. */
export const memberAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, mailer, publicUrl } = app.deps;
  const mailDeps = { db, mailer, log: app.log };

  async function memberView(user: User) {
    const [view] = await adminMembers(db, [user]);
    return view!;
  }

  app.post(
    '/members',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a member; answers a one-time link to set a password (also e-mailed)',
        ...secured,
        body: createMemberRequest,
        response: {
          201: memberCreatedResponse,
          ...refused,
          409: errorBody,
          422: errorBody,
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
      const mailed = await mailPasswordLink(mailDeps, user.id, link, 'invite');
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
      schema: {
        tags: ['admin'],
        summary:
          'Activate or deactivate a member; deactivating ends their sessions (they may sign in again and read, not borrow)',
        ...secured,
        params: idParams,
        body: memberStatusRequest,
        response: { 200: memberStatusResponse, ...refusedDecision },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const now = new Date();
      const wanted = request.body.status === 'active' ? 1 : 0;
      if (request.params.id === actor.id && wanted === 0)
        throw conflict('You cannot deactivate your own account.');
      const user = await db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(users)
          .where(eq(users.id, request.params.id))
          .for('update');
        if (!current) throw notFound('There is no such member.');
        if (current.status === wanted) {
          throw conflict(
            wanted === 1 ? 'This member is already active.' : 'This member is already inactive.',
          );
        }
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
          reason: request.body.reason || null,
          ip: actor.ip,
          at: now,
        });
        return updated!;
      });
      return {
        message: translate(
          requestLanguage(request),
          wanted === 1
            ? sentence('{name} is active again.', { name: user.name })
            : sentence('{name} is inactive now.', { name: user.name }),
        ),
        member: await memberView(user),
      };
    },
  );

  app.post(
    '/members/:id/password-reset',
    {
      schema: {
        tags: ['admin'],
        summary: 'A one-time link (24 h) to set a new password; e-mailed when mail is set up',
        ...secured,
        params: idParams,
        response: { 200: passwordLinkResponse, ...refused, 404: errorBody },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const now = new Date();
      const user = await loadUser(db, request.params.id);
      const link = await db.transaction(async (tx) => {
        const issued = await issuePasswordLink(tx, {
          userId: user.id,
          purpose: 'reset',
          createdBy: actor.id,
          publicUrl,
          now,
        });
        await audit(tx, {
          actorId: actor.id,
          action: 'user.password_link_issued',
          targetType: 'user',
          targetId: user.id,
          details: { purpose: 'reset', via: 'admin' },
          ip: actor.ip,
          at: now,
        });
        // The owner hears of it (and by mail, from the notifications job), asked for or not.
        await notify(tx, { ...passwordLinkNotice(user.id, now), at: now });
        return issued;
      });
      const mailed = await mailPasswordLink(mailDeps, user.id, link, 'reset');
      return {
        message: translate(
          requestLanguage(request),
          mailed.emailed
            ? sentence('A link to set a new password was sent to {email}.', { email: user.email })
            : 'Give this link to the member; it works once, for 24 hours.',
        ),
        ...mailed,
      };
    },
  );
};
