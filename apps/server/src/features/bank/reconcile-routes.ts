import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { filsToAed } from '@jamiya/money/fils';
import { reconciliation, reconciliationQuery, unseenPayments } from '@jamiya/contracts/bank';
import { localDate } from '../../lib/calendar.ts';
import { translate } from '../../lib/i18n.ts';
import { requestLanguage } from '../../lib/language.ts';
import { refused, secured } from '../../lib/route-kit.ts';
import { allUnseenReceipts } from './proposed.ts';
import { reconciliationOf } from './reconcile.ts';
import { entryView, lineView } from './views.ts';

// The bank's balance beside the books' cash, and the receipts no statement holds
// (docs/domain/reconciliation.md).

export const reconciliationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/bank-statements/unseen',
    {
      schema: {
        tags: ['bank'],
        operationId: 'bank.unseenPayments',
        summary: 'Receipts waiting that the bank statement of their date does not hold',
        description:
          "For an active admin: each receipt waiting whose transfer date (or, without one, the day it was sent) a statement covers, and which matches none of that statement's lines.",
        ...secured,
        response: { 200: unseenPayments, ...refused },
      },
    },
    async () => ({
      items: (await allUnseenReceipts(db)).map(({ paymentId, statement }) => ({
        payment_id: paymentId,
        statement: {
          id: statement.id,
          bank: statement.bank,
          from: statement.fromDate,
          to: statement.toDate,
        },
      })),
    }),
  );

  app.get(
    '/reconciliation',
    {
      schema: {
        tags: ['bank'],
        operationId: 'bank.reconciliation',
        summary: "The bank's balance beside the books' cash, and what explains the difference",
        description:
          "For an active admin: the bank's balance at the end of `as_of` (Dubai; today when missing) from the statements, the books' cash then, the difference (books less bank), and the bank lines not in the books and movements of the books not in the bank by then. " +
          'When the latest statement ends before `as_of`, both are taken at its last day. Each list gives its first `limit`, and its total.',
        ...secured,
        querystring: reconciliationQuery,
        response: { 200: reconciliation, ...refused },
      },
    },
    async (request) => {
      const { figures, members } = await reconciliationOf(
        db,
        request.query.as_of ?? localDate(new Date()),
        request.query.limit,
      );
      const entries = figures.entriesNotInBank;
      return {
        as_of: figures.asOf,
        bank_balance: figures.bankFils === null ? null : filsToAed(figures.bankFils),
        statement: figures.statement
          ? {
              id: figures.statement.id,
              from: figures.statement.fromDate,
              to: figures.statement.toDate,
            }
          : null,
        books_cash: filsToAed(figures.booksFils),
        difference:
          figures.bankFils === null ? null : filsToAed(figures.booksFils - figures.bankFils),
        agree: figures.agree,
        verdict: translate(requestLanguage(request), figures.verdict),
        lines_not_in_books: figures.linesNotInBooks.map((l) => lineView(l)),
        lines_not_in_books_total: figures.linesNotInBooksTotal,
        entries_not_in_bank: entries.map((m) => entryView(m, members)),
        entries_not_in_bank_total: figures.entriesNotInBankTotal,
      };
    },
  );
};
