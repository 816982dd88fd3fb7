import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { proposalProposedResponse } from '@jamiya/contracts/proposals';
import {
  bookMonths,
  bookYears,
  monthLockResponse,
  monthParams,
  reopenYearBody,
  yearParams,
  yearResponse,
} from '@jamiya/contracts/year';
import { replyProposed } from '../proposals/public.ts';
import { actorOf } from '../sessions/public.ts';
import { requestLanguage } from '../../lib/language.ts';
import { refused, refusedChange, refusedDecision, secured } from '../../lib/route-kit.ts';
import { lockAnswer } from './answers.ts';
import { bookMonthsOf } from './months.ts';
import { arrearsReviewAnswer, bookYearsOf, closeAnswer, reopenAnswer } from './year-views.ts';
import { sendYearPack } from './pack/answer.ts';

// What the call says when it waits for a second admin (202).
const LOCK_PROPOSED = /*i18n*/ 'Proposed. A second admin must confirm the lock of this month.';
const CLOSE_PROPOSED = /*i18n*/ 'Proposed. A second admin must confirm the close of this year.';
const REOPEN_PROPOSED =
  /*i18n*/ 'Proposed. A second admin must confirm the reopening of this year.';

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

  app.get(
    '/years',
    {
      schema: {
        tags: ['year'],
        operationId: 'year.years',
        summary: "The association's years: closed, open, and what the next to close waits for",
        description:
          'For an active admin: every year of the books, newest first, each named by the calendar year it ends in. Years are closed in order; the first over and not closed shows its checklist, each item with the page that puts it right.',
        ...secured,
        response: { 200: bookYears, ...refused },
      },
    },
    async (request) => bookYearsOf(db, new Date(), requestLanguage(request)),
  );

  app.post(
    '/years/:year/arrears-review',
    {
      config: { idempotent: true },
      schema: {
        tags: ['year'],
        operationId: 'year.reviewArrears',
        summary: "Mark the arrears at the year's end reviewed",
        description:
          'One item of the close’s checklist, by one admin. Refused (409) for a year not over, already closed, or after a year not closed; 404 for a year the books do not have.',
        ...secured,
        params: yearParams,
        response: { 200: yearResponse, ...refusedDecision },
      },
    },
    async (request) => {
      const answer = await arrearsReviewAnswer(
        db,
        request.params.year,
        actorOf(request),
        new Date(),
        requestLanguage(request),
      );
      return { message: /*i18n*/ 'The arrears were marked reviewed.', year: answer.year };
    },
  );

  app.post(
    '/years/:year/close',
    {
      config: { idempotent: true },
      schema: {
        tags: ['year'],
        operationId: 'year.close',
        summary: "Close a year: its income and expenses to the members' surplus",
        description:
          "One closing entry, kept in the year's closing period (after its last day, before the next year's first), moves every income and expense account's balance to `members_surplus`, so the next year opens with them at zero; the trial balance reads the year with and without it. " +
          'Refused (409) for a year not over, already closed, after a year not closed, or with its checklist unmet (each item named in `errors`). With two or more active admins, the first call answers 202 and the same call by another admin closes it.',
        ...secured,
        params: yearParams,
        response: {
          200: yearResponse,
          202: proposalProposedResponse,
          ...refusedDecision,
        },
      },
    },
    async (request, reply) => {
      const answer = await closeAnswer(
        db,
        request.params.year,
        actorOf(request),
        new Date(),
        requestLanguage(request),
      );
      if ('proposed' in answer) return replyProposed(reply, db, answer, CLOSE_PROPOSED);
      return { message: /*i18n*/ 'The year was closed.', year: answer.year };
    },
  );

  app.post(
    '/years/:year/reopen',
    {
      config: { idempotent: true },
      schema: {
        tags: ['year'],
        operationId: 'year.reopen',
        summary: 'Reopen a closed year by reversing its closing entry, with a reason',
        description:
          'The closing entry is reversed beside it, in the closing period; the months stay locked. Refused (409) for a year not closed or before a later closed year; 422 without a reason. Two admins when there are two (202, then another admin’s call).',
        ...secured,
        params: yearParams,
        body: reopenYearBody,
        response: {
          200: yearResponse,
          202: proposalProposedResponse,
          ...refusedDecision,
        },
      },
    },
    async (request, reply) => {
      const answer = await reopenAnswer(
        db,
        request.params.year,
        request.body.reason,
        actorOf(request),
        new Date(),
        requestLanguage(request),
      );
      if ('proposed' in answer) return replyProposed(reply, db, answer, REOPEN_PROPOSED);
      return { message: /*i18n*/ 'The year was reopened.', year: answer.year };
    },
  );

  app.get(
    '/years/:year/pack',
    {
      schema: {
        tags: ['year'],
        operationId: 'year.pack',
        summary:
          "The accountant's pack of a year: one ZIP of XLSX files, each with a CSV beside it",
        description:
          "For an active admin: the general ledger (one row a posting: date, entry, kind, source — receipt, bank_line, import, correction, close, by_hand, app — account, member, memo, debit, credit, each account's running balance after its balance brought forward), the trial balance before and after the close, the income statement, the balance sheet and the members' balances, in the reader's language; totals agree across the files. Words are text, never formulas. A year not closed is a draft: the ZIP, each file and the README say so. 404 for a year the books do not have.",
        ...secured,
        params: yearParams,
        produces: ['application/zip'],
        response: {
          200: {
            description: 'A ZIP file.',
            content: { 'application/zip': { schema: z.string().meta({ format: 'binary' }) } },
          },
          ...refusedDecision,
        },
      },
    },
    async (request, reply) =>
      sendYearPack(db, request.params.year, new Date(), requestLanguage(request), reply),
  );
};
