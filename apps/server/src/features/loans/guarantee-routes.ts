import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, idParams, optionalText } from '@jamiya/contracts/common';
import {
  findableMembers,
  findableRequest,
  guaranteeAnswerResponse,
  myGuarantees,
} from '@jamiya/contracts/guarantees';
import { secured } from '../../lib/route-kit.ts';
import { installIdempotency } from '../../plugins/idempotency.ts';
import { currentUser, requireCurrentMember, requireMember } from '../sessions/public.ts';
import { answeredGuaranteeView } from './guarantee-answers.ts';
import { ownGuarantees } from './guarantee-views.ts';
import { findableGuarantors, setFindable } from './guarantors.ts';

// A member's guarantees as their guarantor reads them, the answers, and the list of members
// who may be asked.

export const guaranteeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  installIdempotency(app);

  app.get(
    '/guarantees',
    {
      onRequest: requireMember,
      schema: {
        tags: ['loans'],
        operationId: 'loans.myGuarantees',
        summary: "The signed-in member's guarantees of other members' loans, newest first",
        description:
          "Each with what it holds of the member's savings now, and the loan's state and arrears (nothing more of the borrower's account); `findable` says whether others may find the member in the list of guarantors.",
        ...secured,
        response: { 200: myGuarantees, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => ownGuarantees(db, currentUser(request).userId, new Date()),
  );

  for (const answer of ['accept', 'decline'] as const) {
    app.post(
      `/guarantees/:id/${answer}`,
      {
        config: { idempotent: true },
        onRequest: requireCurrentMember,
        schema: {
          tags: ['loans'],
          operationId: answer === 'accept' ? 'loans.acceptGuarantee' : 'loans.declineGuarantee',
          summary:
            answer === 'accept'
              ? 'Stand guarantor: hold the amount of my savings for the loan'
              : 'Decline to stand guarantor',
          description:
            answer === 'accept'
              ? 'Only the guarantor asked (404 for anyone else), while the loan is pending and the request unanswered (409), within their free savings (422); an inactive member is refused (403).'
              : 'Only the guarantor asked (404 for anyone else), while the loan is pending and the request unanswered (409).',
          ...secured,
          params: idParams,
          response: {
            200: guaranteeAnswerResponse,
            400: errorBody,
            401: errorBody,
            403: errorBody,
            404: errorBody,
            409: errorBody,
            422: errorBody,
          },
        },
      },
      async (request) => {
        const now = new Date();
        const view = await answeredGuaranteeView(
          db,
          request.params.id,
          { id: currentUser(request).userId, role: 'member', ip: request.ip },
          answer === 'accept' ? 'accepted' : 'declined',
          now,
        );
        return {
          message:
            answer === 'accept'
              ? /*i18n*/ 'You now stand guarantor for this loan. That part of your savings is held until it is repaid.'
              : /*i18n*/ 'You declined. The member has been told.',
          guarantee: view,
        };
      },
    );
  }

  app.put(
    '/guarantees/findable',
    {
      onRequest: requireCurrentMember,
      schema: {
        tags: ['loans'],
        operationId: 'loans.setFindable',
        summary: 'Whether other members may find me in the list of guarantors',
        description:
          'Off unless the member turns it on: only then do others see their name and member ID in GET /api/guarantors.',
        ...secured,
        body: findableRequest,
        response: {
          200: z.object({ message: z.string(), findable: z.boolean() }),
          400: errorBody,
          401: errorBody,
          403: errorBody,
          422: errorBody,
        },
      },
    },
    async (request) => {
      const me = currentUser(request);
      await setFindable(db, me.userId, request.body.findable);
      return {
        message: request.body.findable
          ? /*i18n*/ 'Members can now find you in the list of guarantors.'
          : /*i18n*/ 'Members can no longer find you in the list of guarantors.',
        findable: request.body.findable,
      };
    },
  );

  app.get(
    '/guarantors',
    {
      onRequest: requireMember,
      schema: {
        tags: ['loans'],
        operationId: 'loans.findableGuarantors',
        summary: 'Members who agreed to be found, to ask as guarantors',
        description:
          'Active members who chose to be findable, other than the caller, by name; `q` narrows them by name or member ID. Their names and member IDs only.',
        ...secured,
        querystring: z.object({
          q: optionalText(60, {
            tooLong: /*i18n*/ 'The search must be at most 60 characters.',
            notAllowed: /*i18n*/ 'The search contains characters that are not allowed.',
          }).optional(),
        }),
        response: { 200: findableMembers, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => ({
      items: await findableGuarantors(db, currentUser(request).userId, request.query.q),
    }),
  );
};
