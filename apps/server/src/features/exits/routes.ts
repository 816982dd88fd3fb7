import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { errorBody, idParams } from '@jamiya/contracts/common';
import {
  adminExitAnswer,
  adminExits as adminExitsSchema,
  endMembershipRequest,
  exitAnswer,
  exitPayoutRequest,
  exitRequest,
  myExit,
} from '@jamiya/contracts/exits';
import { proposalProposedResponse } from '@jamiya/contracts/proposals';
import type { DbOrTx } from '../../db/client.ts';
import { exits, type Exit } from '../../db/schema/exits.ts';
import { users } from '../../db/schema/users.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { requestLanguage } from '../../lib/language.ts';
import { refused, secured } from '../../lib/route-kit.ts';
import { installIdempotency } from '../../plugins/idempotency.ts';
import { heldByGuarantor, recoveredFromGuarantorSince } from '../loans/public.ts';
import { proposedAnswer } from '../proposals/public.ts';
import { actorOf, currentUser, requireCurrentMember, requireMember } from '../sessions/public.ts';
import { getSettings } from '../settings/public.ts';
import { clearanceFileName, clearanceLetterPdf } from '../statement/public.ts';
import { latestExitOf, payOutExit, requestExit, withdrawExit } from './exits.ts';
import { settlementOf } from './settlement.ts';
import { toAdminExits, toExitView, toSettlementView } from './views.ts';

// Leaving the association (docs/domain/leaving.md): the member's calls and the treasurer's.

const pdfAnswer = {
  description: 'The clearance letter, a PDF in the reader’s language.',
  content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
};

const CLEARANCE_LETTER = '/api/my-exit/clearance-letter';

async function memberOf(db: DbOrTx, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound(/*i18n*/ 'There is no such member.');
  return user;
}

async function exitViewOf(db: DbOrTx, exit: Exit) {
  const user = await memberOf(db, exit.userId);
  const held = exit.state === 'holding' ? await heldByGuarantor(db, [exit.userId]) : null;
  return toExitView(exit, user.leftOn, held?.get(exit.userId) ?? 0);
}

/** The clearance letter of a closed exit, as a PDF answer in the reader's language. */
async function sendLetter(
  db: DbOrTx,
  exit: Exit | undefined,
  request: Parameters<typeof requestLanguage>[0],
  reply: FastifyReply,
) {
  if (!exit || exit.state !== 'closed')
    throw conflict(/*i18n*/ 'The clearance letter is ready once the payout is complete.');
  const user = await memberOf(db, exit.userId);
  const settings = await getSettings(db);
  const pdf = await clearanceLetterPdf({
    associationName: settings.associationName,
    member: { name: user.name, uniqueId: user.uniqueId },
    joinedOn: user.joinedOn,
    leftOn: user.leftOn ?? exit.leaveOn,
    savingsFils: exit.savingsFils ?? 0,
    shareOutFils: exit.shareOutFils ?? 0,
    loanRepaidFils: exit.loanRepaidFils ?? 0,
    finesPaidFils: exit.finesPaidFils ?? 0,
    guaranteesTakenFils: exit.settledAt
      ? await recoveredFromGuarantorSince(db, exit.userId, exit.settledAt)
      : 0,
    paidOutFils: exit.paidOutFils,
    payTo: exit.payTo,
    issuedAt: exit.closedAt ?? new Date(),
    language: requestLanguage(request),
  });
  return reply
    .header('Content-Disposition', `attachment; filename="${clearanceFileName(user.uniqueId)}"`)
    .header('Cache-Control', 'private, no-store')
    .type('application/pdf')
    .send(pdf);
}

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
    async (request) => {
      const { userId } = currentUser(request);
      const user = await memberOf(db, userId);
      const exit = await latestExitOf(db, userId);
      const now = new Date();
      return {
        exit: exit ? await exitViewOf(db, exit) : null,
        settlement: user.leftOn
          ? null
          : toSettlementView(await settlementOf(db, userId, now), requestLanguage(request)),
        clearance_letter_url: exit?.state === 'closed' ? CLEARANCE_LETTER : null,
      };
    },
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
      const exit = await requestExit(
        db,
        userId,
        { leaveOn: request.body.leave_on, payTo: request.body.pay_to },
        new Date(),
        null,
        request.ip,
      );
      return {
        message:
          /*i18n*/ 'Your request to leave is sent. The committee pays out your savings and tells you.',
        exit: await exitViewOf(db, exit),
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
      const exit = await withdrawExit(db, currentUser(request).userId, new Date(), request.ip);
      return {
        message: /*i18n*/ 'Your request to leave is withdrawn. You stay a member.',
        exit: await exitViewOf(db, exit),
      };
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
      sendLetter(db, await latestExitOf(db, currentUser(request).userId), request, reply),
  );
};

/** The treasurer's side: the exits, ending a membership, paying out. Inside /api/admin. */
export const exitAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  installIdempotency(app);

  async function adminExitOf(exit: Exit, language: ReturnType<typeof requestLanguage>) {
    const [view] = await toAdminExits(db, [exit], new Date(), language);
    return view!;
  }

  async function exitRow(id: number): Promise<Exit> {
    const [row] = await db.select().from(exits).where(eq(exits.id, id));
    if (!row) throw notFound(/*i18n*/ 'There is no such request to leave.');
    return row;
  }

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
    async (request) => {
      const rows = await db.select().from(exits);
      const open = rows
        .filter((r) => r.state === 'requested' || r.state === 'holding')
        .sort((a, b) => a.id - b.id);
      const ended = rows
        .filter((r) => r.state === 'closed' || r.state === 'withdrawn')
        .sort((a, b) => b.id - a.id)
        .slice(0, 50);
      return {
        items: await toAdminExits(db, [...open, ...ended], new Date(), requestLanguage(request)),
      };
    },
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
          ...refused,
          404: errorBody,
          409: errorBody,
          422: errorBody,
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const exit = await requestExit(
        db,
        request.params.id,
        { leaveOn: request.body.leave_on, payTo: request.body.pay_to },
        new Date(),
        { actor, reason: request.body.reason },
      );
      return {
        message: /*i18n*/ 'The membership ends; pay out the settlement on the leaving day.',
        exit: await adminExitOf(exit, requestLanguage(request)),
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
          ...refused,
          404: errorBody,
          409: errorBody,
          422: errorBody,
        },
      },
    },
    async (request, reply) => {
      const decision = await payOutExit(
        db,
        request.params.id,
        request.body.amount,
        actorOf(request),
        new Date(),
      );
      if ('proposed' in decision) {
        return reply
          .status(202)
          .send(
            await proposedAnswer(
              db,
              decision.proposed,
              /*i18n*/ 'Proposed. A second admin must confirm before the member is paid out.',
            ),
          );
      }
      return {
        message:
          decision.done.state === 'closed'
            ? /*i18n*/ 'Paid out. The member has left and owes nothing; their clearance letter is ready.'
            : /*i18n*/ 'Paid out. What the member’s guarantees hold is paid once they are released.',
        exit: await adminExitOf(decision.done, requestLanguage(request)),
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
    async (request, reply) => sendLetter(db, await exitRow(request.params.id), request, reply),
  );
};
