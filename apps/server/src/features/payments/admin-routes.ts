import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPayment,
  adminPaymentsQuery,
  approvePaymentRequest,
  fineWaived,
  memberFines,
  memberPeriodParams,
  type MemberFine,
} from '@jamiya/contracts/payments';
import { proposalProposedResponse } from '@jamiya/contracts/proposals';
import { filsToAed } from '@jamiya/money/fils';
import type { DuesMonth } from '../../db/schema/payments.ts';
import { periodLabel } from '../../lib/calendar.ts';
import { replyProposed } from '../proposals/public.ts';
import { finesOfMember, waiveFine } from './fines.ts';
import { reasonRequest } from '@jamiya/contracts/admin';
import { errorBody, listOf } from '@jamiya/contracts/common';
import { parseCursor } from '../../lib/pagination.ts';
import { approvedPaymentView, rejectedPaymentView } from './review.ts';
import { idParams, refused, refusedDecision, secured } from '../../lib/route-kit.ts';
import { actorOf } from '../sessions/public.ts';
import { adminPaymentOf, adminPaymentsPage } from './admin-views.ts';

// What the call says when it waits for a second admin (202).
const WAIVER_PROPOSED = /*i18n*/ 'Proposed. A second admin must confirm before the fine is waived.';

function toMemberFine(m: DuesMonth): MemberFine {
  return {
    period: m.period,
    month: periodLabel(m.period),
    fine: filsToAed(m.fineFils),
    fined_at: m.finedAt!.toISOString(),
    waived: filsToAed(m.waivedFils),
    waived_at: m.waivedAt?.toISOString() ?? null,
    waive_reason: m.waiveReason,
    salary_late_on: m.salaryLateOn,
  };
}

/** The treasurer's review of dues and repayment submissions (docs/domain/dues.md). */
export const paymentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/members/:id/fines',
    {
      schema: {
        tags: ['payments'],
        operationId: 'payments.finesOfMember',
        summary: "A member's late fines, newest month first, with their waivers",
        description:
          'For an active admin. A member with no fine has an empty list; no such member is 404.',
        ...secured,
        params: idParams,
        response: { 200: memberFines, ...refused, 404: errorBody },
      },
    },
    async (request) => ({
      items: (await finesOfMember(db, request.params.id)).map(toMemberFine),
    }),
  );

  app.post(
    '/members/:id/fines/:period/waive',
    {
      config: { idempotent: true },
      schema: {
        tags: ['payments'],
        operationId: 'payments.waiveFine',
        summary: "Waive what is unpaid of a month's late fine, with a reason the member reads",
        description:
          'For an active admin, not on their own fine (403). With two or more active admins the first call answers 202 (a proposal) and another admin repeats it to carry it out; the proposer never can (409). ' +
          'A month without a fine is 404; a fine already waived or paid is 409; no reason is 422.',
        ...secured,
        params: memberPeriodParams,
        body: reasonRequest,
        response: {
          200: fineWaived,
          202: proposalProposedResponse,
          ...refusedDecision,
        },
      },
    },
    async (request, reply) => {
      const { id, period } = request.params;
      const decision = await waiveFine(
        db,
        id,
        period,
        request.body.reason,
        actorOf(request),
        new Date(),
      );
      if ('proposed' in decision) return replyProposed(reply, db, decision, WAIVER_PROPOSED);
      return {
        message: /*i18n*/ 'The fine was waived; the member is told why.',
        fine: toMemberFine(decision.done),
      };
    },
  );

  app.get(
    '/payments',
    {
      schema: {
        tags: ['payments'],
        operationId: 'payments.list',
        summary: 'Submissions by status (pending first for review), newest first',
        description:
          'Each dues submission carries its month (`dues_month`: due, already paid, remaining); ' +
          'each submission lists other submissions whose receipt is the same file or a near-identical picture (`possible_duplicates`).',
        ...secured,
        querystring: adminPaymentsQuery,
        response: { 200: listOf(adminPayment), ...refused },
      },
    },
    async (request) =>
      adminPaymentsPage(db, { ...request.query, cursor: parseCursor(request.query.cursor) }),
  );

  app.get(
    '/payments/:id',
    {
      schema: {
        tags: ['payments'],
        operationId: 'payments.get',
        summary: 'One submission, as the review shows it (a possible duplicate beside another)',
        description:
          'For an active admin: the submission with its member and receipt, its month for dues, and `possible_duplicates` as in the list.',
        ...secured,
        params: idParams,
        response: { 200: adminPayment, ...refused, 404: errorBody },
      },
    },
    async (request) => adminPaymentOf(db, request.params.id),
  );

  const paymentAnswer = {
    200: z.object({ message: z.string(), payment: adminPayment }),
    ...refused,
    404: errorBody,
    409: errorBody,
    422: errorBody,
  };

  app.post(
    '/payments/:id/approve',
    {
      config: { idempotent: true },
      schema: {
        tags: ['payments'],
        operationId: 'payments.approve',
        summary:
          'Approve a submission: dues credit savings, a repayment pays the oldest installments',
        description:
          'A dues approval above what remains of its month is refused (422); one below leaves the month part-paid. ' +
          'A submission without a receipt needs the `amount` actually received (422 without it). ' +
          'An admin cannot decide on their own payment (403).',
        ...secured,
        params: idParams,
        body: approvePaymentRequest.nullish(),
        response: paymentAnswer,
      },
    },
    async (request) => ({
      message: /*i18n*/ 'The payment was approved.',
      payment: await approvedPaymentView(
        db,
        request.params.id,
        actorOf(request),
        new Date(),
        request.body?.amount,
      ),
    }),
  );

  app.post(
    '/payments/:id/reject',
    {
      config: { idempotent: true },
      schema: {
        tags: ['payments'],
        operationId: 'payments.reject',
        summary: 'Reject a submission with a reason the member sees',
        description: 'An admin cannot decide on their own payment (403).',
        ...secured,
        params: idParams,
        body: reasonRequest,
        response: paymentAnswer,
      },
    },
    async (request) => ({
      message: /*i18n*/ 'The payment was rejected.',
      payment: await rejectedPaymentView(
        db,
        request.params.id,
        actorOf(request),
        request.body.reason,
        new Date(),
      ),
    }),
  );
};
