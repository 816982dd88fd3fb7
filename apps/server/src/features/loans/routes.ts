import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, idParams, listOf, listQuery } from '@jamiya/contracts/common';
import { loan, withdrawLoanRequest } from '@jamiya/contracts/loans';
import { parseCursor } from '../../lib/pagination.ts';
import { currentUser, requireMember } from '../sessions/public.ts';
import { installIdempotency } from '../../plugins/idempotency.ts';
import { withdrawnLoanView } from './decisions.ts';
import { myLoansPage } from './loan-view.ts';
import { secured } from '../../lib/route-kit.ts';

export const loanRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  installIdempotency(app);

  app.get(
    '/my-loans',
    {
      onRequest: requireMember,
      schema: {
        tags: ['loans'],
        operationId: 'loans.listMine',
        summary: 'The loans of the signed-in member, newest first, with schedule and history',
        description:
          'For a signed-in member (an admin without membership is refused, 403): each loan with its figures, its installments and the steps it went through.',
        ...secured,
        querystring: listQuery,
        response: { 200: listOf(loan), 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) =>
      myLoansPage(
        db,
        currentUser(request).userId,
        { cursor: parseCursor(request.query.cursor), limit: request.query.limit },
        new Date(),
      ),
  );

  app.post(
    '/my-loans/:id/withdraw',
    {
      config: { idempotent: true },
      onRequest: requireMember,
      schema: {
        tags: ['loans'],
        operationId: 'loans.withdraw',
        summary: 'Withdraw a pending or approved loan application',
        description:
          "For a signed-in member (an admin without membership is refused, 403), on their own loan (404 for another's), before it is paid out (409 after), with an optional reason.",
        ...secured,
        params: idParams,
        body: withdrawLoanRequest.nullish(),
        response: {
          200: z.object({ status_code: z.literal(200), message: z.string(), loan }),
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const now = new Date();
      const withdrawn = await withdrawnLoanView(
        db,
        request.params.id,
        me.userId,
        request.body?.reason || null,
        now,
        request.ip,
      );
      return {
        status_code: 200 as const,
        message: /*i18n*/ 'Your loan application was withdrawn.',
        loan: withdrawn,
      };
    },
  );
};
