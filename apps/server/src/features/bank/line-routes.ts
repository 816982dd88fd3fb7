import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@jamiya/contracts/common';
import { assignLineBody, lineAssigned, lineAssignProposed } from '@jamiya/contracts/bank';
import {
  bookLineBody,
  lineBooked,
  lineLinked,
  lineUnlinked,
  linkCandidates as linkCandidatesView,
  linkCandidatesQuery,
  linkLineBody,
} from '@jamiya/contracts/bank-lines';
import { translate } from '../../lib/i18n.ts';
import { requestLanguage } from '../../lib/language.ts';
import { idParams, refused, refusedDecision, secured } from '../../lib/route-kit.ts';
import { replyProposed } from '../proposals/public.ts';
import { actorOf } from '../sessions/public.ts';
import { assignLine } from './assign.ts';
import { bookLineNamed } from './book.ts';
import { linkCandidates } from './candidates.ts';
import { linkByHand, unlinkLine } from './hand-links.ts';
import { lineView } from './views.ts';

// What the treasurer does with one line of the bank: assign it to a member, book it to an
// account, link it by hand, or undo a wrong link (docs/domain/reconciliation.md).

// What a call says when it waits for a second admin (202).
const ASSIGN_PROPOSED =
  /*i18n*/ 'Proposed. A second admin must confirm before the payment is recorded.';
const BOOK_PROPOSED = /*i18n*/ 'Proposed. A second admin must confirm before the line is booked.';

export const bankLineRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.post(
    '/bank-lines/:id/assign',
    {
      config: { idempotent: true },
      schema: {
        tags: ['bank'],
        operationId: 'bank.assignLine',
        summary: 'Assign money the bank received without a receipt to a member',
        description:
          "For an active admin: `member_id` and either `period` (a month's due) or `loan_id` (a repayment). The line becomes an approved payment whose evidence is the line (201), checked as a member's payment is. " +
          'With two or more active admins it needs a second admin: the first call answers 202; another admin repeats it to carry it out; the proposer never can (409). ' +
          'A line already linked, or money out, is refused.',
        ...secured,
        params: idParams,
        body: assignLineBody,
        response: {
          201: lineAssigned,
          202: lineAssignProposed,
          ...refusedDecision,
        },
      },
    },
    async (request, reply) => {
      const decision = await assignLine(
        db,
        request.params.id,
        request.body,
        actorOf(request),
        new Date(),
      );
      if ('proposed' in decision) return replyProposed(reply, db, decision, ASSIGN_PROPOSED);
      return reply.status(201).send({
        message: translate(
          requestLanguage(request),
          /*i18n*/ 'The payment was recorded from the bank line.',
        ),
        line: lineView(decision.done.line),
        payment_id: decision.done.paymentId,
      });
    },
  );

  app.post(
    '/bank-lines/:id/book',
    {
      config: { idempotent: true },
      schema: {
        tags: ['bank'],
        operationId: 'bank.bookLine',
        summary: "Book a line that is no member's money to one of the association's accounts",
        description:
          "For an active admin: `account` (a code of the chart: bank_charges, bank_interest...) and an optional `memo`. One balanced entry dated the line's day, linked to the line (201). " +
          "Money out needs a second admin when two are active (202, then the same call by another admin), unless it is a bank charge or bank interest within the settings' limit (`books_rules.one_admin_bank_fee`); money in is one admin's. " +
          'A line already linked or booked, or cash that would go below zero, is 409; an account unknown, retired or kept by its own records is 422.',
        ...secured,
        params: idParams,
        body: bookLineBody,
        response: {
          201: lineBooked,
          202: lineAssignProposed,
          ...refusedDecision,
        },
      },
    },
    async (request, reply) => {
      const language = requestLanguage(request);
      const decision = await bookLineNamed(
        db,
        request.params.id,
        request.body,
        actorOf(request),
        new Date(),
        language,
      );
      if ('proposed' in decision) return replyProposed(reply, db, decision, BOOK_PROPOSED);
      const { line, entryId, booked } = decision.done;
      return reply.status(201).send({
        message: translate(language, /*i18n*/ 'The line was booked.'),
        line: lineView(line, booked),
        entry_id: entryId,
      });
    },
  );

  app.get(
    '/bank-lines/:id/link-candidates',
    {
      schema: {
        tags: ['bank'],
        operationId: 'bank.linkCandidates',
        summary: 'The payments a line could be linked to by hand',
        description:
          "For an active admin: with `member_id`, that member's receipts waiting and payments approved (newest first); without, those of the line's amount within 7 days of its day. Each says the line it is already linked to, if any.",
        ...secured,
        params: idParams,
        querystring: linkCandidatesQuery,
        response: { 200: linkCandidatesView, ...refused, 404: errorBody },
      },
    },
    async (request) => ({
      items: await linkCandidates(db, request.params.id, request.query.member_id),
    }),
  );

  app.post(
    '/bank-lines/:id/link',
    {
      config: { idempotent: true },
      schema: {
        tags: ['bank'],
        operationId: 'bank.linkLine',
        summary: 'Link a line by hand to a receipt waiting (approving it) or to a payment approved',
        description:
          'For an active admin: `payment_id`. A receipt waiting is approved exactly as a single approval does, then linked; a payment approved is linked with the entry that recorded it. ' +
          'A line already linked or booked, or a payment linked to another line, is 409; another amount, or money out, is 422.',
        ...secured,
        params: idParams,
        body: linkLineBody,
        response: {
          200: lineLinked,
          ...refusedDecision,
        },
      },
    },
    async (request) => {
      const { line, approved } = await linkByHand(
        db,
        request.params.id,
        request.body.payment_id,
        actorOf(request),
        new Date(),
      );
      return {
        message: translate(
          requestLanguage(request),
          approved
            ? /*i18n*/ 'The receipt was approved and linked to the line.'
            : /*i18n*/ 'The line was linked to the payment.',
        ),
        line: lineView(line),
        approved,
      };
    },
  );

  app.post(
    '/bank-lines/:id/unlink',
    {
      config: { idempotent: true },
      schema: {
        tags: ['bank'],
        operationId: 'bank.unlinkLine',
        summary: 'Undo a wrong link: the line and the payment are both open again',
        description:
          'For an active admin. The payment stays approved and the books unchanged. A line not linked, or one whose payment or booking was made from it (correct that by reversal instead), is 409.',
        ...secured,
        params: idParams,
        response: { 200: lineUnlinked, ...refused, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const line = await unlinkLine(db, request.params.id, actorOf(request), new Date());
      return {
        message: translate(requestLanguage(request), /*i18n*/ 'The line was unlinked.'),
        line: lineView(line),
      };
    },
  );
};
