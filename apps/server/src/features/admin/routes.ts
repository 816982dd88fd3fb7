import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, desc, eq, lt } from 'drizzle-orm';
import { z } from 'zod';
import {
  adminLoan,
  adminLoansQuery,
  adminPayment,
  adminPaymentsQuery,
  approvePaymentRequest,
  cashRepaymentRequest,
  optionalNoteRequest,
  reasonRequest,
} from '@jamiya/contracts/admin';
import { errorBody, listOf } from '@jamiya/contracts/common';
import { loans } from '../../db/schema/loans.ts';
import { payments } from '../../db/schema/payments.ts';
import { notFound } from '../../lib/errors.ts';
import { page, parseCursor } from '../../lib/pagination.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { installIdempotency } from '../../plugins/idempotency.ts';
import { approvePayment, rejectPayment } from '../dues/dues.ts';
import { toPaymentView } from '../dues/payment-view.ts';
import {
  applyRepayment,
  approveLoan,
  disburseLoan,
  rejectLoan,
  writeOffLoan,
  type Actor,
  type Loan,
} from '../loans/lifecycle.ts';
import { toLoanView } from '../loans/loan-view.ts';
import { audit } from '../audit/audit.ts';
import { applicationRoutes } from './application-routes.ts';
import { bookRoutes } from './book-routes.ts';
import { actorOf, idParams, refused, secured } from './common.ts';
import { memberRoutes } from './member-routes.ts';
import { bonusAdminRoutes } from '../bonus/routes.ts';
import { messageAdminRoutes } from '../messages/routes.ts';
import { notificationAdminRoutes } from '../notifications/routes.ts';
import { rechargeAdminRoutes } from '../recharge/routes.ts';
import { statementAdminRoutes } from '../statement/routes.ts';
import { memberRefsById } from '../members/member-refs.ts';

/** The treasurer's calls over the dues review and the loan lifecycle (PRODUCT.md sections 4, 5). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.addHook('onRequest', requireAdmin);
  installIdempotency(app);
  await app.register(memberRoutes);
  await app.register(applicationRoutes);
  await app.register(bookRoutes);
  await app.register(statementAdminRoutes);
  await app.register(notificationAdminRoutes);
  await app.register(messageAdminRoutes);
  await app.register(rechargeAdminRoutes);
  await app.register(bonusAdminRoutes);

  async function loanWithMember(loanRow: Loan, now = new Date()) {
    const members = await memberRefsById(db, [loanRow.userId]);
    return { ...(await toLoanView(db, loanRow, now)), member: members.get(loanRow.userId)! };
  }

  async function paymentWithMember(id: number) {
    const [row] = await db.select().from(payments).where(eq(payments.id, id));
    if (!row) throw notFound('There is no such payment.');
    const members = await memberRefsById(db, [row.userId]);
    return { ...toPaymentView(row), member: members.get(row.userId)! };
  }

  app.get(
    '/payments',
    {
      schema: {
        tags: ['admin'],
        summary: 'Submissions by status (pending first for review), newest first',
        ...secured,
        querystring: adminPaymentsQuery,
        response: { 200: listOf(adminPayment), ...refused },
      },
    },
    async (request) => {
      const { status, limit } = request.query;
      const cursor = parseCursor(request.query.cursor);
      const rows = await db
        .select()
        .from(payments)
        .where(
          and(eq(payments.status, status), cursor === null ? undefined : lt(payments.id, cursor)),
        )
        .orderBy(desc(payments.id))
        .limit(limit + 1);
      const { items, nextCursor } = page(rows, limit);
      const members = await memberRefsById(
        db,
        items.map((p) => p.userId),
      );
      return {
        items: items.map((p) => ({ ...toPaymentView(p), member: members.get(p.userId)! })),
        next_cursor: nextCursor,
      };
    },
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
        tags: ['admin'],
        summary:
          'Approve a submission: dues credit savings, a repayment pays the oldest installments',
        ...secured,
        params: idParams,
        body: approvePaymentRequest.nullish(),
        response: paymentAnswer,
      },
    },
    async (request) => {
      await approvePayment(
        db,
        request.params.id,
        actorOf(request),
        new Date(),
        request.body?.amount,
      );
      return {
        message: 'The payment was approved.',
        payment: await paymentWithMember(request.params.id),
      };
    },
  );

  app.post(
    '/payments/:id/reject',
    {
      config: { idempotent: true },
      schema: {
        tags: ['admin'],
        summary: 'Reject a submission with a reason the member sees',
        ...secured,
        params: idParams,
        body: reasonRequest,
        response: paymentAnswer,
      },
    },
    async (request) => {
      await rejectPayment(db, request.params.id, actorOf(request), request.body.reason, new Date());
      return {
        message: 'The payment was rejected.',
        payment: await paymentWithMember(request.params.id),
      };
    },
  );

  app.get(
    '/loans',
    {
      schema: {
        tags: ['admin'],
        summary: 'Loans, optionally by state, newest first',
        ...secured,
        querystring: adminLoansQuery,
        response: { 200: listOf(adminLoan), ...refused },
      },
    },
    async (request) => {
      const { state, limit } = request.query;
      const cursor = parseCursor(request.query.cursor);
      const rows = await db
        .select()
        .from(loans)
        .where(
          and(
            state ? eq(loans.state, state) : undefined,
            cursor === null ? undefined : lt(loans.id, cursor),
          ),
        )
        .orderBy(desc(loans.id))
        .limit(limit + 1);
      const { items, nextCursor } = page(rows, limit);
      const now = new Date();
      const members = await memberRefsById(
        db,
        items.map((l) => l.userId),
      );
      const views = await Promise.all(
        items.map(async (l) => ({
          ...(await toLoanView(db, l, now)),
          member: members.get(l.userId)!,
        })),
      );
      return { items: views, next_cursor: nextCursor };
    },
  );

  const loanAnswer = {
    200: z.object({ message: z.string(), loan: adminLoan }),
    ...refused,
    404: errorBody,
    409: errorBody,
    422: errorBody,
  };

  app.get(
    '/loans/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One loan with schedule and history',
        ...secured,
        params: idParams,
        response: { 200: adminLoan, ...refused, 404: errorBody },
      },
    },
    async (request) => {
      const [row] = await db.select().from(loans).where(eq(loans.id, request.params.id));
      if (!row) throw notFound('There is no such loan.');
      return loanWithMember(row);
    },
  );

  const actions = [
    {
      path: 'approve',
      summary: 'Approve a pending application',
      body: optionalNoteRequest.nullish(),
      message: 'The loan was approved.',
      run: (id: number, actor: Actor, body: { reason?: string | undefined } | null | undefined) =>
        approveLoan(db, id, actor, new Date(), body?.reason || null),
    },
    {
      path: 'reject',
      summary: 'Reject a pending application with a reason',
      body: reasonRequest,
      message: 'The loan was rejected.',
      run: (id: number, actor: Actor, body: { reason?: string | undefined } | null | undefined) =>
        rejectLoan(db, id, actor, body?.reason ?? '', new Date()),
    },
    {
      path: 'disburse',
      summary: 'Pay out an approved loan: creates the schedule and the journal entry',
      body: optionalNoteRequest.nullish(),
      message: 'The loan was paid out.',
      run: (id: number, actor: Actor) => disburseLoan(db, id, actor, new Date()),
    },
    {
      path: 'write-off',
      summary: 'Write off what is still owed on an active loan, with a reason',
      body: reasonRequest,
      message: 'The loan was written off.',
      run: (id: number, actor: Actor, body: { reason?: string | undefined } | null | undefined) =>
        writeOffLoan(db, id, actor, body?.reason ?? '', new Date()),
    },
  ] as const;

  for (const action of actions) {
    app.post(
      `/loans/:id/${action.path}`,
      {
        config: { idempotent: true },
        schema: {
          tags: ['admin'],
          summary: action.summary,
          ...secured,
          params: idParams,
          body: action.body,
          response: loanAnswer,
        },
      },
      async (request) => {
        const moved = await action.run(
          request.params.id,
          actorOf(request),
          request.body as { reason?: string } | null | undefined,
        );
        return { message: action.message, loan: await loanWithMember(moved) };
      },
    );
  }

  app.post(
    '/loans/:id/repayments',
    {
      config: { idempotent: true },
      schema: {
        tags: ['admin'],
        summary:
          'Record a repayment received in cash (no receipt); pays the oldest installments first',
        ...secured,
        params: idParams,
        body: cashRepaymentRequest,
        response: loanAnswer,
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const now = new Date();
      const { loan: repaid } = await db.transaction(async (tx) => {
        const result = await applyRepayment(tx, {
          loanId: request.params.id,
          amountFils: request.body.amount,
          actor,
          now,
        });
        await audit(tx, {
          actorId: actor.id,
          action: 'loan.cash_repayment',
          targetType: 'loan',
          targetId: request.params.id,
          reason: request.body.note ?? null,
          details: { amountFils: request.body.amount, entryId: result.entryId },
          ip: actor.ip ?? null,
          at: now,
        });
        return result;
      });
      const [fresh] = await db.select().from(loans).where(eq(loans.id, repaid.id));
      return { message: 'The repayment was recorded.', loan: await loanWithMember(fresh!) };
    },
  );
};
