import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminApplicationsQuery,
  applicationAcceptedResponse,
  applicationRejectedResponse,
  membershipApplication,
  type MembershipApplication,
} from '@jamiya/contracts/members';
import { reasonRequest } from '@jamiya/contracts/admin';
import { applicationsPage } from './applications.ts';
import { acceptAndInvite, rejectApplication, type Application } from './decide.ts';
import { errorBody, listOf } from '@jamiya/contracts/common';
import { translate } from '../../lib/i18n.ts';
import { requestLanguage } from '../../lib/language.ts';
import { parseCursor } from '../../lib/pagination.ts';
import { actorOf } from '../sessions/public.ts';
import { memberOpenedMessage, toAdminMember } from '../members/public.ts';
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
      const { items, next_cursor } = await applicationsPage(db, {
        ...request.query,
        cursor: parseCursor(request.query.cursor),
      });
      return { items: items.map(toView), next_cursor };
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
      const { application, user, mailed } = await acceptAndInvite(
        db,
        request.params.id,
        { actor, publicUrl, now },
        { mailer, log: app.log, sealKey: app.deps.sealKey },
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
