import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, desc, eq, lt } from 'drizzle-orm';
import {
  adminApplicationsQuery,
  applicationAcceptedResponse,
  applicationRejectedResponse,
  membershipApplication,
  type MembershipApplication,
} from '@jamiya/contracts/members';
import { reasonRequest } from '@jamiya/contracts/admin';
import { acceptApplication, rejectApplication, type Application } from './decide.ts';
import { errorBody, listOf } from '@jamiya/contracts/common';
import { membershipApplications } from '../../db/schema/membership.ts';
import { translate } from '../../lib/i18n.ts';
import { requestLanguage } from '../../lib/language.ts';
import { page, parseCursor } from '../../lib/pagination.ts';
import { actorOf } from '../sessions/public.ts';
import { mailPasswordLink, memberOpenedMessage, toAdminMember } from '../members/public.ts';
import { requireReason } from '../../lib/reason.ts';
import { idParams, refused, refusedDecision, secured } from '../../lib/route-kit.ts';

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
    language: a.language,
  };
}

/** Membership applications from Join Now (docs/product.md section 6). */
export const membershipAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, mailer, publicUrl } = app.deps;

  app.get(
    '/applications',
    {
      schema: {
        tags: ['membership'],
        operationId: 'membership.listApplications',
        summary: 'Membership applications by status, newest first',
        description:
          'For an active admin: the applications sent from Join Now, by `status` (pending, the default, accepted or rejected).',
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
        tags: ['membership'],
        operationId: 'membership.acceptApplication',
        summary: 'Accept: creates the member and a one-time link to set a password (e-mailed)',
        description:
          "For an active admin, on a pending application (409 otherwise): the member is made from what the applicant wrote, in the applicant's language; the answer holds the link only when it was not mailed.",
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
      const { application, user, link } = await acceptApplication(db, request.params.id, {
        actor,
        publicUrl,
        now,
      });
      const mailed = await mailPasswordLink(
        { db, mailer, log: app.log, sealKey: app.deps.sealKey },
        user.id,
        link,
        'invite',
        { proposedBy: actor.id, confirmedBy: null },
      );
      return {
        message: translate(requestLanguage(request), memberOpenedMessage(user, mailed.emailed)),
        application: toView(application),
        member: toAdminMember(user, { savingsFils: 0, loanFils: 0 }),
        ...mailed,
      };
    },
  );

  app.post(
    '/applications/:id/reject',
    {
      schema: {
        tags: ['membership'],
        operationId: 'membership.rejectApplication',
        summary: 'Reject an application with a reason',
        description:
          'For an active admin, on a pending application (409 otherwise); the reason is kept with the application.',
        ...secured,
        params: idParams,
        body: reasonRequest,
        response: { 200: applicationRejectedResponse, ...refusedDecision },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const now = new Date();
      const reason = requireReason(request.body.reason);
      const rejected = await rejectApplication(db, request.params.id, reason, { actor, now });
      return { message: /*i18n*/ 'The application was rejected.', application: toView(rejected) };
    },
  );
};
