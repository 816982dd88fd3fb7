import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bonusCloseResponse,
  bonusPeriodRequest,
  bonusPeriods,
  bonusPreview,
  bonusPreviewQuery,
  myBonus,
  shareExplained,
  shareExplainedQuery,
  type BonusPeriodRequest,
} from '@jamiya/contracts/bonus';
import { z } from 'zod';
import { errorBody } from '@jamiya/contracts/common';
import { proposalProposedResponse } from '@jamiya/contracts/proposals';
import { replyProposed } from '../proposals/public.ts';
import { currentUser, requireMember, actorOf } from '../sessions/public.ts';
import { localDate } from '../../lib/calendar.ts';
import { requestLanguage } from '../../lib/language.ts';
import { refused, refusedChange, secured } from '../../lib/route-kit.ts';
import { closeAnswer, myBonusView, periodsAnswer, previewAnswer } from './views.ts';
import { sendShareExplained, type DrawSharePdf } from './send-explained.ts';

/** The period and the committee's choice as the preview and the close ask for them. */
const periodInput = (asked: BonusPeriodRequest) => ({
  startsOn: asked.starts_on,
  endsOn: asked.ends_on,
  choice: {
    fines: asked.share_fines ?? false,
    otherIncome: asked.share_other_income ?? false,
    lessExpenses: asked.less_expenses ?? false,
  },
});

// What the call says when it waits for a second admin (202).
const CLOSE_PROPOSED =
  /*i18n*/ 'Proposed. A second admin must confirm the same dates before the share-out.';

/** The member's share of the surplus: closed periods, an estimate, how each was computed (/api). */
export const bonusRoutes =
  (drawSharePdf: DrawSharePdf): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = app.deps;

    app.get(
      '/my-bonus',
      {
        onRequest: requireMember,
        schema: {
          tags: ['bonus'],
          operationId: 'bonus.getMine',
          summary: "The signed-in member's bonus: closed share-outs and an estimate so far",
          description:
            "Each closed period shows the member's average savings, the association's, the share in percent, the period's interest and the amount credited. " +
            'The estimate applies the same rule to the open period, from its start to today; it changes until the period is closed.',
          ...secured,
          response: { 200: myBonus, 401: errorBody, 403: errorBody },
        },
      },
      async (request) => myBonusView(db, currentUser(request).userId, localDate(new Date())),
    );

    app.get(
      '/my-bonus/explained',
      {
        onRequest: requireMember,
        schema: {
          tags: ['bonus'],
          operationId: 'bonus.explainMine',
          summary: 'How the signed-in member’s share was computed, on screen or as a one-page PDF',
          description:
            "For a closed period (`period=<id>`), or the open one (`period=open`): the share-out a first admin proposed, else the estimate so far. What the committee shared (the interest, and the fines, other income and expenses it chose), the member's savings month by month, their weight among the members and their share, in the reader's language. 404 for no such period.",
          ...secured,
          produces: ['application/json', 'application/pdf'],
          querystring: shareExplainedQuery,
          response: {
            200: {
              description: 'The explanation as JSON or PDF (as `format` asks).',
              content: {
                'application/json': { schema: shareExplained },
                'application/pdf': { schema: z.string().meta({ format: 'binary' }) },
              },
            },
            400: errorBody,
            401: errorBody,
            403: errorBody,
            404: errorBody,
          },
        },
      },
      (request, reply) => sendShareExplained(db, request, reply, request.query, drawSharePdf),
    );
  };

/** The treasurer's share-out calls, inside /api/admin (admins only). */
export const bonusAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/bonus/periods',
    {
      schema: {
        tags: ['bonus'],
        operationId: 'bonus.listPeriods',
        summary: 'Closed share-out periods with their totals, and where the next one starts',
        description:
          'For an active admin: `next` says where the next period starts and the latest day it may end (yesterday).',
        ...secured,
        response: { 200: bonusPeriods, ...refused },
      },
    },
    async () => periodsAnswer(db),
  );

  app.get(
    '/bonus/preview',
    {
      schema: {
        tags: ['bonus'],
        operationId: 'bonus.preview',
        summary: 'What closing a period would share out, member by member',
        description:
          'Nothing is written. `blocker` says why the period could not be closed as it stands (today not over, no interest, nobody with savings).',
        ...secured,
        querystring: bonusPreviewQuery,
        response: { 200: bonusPreview, ...refusedChange },
      },
    },
    async (request) =>
      previewAnswer(
        db,
        periodInput(request.query),
        localDate(new Date()),
        requestLanguage(request),
      ),
  );

  app.post(
    '/bonus/periods',
    {
      config: { idempotent: true },
      schema: {
        tags: ['bonus'],
        operationId: 'bonus.closePeriod',
        summary: 'Close a period: share its interest income among the members',
        description:
          "Posts one journal entry (interest income to each member's savings in proportion to their balance-days), records the period and the allocations, and notifies the members. " +
          'With two or more active admins, the first call answers 202 (a proposal) and the same call by another admin closes the period. ' +
          'A period that overlaps a closed one is refused (409); one with no interest, nobody to share with, or not yet over is refused (422).',
        ...secured,
        body: bonusPeriodRequest,
        response: {
          201: bonusCloseResponse,
          202: proposalProposedResponse,
          ...refusedChange,
        },
      },
    },
    async (request, reply) => {
      const answer = await closeAnswer(db, periodInput(request.body), actorOf(request), new Date());
      if ('proposed' in answer) return replyProposed(reply, db, answer, CLOSE_PROPOSED);
      return reply.status(201).send({
        message: /*i18n*/ 'The period was closed and its income shared out.',
        period: answer.period,
      });
    },
  );
};
