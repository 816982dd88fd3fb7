import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { proposalProposedResponse } from '@jamiya/contracts/proposals';
import { bookMonths, monthLockResponse, monthParams } from '@jamiya/contracts/year';
import { replyProposed } from '../proposals/public.ts';
import { actorOf } from '../sessions/public.ts';
import { requestLanguage } from '../../lib/language.ts';
import { refused, refusedChange, secured } from '../../lib/route-kit.ts';
import { lockAnswer } from './answers.ts';
import { bookMonthsOf } from './months.ts';

// What the call says when it waits for a second admin (202).
const LOCK_PROPOSED = /*i18n*/ 'Proposed. A second admin must confirm the lock of this month.';

/** The association's year: its months, and their locks (docs/domain/year.md). */
export const yearAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/periods',
    {
      schema: {
        tags: ['year'],
        operationId: 'year.months',
        summary: 'The months of the books: locked, open, and what the next to lock waits for',
        description:
          'For an active admin: every month from the first with an entry to this one, newest first. Months are locked in order; the first open month shows what still stands between it and its lock.',
        ...secured,
        response: { 200: bookMonths, ...refused },
      },
    },
    async (request) => bookMonthsOf(db, new Date(), requestLanguage(request)),
  );

  app.post(
    '/periods/:month/lock',
    {
      config: { idempotent: true },
      schema: {
        tags: ['year'],
        operationId: 'year.lockMonth',
        summary: 'Lock a month once the books and the bank agree at its end',
        description:
          'Nothing is posted with a date in a locked month afterwards (409 naming the first open month); a late correction is a reversal dated in an open month. ' +
          'Refused (409) for a month not over, already locked, after a month still open, or with something open: bank lines not in the books, cash movements not in the bank, a difference with the bank, no statement reaching its end, receipts waiting (each named in `errors`). ' +
          'With two or more active admins, the first call answers 202 and the same call by another admin locks it.',
        ...secured,
        params: monthParams,
        response: { 200: monthLockResponse, 202: proposalProposedResponse, ...refusedChange },
      },
    },
    async (request, reply) => {
      const answer = await lockAnswer(
        db,
        request.params.month,
        actorOf(request),
        new Date(),
        requestLanguage(request),
      );
      if ('proposed' in answer) return replyProposed(reply, db, answer, LOCK_PROPOSED);
      return { message: /*i18n*/ 'The month was locked.', month: answer.month };
    },
  );
};
