import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, eq, ilike, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { filsToAed } from '@jamiya/money/fils';
import { errorBody, idParams, optionalText } from '@jamiya/contracts/common';
import {
  findableMembers,
  findableRequest,
  guaranteeAnswerResponse,
  myGuarantees,
  type Guarantee,
} from '@jamiya/contracts/guarantees';
import type { DbOrTx } from '../../db/client.ts';
import { loanGuarantees, loanInstallments, loans } from '../../db/schema/loans.ts';
import { users } from '../../db/schema/users.ts';
import { localDate } from '../../lib/calendar.ts';
import { secured } from '../../lib/route-kit.ts';
import { installIdempotency } from '../../plugins/idempotency.ts';
import { currentUser, requireCurrentMember, requireMember } from '../sessions/public.ts';
import { answerGuarantee } from './guarantee-answers.ts';
import { freeSavingsOf, setFindable } from './guarantors.ts';
import { guaranteeRows, type GuaranteeRow } from './holds.ts';
import { installmentLeft } from './installments.ts';

// A member's guarantees as their guarantor reads them (the loan's state and arrears, nothing
// more of the borrower's account), the answers, and the list of members who may be asked.

/** The guarantees as their guarantor reads them. */
async function toGuaranteeViews(db: DbOrTx, rows: GuaranteeRow[], now: Date): Promise<Guarantee[]> {
  if (rows.length === 0) return [];
  const today = localDate(now);
  const loanIds = [...new Set(rows.map((r) => r.loanId))];
  const loanRows = await db
    .select({
      id: loans.id,
      amountFils: loans.amountFils,
      termMonths: loans.termMonths,
      borrowerId: users.uniqueId,
      borrower: users.name,
    })
    .from(loans)
    .innerJoin(users, eq(users.id, loans.userId))
    .where(inArray(loans.id, loanIds));
  const late = await db
    .select({
      loanId: loanInstallments.loanId,
      arrears: sql<string>`sum(${installmentLeft})`,
      since: sql<string>`min(${loanInstallments.dueOn})`,
    })
    .from(loanInstallments)
    .innerJoin(loans, eq(loans.id, loanInstallments.loanId))
    .where(
      and(
        inArray(loanInstallments.loanId, loanIds),
        eq(loans.state, 'active'),
        lt(loanInstallments.dueOn, today),
        sql`${installmentLeft} > 0`,
      ),
    )
    .groupBy(loanInstallments.loanId);
  const loanById = new Map(loanRows.map((l) => [l.id, l]));
  const lateById = new Map(late.map((l) => [l.loanId, l]));
  return rows.map((r) => {
    const loan = loanById.get(r.loanId)!;
    // The arrears are for who stands for the loan now, not for who declined or was not needed.
    const arrears = r.state === 'accepted' ? lateById.get(r.loanId) : undefined;
    return {
      id: r.id,
      state: r.state,
      amount: filsToAed(r.amountFils),
      held: filsToAed(r.heldFils),
      recovered: filsToAed(r.recoveredFils),
      asked_at: r.askedAt.toISOString(),
      answered_at: r.answeredAt?.toISOString() ?? null,
      borrower: { member_id: loan.borrowerId, name: loan.borrower },
      loan: {
        state: r.loanState,
        amount: filsToAed(loan.amountFils),
        duration_month: loan.termMonths,
        is_overdue: arrears !== undefined,
        arrears: filsToAed(Number(arrears?.arrears ?? 0)),
        overdue_since: arrears?.since ?? null,
      },
    };
  });
}

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
    async (request) => {
      const me = currentUser(request);
      const now = new Date();
      const rows = await guaranteeRows(db, eq(loanGuarantees.guarantorId, me.userId));
      const [user] = await db
        .select({ findable: users.findableAsGuarantor })
        .from(users)
        .where(eq(users.id, me.userId));
      const free = (await freeSavingsOf(db, [me.userId])).get(me.userId)!;
      return {
        items: await toGuaranteeViews(db, rows, now),
        findable: user?.findable ?? false,
        free_savings: filsToAed(Math.max(free, 0)),
      };
    },
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
        const row = await answerGuarantee(
          db,
          request.params.id,
          { id: currentUser(request).userId, role: 'member', ip: request.ip },
          answer === 'accept' ? 'accepted' : 'declined',
          now,
        );
        const [view] = await toGuaranteeViews(db, [row], now);
        return {
          message:
            answer === 'accept'
              ? /*i18n*/ 'You now stand guarantor for this loan. That part of your savings is held until it is repaid.'
              : /*i18n*/ 'You declined. The member has been told.',
          guarantee: view!,
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
    async (request) => {
      const me = currentUser(request);
      const q = request.query.q?.trim().replace(/[\\%_]/g, (c) => `\\${c}`);
      const rows = await db
        .select({ member_id: users.uniqueId, name: users.name })
        .from(users)
        .where(
          and(
            eq(users.findableAsGuarantor, true),
            eq(users.status, 1),
            eq(users.isMember, true),
            // Nor a member who is leaving: their savings are about to be paid out.
            isNull(users.leavingOn),
            ne(users.id, me.userId),
            q ? or(ilike(users.name, `%${q}%`), ilike(users.uniqueId, `%${q}%`)) : undefined,
          ),
        )
        .orderBy(asc(users.name))
        .limit(50);
      return { items: rows };
    },
  );
};
