import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@jamiya/contracts/common';
import {
  approveMatchesAnswer,
  approveMatchesBody,
  bankStatementDetail,
  bankStatementQuery,
  bankStatementsList,
  bankStatementsQuery,
} from '@jamiya/contracts/bank';
import { statementDeleted } from '@jamiya/contracts/bank-lines';
import { sentence, translate } from '../../lib/i18n.ts';
import { requestLanguage } from '../../lib/language.ts';
import { parseCursor } from '../../lib/pagination.ts';
import { idParams, refused, secured } from '../../lib/route-kit.ts';
import { actorOf } from '../sessions/public.ts';
import { statementImportRoutes } from './import-routes.ts';
import { bankLineRoutes } from './line-routes.ts';
import { reconciliationRoutes } from './reconcile-routes.ts';
import { takeBackStatement } from './take-back.ts';
import { approveStatementMatches } from './approve.ts';
import { statementDetail, statementsPage } from './views.ts';

/** The treasurer's reconciliation with the bank (docs/domain/reconciliation.md). */
export const bankAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  await app.register(statementImportRoutes);
  await app.register(bankLineRoutes);
  await app.register(reconciliationRoutes);

  app.get(
    '/bank-statements',
    {
      schema: {
        tags: ['bank'],
        operationId: 'bank.listStatements',
        summary: 'The statements imported, newest first',
        description:
          "For an active admin: each statement's format, days, balances, lines (new and already held) and who imported it.",
        ...secured,
        querystring: bankStatementsQuery,
        response: { 200: bankStatementsList, ...refused },
      },
    },
    async (request) =>
      statementsPage(db, { cursor: parseCursor(request.query.cursor), limit: request.query.limit }),
  );

  app.delete(
    '/bank-statements/:id',
    {
      schema: {
        tags: ['bank'],
        operationId: 'bank.deleteStatement',
        summary: 'Take back a statement imported by mistake',
        description:
          'For an active admin: the statement and its lines go, but those another statement holds too. While a line of it is linked or booked the answer is 409, naming each (`errors`: `line <id>`): unlink it, or reverse its booking, first.',
        ...secured,
        params: idParams,
        response: { 200: statementDeleted, ...refused, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const row = await takeBackStatement(db, request.params.id, actorOf(request), new Date());
      return {
        message: translate(
          requestLanguage(request),
          sentence(/*i18n*/ 'The statement {file} was taken back.', { file: row.fileName }),
        ),
      };
    },
  );

  app.get(
    '/bank-statements/:id',
    {
      schema: {
        tags: ['bank'],
        operationId: 'bank.getStatement',
        summary: 'A statement set beside the books: matches, and what is left on either side',
        description:
          "For an active admin: `matched` (a line with the receipt waiting, or the movement of the books, it is the money of, and why), `linked` (lines already linked), `unmatched_lines` (money in the bank the books lack), `unmatched_payments` (receipts waiting, dated within the statement, whose money it does not hold) and `unmatched_entries` (the books' cash movements within it that it does not hold). " +
          'Each part is a page of `limit` in the order of its ids, and `counts` says how many it holds in all; with `section` and `after` (its last id shown) the answer holds the next page of that part alone.',
        ...secured,
        params: idParams,
        querystring: bankStatementQuery,
        response: { 200: bankStatementDetail, ...refused, 404: errorBody },
      },
    },
    async (request) =>
      statementDetail(db, request.params.id, requestLanguage(request), request.query),
  );

  app.post(
    '/bank-statements/:id/approve',
    {
      config: { idempotent: true },
      schema: {
        tags: ['bank'],
        operationId: 'bank.approveMatches',
        summary: "Approve a statement's matches in one step",
        description:
          "For an active admin: each chosen match (all the statement's when `lines` is missing) is carried out in its own transaction: a receipt waiting is approved exactly as a single approval does (its journal entry, its notification) and linked to its line; a movement of the books is linked. " +
          'A match that cannot be carried out (approved by another admin meanwhile, the admin’s own payment, a line not matched) is listed under `refused` with its reason; the others are done.',
        ...secured,
        params: idParams,
        body: approveMatchesBody,
        response: { 200: approveMatchesAnswer, ...refused, 404: errorBody },
      },
    },
    async (request) => {
      const language = requestLanguage(request);
      const answer = await approveStatementMatches(
        db,
        request.params.id,
        request.body.lines,
        actorOf(request),
        language,
      );
      return {
        message: translate(
          language,
          sentence(
            /*i18n*/ '{approved, plural, one {# payment approved} other {# payments approved}}, {linked, plural, one {# movement linked} other {# movements linked}}, {refused, plural, =0 {none refused} one {# refused} other {# refused}}.',
            {
              approved: answer.approved.length,
              linked: answer.linked.length,
              refused: answer.refused.length,
            },
          ),
        ),
        ...answer,
      };
    },
  );
};
