import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
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
import { loans } from '../../db/schema/loans.ts';
import { parseCursor } from '../../lib/pagination.ts';
import { cashRepaymentOrPropose } from './repayment.ts';
import { approveLoan, rejectLoan } from './decisions.ts';
import { disburseOrPropose } from './disburse.ts';
import { writeOffOrPropose, type AfterRecovery } from './write-off.ts';
import type { Actor } from '../../lib/actor.ts';
import type { Loan } from './transition.ts';
import { adminLoanOf, adminLoansPage, toAdminLoanOf } from './loan-view.ts';
import { toProposalViews, type Decision, type ProposalRow } from '../proposals/public.ts';
import { actorOf } from '../sessions/public.ts';
import { idParams, refused, secured } from '../../lib/route-kit.ts';

/** The treasurer's calls over the loan lifecycle (docs/product.md section 5). */
export const loanAdminRoutes =
  ({ afterRecovery }: { afterRecovery: AfterRecovery }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = app.deps;

    const loanWithMember = (loanRow: Loan, now = new Date()) => toAdminLoanOf(db, loanRow, now);

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

    /** The 202 of a loan action that waits for a second admin: the loan as it stands, the proposal. */
    async function proposedAnswer({ proposed }: { proposed: ProposalRow }) {
      const [loanRow] = await db.select().from(loans).where(eq(loans.id, proposed.loanId!));
      const [proposal] = await toProposalViews(
        db,
        [proposed],
        new Map([[loanRow!.id, loanRow!.userId]]),
      );
      return {
        message: /*i18n*/ 'Proposed. A second admin must confirm it before any money moves.',
        loan: await loanWithMember(loanRow!),
        pending_confirmation: true as const,
        proposal: proposal!,
      };
    }

    type Body =
      | { reason?: string | undefined; recover_from_guarantors?: boolean | undefined }
      | null
      | undefined;
    const carriedOut = (loan: Loan): Decision<Loan> => ({ done: loan, proposal: null });
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
        run: async (id: number, actor: Actor, body: Body) =>
          carriedOut(await approveLoan(db, id, actor, new Date(), body?.reason || null)),
      },
      {
        path: 'reject',
        operationId: 'loans.reject',
        summary: 'Reject a pending application with a reason',
        description: 'An admin cannot decide on their own loan (403).',
        body: reasonRequest,
        message: /*i18n*/ 'The loan was rejected.',
        run: async (id: number, actor: Actor, body: Body) =>
          carriedOut(await rejectLoan(db, id, actor, body?.reason ?? '', new Date())),
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
        run: (id: number, actor: Actor & { id: number }) =>
          disburseOrPropose(db, id, actor, new Date()),
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
        run: (id: number, actor: Actor & { id: number }, body: Body) =>
          writeOffOrPropose(
            db,
            id,
            actor,
            body?.reason ?? '',
            new Date(),
            body?.recover_from_guarantors === true,
            afterRecovery,
          ),
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
          const decision = await action.run(
            request.params.id,
            actorOf(request),
            request.body as Body,
          );
          if ('proposed' in decision) return reply.status(202).send(await proposedAnswer(decision));
          return { message: action.message, loan: await loanWithMember(decision.done) };
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
        const decision = await cashRepaymentOrPropose(db, {
          loanId: request.params.id,
          amountFils: request.body.amount,
          note: request.body.note ?? null,
          actor: actorOf(request),
          now: new Date(),
        });
        if ('proposed' in decision) return reply.status(202).send(await proposedAnswer(decision));
        const [fresh] = await db.select().from(loans).where(eq(loans.id, request.params.id));
        return {
          message: /*i18n*/ 'The repayment was recorded.',
          loan: await loanWithMember(fresh!),
        };
      },
    );
  };
