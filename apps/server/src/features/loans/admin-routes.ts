import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminLoan,
  adminLoansQuery,
  cashRepaymentRequest,
  loanActionResponse,
  loanProposedResponse,
  writeOffRequest,
} from '@jamiya/contracts/loans';
import { optionalNoteRequest, reasonRequest } from '@jamiya/contracts/admin';
import { errorBody, listOf } from '@jamiya/contracts/common';
import { parseCursor } from '../../lib/pagination.ts';
import type { AfterRecovery } from './write-off.ts';
import {
  approvedLoanAnswer,
  cashRepaymentAnswer,
  disbursedLoanAnswer,
  rejectedLoanAnswer,
  writtenOffLoanAnswer,
  type LoanActionBody,
} from './action-answers.ts';
import { adminLoanOf, adminLoansPage } from './loan-view.ts';
import { actorOf } from '../sessions/public.ts';
import { idParams, refused, secured } from '../../lib/route-kit.ts';

/** The treasurer's calls over the loan lifecycle (docs/product.md section 5). */
export const loanAdminRoutes =
  ({ afterRecovery }: { afterRecovery: AfterRecovery }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = app.deps;

    app.get(
      '/loans',
      {
        schema: {
          tags: ['loans'],
          operationId: 'loans.list',
          summary: 'Loans, optionally by state, newest first',
          description:
            'For an active admin: each loan with its member, schedule and history; `state` picks pending, approved, active and the rest.',
          ...secured,
          querystring: adminLoansQuery,
          response: { 200: listOf(adminLoan), ...refused },
        },
      },
      async (request) =>
        adminLoansPage(
          db,
          { ...request.query, cursor: parseCursor(request.query.cursor) },
          new Date(),
        ),
    );

    const loanAnswer = {
      200: loanActionResponse,
      ...refused,
      404: errorBody,
      409: errorBody,
      422: errorBody,
    };

    app.get(
      '/loans/:id',
      {
        schema: {
          tags: ['loans'],
          operationId: 'loans.get',
          summary: 'One loan with schedule and history',
          description:
            'For an active admin: the loan with its member and the admins who made each step.',
          ...secured,
          params: idParams,
          response: { 200: adminLoan, ...refused, 404: errorBody },
        },
      },
      async (request) => adminLoanOf(db, request.params.id, new Date()),
    );

    const SECOND_ADMIN =
      'It needs a second admin: the same action by another admin carries it out (docs/domain/maker-checker.md); ' +
      'the proposer never carries out their own proposal. With a single active admin, that admin acts alone.';
    const actions = [
      {
        path: 'approve',
        operationId: 'loans.approve',
        summary: 'Approve a pending application',
        description:
          "An admin cannot decide on their own loan (403). While the accepted guarantees do not cover the part above the member's free savings (`guarantee_needed`), 409.",
        body: optionalNoteRequest.nullish(),
        message: /*i18n*/ 'The loan was approved.',
        run: approvedLoanAnswer,
      },
      {
        path: 'reject',
        operationId: 'loans.reject',
        summary: 'Reject a pending application with a reason',
        description: 'An admin cannot decide on their own loan (403).',
        body: reasonRequest,
        message: /*i18n*/ 'The loan was rejected.',
        run: rejectedLoanAnswer,
      },
      {
        path: 'disburse',
        operationId: 'loans.disburse',
        summary: 'Pay out an approved loan: creates the schedule and the journal entry',
        description:
          'Refused (409) when the loan is more than the cash in hand. ' +
          SECOND_ADMIN +
          ' The first call answers 202 with `pending_confirmation: true`; the proposer repeating it gets 409.',
        body: optionalNoteRequest.nullish(),
        message: /*i18n*/ 'The loan was paid out.',
        run: disbursedLoanAnswer,
      },
      {
        path: 'write-off',
        operationId: 'loans.writeOff',
        summary: 'Write off what is still owed on an active loan, with a reason',
        description:
          SECOND_ADMIN +
          " The first call answers 202; the proposer's reason, and choice to recover the loss from the guarantors' held savings, are the ones carried out.",
        body: writeOffRequest,
        message: /*i18n*/ 'The loan was written off.',
        run: writtenOffLoanAnswer,
      },
    ] as const;

    for (const action of actions) {
      app.post(
        `/loans/:id/${action.path}`,
        {
          config: { idempotent: true },
          schema: {
            tags: ['loans'],
            operationId: action.operationId,
            summary: action.summary,
            description: action.description,
            ...secured,
            params: idParams,
            body: action.body,
            response: { ...loanAnswer, 202: loanProposedResponse },
          },
        },
        async (request, reply) => {
          const { status, body } = await action.run(
            { db, afterRecovery },
            {
              loanId: request.params.id,
              actor: actorOf(request),
              body: request.body as LoanActionBody,
            },
            action.message,
          );
          return reply.status(status).send(body);
        },
      );
    }

    app.post(
      '/loans/:id/repayments',
      {
        config: { idempotent: true },
        schema: {
          tags: ['loans'],
          operationId: 'loans.recordCashRepayment',
          summary:
            'Record a repayment received in cash (no receipt); pays the oldest installments first',
          description:
            SECOND_ADMIN +
            ' The first call answers 202; the confirming call must name the same amount (409 otherwise).',
          ...secured,
          params: idParams,
          body: cashRepaymentRequest,
          response: { ...loanAnswer, 202: loanProposedResponse },
        },
      },
      async (request, reply) => {
        const { status, body } = await cashRepaymentAnswer(db, {
          loanId: request.params.id,
          amountFils: request.body.amount,
          note: request.body.note ?? null,
          actor: actorOf(request),
          now: new Date(),
        });
        return reply.status(status).send(body);
      },
    );
  };
