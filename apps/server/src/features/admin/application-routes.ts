import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, desc, eq, lt } from 'drizzle-orm';
import {
  adminApplicationsQuery,
  applicationAcceptedResponse,
  applicationRejectedResponse,
  membershipApplication,
  reasonRequest,
  type MembershipApplication,
} from '@jamiya/contracts/admin';
import { errorBody, listOf } from '@jamiya/contracts/common';
import type { Tx } from '../../db/client.ts';
import { membershipApplications } from '../../db/schema/users.ts';
import { localDate } from '../../lib/calendar.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { page, parseCursor } from '../../lib/pagination.ts';
import { audit } from '../audit/audit.ts';
import { issuePasswordLink, sendPasswordLinkMail } from '../auth/password-links.ts';
import { requireReason } from '../loans/lifecycle.ts';
import { createUser } from '../members/create-user.ts';
import { actorOf, idParams, refused, secured } from '../../lib/route-kit.ts';
import { toAdminMember } from './members.ts';
import { randomBytes } from 'node:crypto';

type Application = typeof membershipApplications.$inferSelect;

function toView(a: Application): MembershipApplication {
  return {
    id: a.id,
    name: a.name,
    email: a.email,
    mobile: a.mobile,
    national_id: a.nationalId,
    address: a.address,
    status: a.status,
    reason: a.reason,
    created_at: a.createdAt.toISOString(),
    decided_at: a.decidedAt?.toISOString() ?? null,
    member_id: a.memberId,
  };
}

/** Locks a pending application for a decision; any other state is a conflict. */
async function pendingApplication(tx: Tx, id: number): Promise<Application> {
  const [row] = await tx
    .select()
    .from(membershipApplications)
    .where(eq(membershipApplications.id, id))
    .for('update');
  if (!row) throw notFound('There is no such application.');
  if (row.status !== 'pending') throw conflict(`This application was already ${row.status}.`);
  return row;
}

/** Membership applications from Join Now (docs/product.md section 6). */
export const applicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, mailer, publicUrl } = app.deps;

  app.get(
    '/applications',
    {
      schema: {
        tags: ['admin'],
        summary: 'Membership applications by status, newest first',
        ...secured,
        querystring: adminApplicationsQuery,
        response: { 200: listOf(membershipApplication), ...refused },
      },
    },
    async (request) => {
      const { status, limit } = request.query;
      const cursor = parseCursor(request.query.cursor);
      const rows = await db
        .select()
        .from(membershipApplications)
        .where(
          and(
            eq(membershipApplications.status, status),
            cursor === null ? undefined : lt(membershipApplications.id, cursor),
          ),
        )
        .orderBy(desc(membershipApplications.id))
        .limit(limit + 1);
      const { items, nextCursor } = page(rows, limit);
      return { items: items.map(toView), next_cursor: nextCursor };
    },
  );

  app.post(
    '/applications/:id/accept',
    {
      schema: {
        tags: ['admin'],
        summary: 'Accept: creates the member and a one-time link to set a password (e-mailed)',
        ...secured,
        params: idParams,
        response: {
          200: applicationAcceptedResponse,
          ...refused,
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const now = new Date();
      const { application, user, link } = await db.transaction(async (tx) => {
        const pending = await pendingApplication(tx, request.params.id);
        const created = await createUser(tx, {
          name: pending.name,
          email: pending.email,
          password: randomBytes(32).toString('base64url'),
          mobile: pending.mobile,
          address: pending.address,
          nationalId: pending.nationalId,
          joinedOn: localDate(now),
        });
        const [accepted] = await tx
          .update(membershipApplications)
          .set({ status: 'accepted', decidedBy: actor.id, decidedAt: now, memberId: created.id })
          .where(eq(membershipApplications.id, pending.id))
          .returning();
        const issued = await issuePasswordLink(tx, {
          userId: created.id,
          purpose: 'invite',
          createdBy: actor.id,
          publicUrl,
          now,
        });
        await audit(tx, {
          actorId: actor.id,
          action: 'application.accept',
          targetType: 'membership_application',
          targetId: pending.id,
          details: { memberId: created.id },
          ip: actor.ip,
          at: now,
        });
        return { application: accepted!, user: created, link: issued };
      });
      const emailed = await sendPasswordLinkMail(
        { db, mailer, log: app.log },
        { userId: user.id, purpose: 'invite', ...link },
      );
      return {
        message: emailed
          ? `${user.name} is a member now; a link to set a password was sent to ${user.email}.`
          : `${user.name} is a member now. Give them the link to set a password.`,
        application: toView(application),
        member: toAdminMember(user, { savingsFils: 0, loanFils: 0 }),
        // Only when no mail server is set up: the admin never holds a live link otherwise.
        set_password_link: emailed
          ? null
          : { url: link.url, expires_at: link.expiresAt.toISOString() },
        emailed,
      };
    },
  );

  app.post(
    '/applications/:id/reject',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reject an application with a reason',
        ...secured,
        params: idParams,
        body: reasonRequest,
        response: {
          200: applicationRejectedResponse,
          ...refused,
          404: errorBody,
          409: errorBody,
          422: errorBody,
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const now = new Date();
      const reason = requireReason(request.body.reason);
      const rejected = await db.transaction(async (tx) => {
        const pending = await pendingApplication(tx, request.params.id);
        const [row] = await tx
          .update(membershipApplications)
          .set({ status: 'rejected', reason, decidedBy: actor.id, decidedAt: now })
          .where(eq(membershipApplications.id, pending.id))
          .returning();
        await audit(tx, {
          actorId: actor.id,
          action: 'application.reject',
          targetType: 'membership_application',
          targetId: pending.id,
          reason,
          ip: actor.ip,
          at: now,
        });
        return row!;
      });
      return { message: 'The application was rejected.', application: toView(rejected) };
    },
  );
};
