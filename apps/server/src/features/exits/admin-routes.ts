// The treasurer's side of leaving (docs/domain/leaving.md): the list, ending, paying out.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, idParams } from '@jamiya/contracts/common';
import {
  adminExitAnswer,
  adminExits as adminExitsSchema,
  endMembershipRequest,
  exitPayoutRequest,
} from '@jamiya/contracts/exits';
import { proposalProposedResponse } from '@jamiya/contracts/proposals';
import { requestLanguage } from '../../lib/language.ts';
import { refused, refusedDecision, secured } from '../../lib/route-kit.ts';
import { installIdempotency } from '../../plugins/idempotency.ts';
import { replyProposed } from '../proposals/public.ts';
import { actorOf } from '../sessions/public.ts';
import { pdfAnswer, sendLetter } from './clearance-letter.ts';
import { endedMembershipView, payoutAnswer } from './answers.ts';
import { adminExitList } from './views.ts';

// What the call says when it waits for a second admin (202).
const PAYOUT_PROPOSED =
  /*i18n*/ 'Proposed. A second admin must confirm before the member is paid out.';

/** The treasurer's side: the exits, ending a membership, paying out. Inside /api/admin. */
export const exitAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  installIdempotency(app);

  app.get(
    '/exits',
    {
      schema: {
        tags: ['exits'],
        operationId: 'exits.list',
        summary: 'Members leaving: the open requests with their settlement, then the latest ended',
        description:
          'For an active admin: requested and holding exits first (oldest first), each with what its next payout pays today and why it cannot yet; then the 50 latest closed or withdrawn.',
        ...secured,
        response: { 200: adminExitsSchema, ...refused },
      },
    },
    async (request) => ({
      items: await adminExitList(db, new Date(), requestLanguage(request)),
    }),
  );

  app.post(
    '/members/:id/exit',
    {
      config: { idempotent: true },
      schema: {
        tags: ['exits'],
        operationId: 'exits.endMembership',
        summary: 'End a membership: the leaving day, where to pay out, and why',
        description:
          'For an active admin, not on their own membership (403). The member is told. No such member is 404; a request already open or a membership ended is 409; a day in the past, over a year away or no reason is 422.',
        ...secured,
        params: idParams,
        body: endMembershipRequest,
        response: {
          200: adminExitAnswer,
          ...refusedDecision,
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const exit = await endedMembershipView(
        db,
        request.params.id,
        { leaveOn: request.body.leave_on, payTo: request.body.pay_to },
        new Date(),
        { actor, reason: request.body.reason },
        requestLanguage(request),
      );
      return {
        message: /*i18n*/ 'The membership ends; pay out the settlement on the leaving day.',
        exit,
      };
    },
  );

  app.post(
    '/exits/:id/payout',
    {
      config: { idempotent: true },
      schema: {
        tags: ['exits'],
        operationId: 'exits.payOut',
        summary:
          'Pay out a member who leaves: settle the loan and fines from savings, pay the rest',
        description:
          'For an active admin, not on their own leaving (403). `amount` is the payout as listed: one that moved since is 409. With two or more active admins the first call answers 202 (a proposal) and another admin repeats it to carry it out; the proposer never can (409). ' +
          'Refused (409) before the leaving day, while a receipt awaits review or a loan application is open, when what is owed is more than the free savings, and when cash in hand is less than the payout. ' +
          'The first payout ends the membership; savings held by the member’s guarantees are paid by a later call once released.',
        ...secured,
        params: idParams,
        body: exitPayoutRequest,
        response: {
          200: adminExitAnswer,
          202: proposalProposedResponse,
          ...refusedDecision,
        },
      },
    },
    async (request, reply) => {
      const answer = await payoutAnswer(
        db,
        request.params.id,
        request.body.amount,
        actorOf(request),
        new Date(),
        requestLanguage(request),
      );
      if ('proposed' in answer) return replyProposed(reply, db, answer, PAYOUT_PROPOSED);
      return {
        message:
          answer.done.state === 'closed'
            ? /*i18n*/ 'Paid out. The member has left and owes nothing; their clearance letter is ready.'
            : /*i18n*/ 'Paid out. What the member’s guarantees hold is paid once they are released.',
        exit: answer.exit,
      };
    },
  );

  app.get(
    '/exits/:id/clearance-letter',
    {
      schema: {
        tags: ['exits'],
        operationId: 'exits.getClearanceLetterOf',
        summary: 'The clearance letter of a member who left, as a PDF',
        description:
          'For an active admin: as the member downloads it; 409 before the exit is closed.',
        ...secured,
        params: idParams,
        produces: ['application/pdf'],
        response: { 200: pdfAnswer, ...refused, 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => sendLetter(db, { exitId: request.params.id }, request, reply),
  );
};
