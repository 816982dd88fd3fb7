// The member's own leaving (docs/domain/leaving.md): asking, withdrawing, the clearance letter.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@jamiya/contracts/common';
import { exitAnswer, exitRequest, myExit } from '@jamiya/contracts/exits';
import { requestLanguage } from '../../lib/language.ts';
import { refused, secured } from '../../lib/route-kit.ts';
import { installIdempotency } from '../../plugins/idempotency.ts';
import { currentUser, requireCurrentMember, requireMember } from '../sessions/public.ts';
import { pdfAnswer, sendLetter } from './clearance-letter.ts';
import { myExitAnswer, requestedExitView, withdrawnExitView } from './answers.ts';

/** A member's own leaving: GET and POST /api/my-exit, its withdrawal and clearance letter. */
export const exitRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  installIdempotency(app);

  app.get(
    '/my-exit',
    {
      onRequest: requireMember,
      schema: {
        tags: ['exits'],
        operationId: 'exits.getMine',
        summary: 'What leaving pays out today, and the member’s request to leave if any',
        description:
          'For a signed-in member: `settlement` is what the payout would be today (null once the membership has ended); `exit` the latest request; `clearance_letter_url` once paid out in full.',
        ...secured,
        response: { 200: myExit, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => myExitAnswer(db, currentUser(request).userId, requestLanguage(request)),
  );

  app.post(
    '/my-exit',
    {
      config: { idempotent: true },
      onRequest: requireCurrentMember,
      schema: {
        tags: ['exits'],
        operationId: 'exits.request',
        summary: 'Ask to leave the association: the day and where to pay out',
        description:
          'For a signed-in member: the committee then pays out the settlement (GET /api/my-exit). A day before today or over a year away is 422; a request already open, or an admin asking, is 409; a membership ended is 403.',
        ...secured,
        body: exitRequest,
        response: { 200: exitAnswer, ...refused, 409: errorBody, 422: errorBody },
      },
    },
    async (request) => {
      const { userId } = currentUser(request);
      const exit = await requestedExitView(
        db,
        userId,
        { leaveOn: request.body.leave_on, payTo: request.body.pay_to },
        new Date(),
        request.ip,
      );
      return {
        message:
          /*i18n*/ 'Your request to leave is sent. The committee pays out your savings and tells you.',
        exit,
      };
    },
  );

  app.post(
    '/my-exit/withdraw',
    {
      config: { idempotent: true },
      onRequest: requireMember,
      schema: {
        tags: ['exits'],
        operationId: 'exits.withdraw',
        summary: 'Take back a request to leave while it waits for the payout',
        description: 'For a signed-in member; 409 when no request waits.',
        ...secured,
        response: { 200: exitAnswer, ...refused, 409: errorBody },
      },
    },
    async (request) => {
      const exit = await withdrawnExitView(db, currentUser(request).userId, new Date(), request.ip);
      return { message: /*i18n*/ 'Your request to leave is withdrawn. You stay a member.', exit };
    },
  );

  app.get(
    '/my-exit/clearance-letter',
    {
      onRequest: requireMember,
      schema: {
        tags: ['exits'],
        operationId: 'exits.getClearanceLetter',
        summary: 'The clearance letter of a member who left, as a PDF in their language',
        description:
          'For a signed-in member whose leaving is paid out in full: what they saved, what was paid out and that nothing is owed. 409 before.',
        ...secured,
        produces: ['application/pdf'],
        response: { 200: pdfAnswer, 401: errorBody, 403: errorBody, 409: errorBody },
      },
    },
    async (request, reply) =>
      sendLetter(db, { memberId: currentUser(request).userId }, request, reply),
  );
};
