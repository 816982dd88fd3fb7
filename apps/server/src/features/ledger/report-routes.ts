import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  incomeStatement as incomeStatementView,
  incomeStatementQuery,
  trialBalance as trialBalanceView,
  trialBalanceQuery,
} from '@jamiya/contracts/books';
import { localDate } from '../../lib/calendar.ts';
import { requestLanguage } from '../../lib/language.ts';
import { refused, secured } from '../../lib/route-kit.ts';
import {
  incomePeriod,
  incomeStatementCsv,
  namedIncomeStatement,
  toIncomeStatementView,
} from './income-statement-report.ts';
import { incomeStatementPdf, trialBalancePdf } from './report-answers.ts';
import {
  namedSummedTrialBalance,
  namedTrialBalance,
  toTrialBalanceView,
  trialBalanceCsv,
} from './trial-balance-report.ts';

// The books as an accountant reads them (issue 49 point 7): the trial balance on a day and the
// income and expenditure statement over days, each as JSON, CSV and PDF in the reader's language.

export const csvAnswer = {
  description:
    "A CSV file (UTF-8 with a byte order mark): codes for machines, words in the reader's language.",
  content: { 'text/csv': { schema: z.string() } },
};

export const pdfAnswer = {
  description: "A PDF in the reader's language (right to left in Arabic).",
  content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
};

/** A file to download: a CSV with a byte order mark (Excel then reads it as UTF-8), or a PDF. */
export function sendFile(reply: FastifyReply, fileName: string, body: string | Buffer) {
  const isCsv = typeof body === 'string';
  return reply
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'private, no-store')
    .type(isCsv ? 'text/csv; charset=utf-8' : 'application/pdf')
    .send(isCsv ? `\ufeff${body}` : body);
}

const ledger = { tags: ['ledger'], ...secured };

/** A request as a report reads it: its query and its reader's language. */
type Asking<Query> = Pick<FastifyRequest, 'headers'> & { query: Query };

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  /** The day a trial balance is asked for (today when left out), its reader's language, the close. */
  const dayAndLanguage = (
    request: Asking<{ as_of?: string | undefined; with_close?: boolean | undefined }>,
  ) =>
    [
      request.query.as_of ?? localDate(new Date()),
      requestLanguage(request),
      request.query.with_close ?? false,
    ] as const;

  app.get(
    '/ledger/trial-balance',
    {
      schema: {
        ...ledger,
        operationId: 'ledger.getTrialBalance',
        summary: 'The debits, credits and balance of the accounts on a day, grouped by kind',
        description:
          "For an active admin: the entries up to the end of `as_of` (a Dubai day; today when left out); each account of the chart on its line, and members' savings (`savings:*`), loans (`loan:*`) and members' fines (`fines:*`) each summed on one line with `summed_accounts` (the CSV lists every account); named in the reader's language, ordered by kind (assets, liabilities, equity, income, expenses) and code, with each kind's totals in `groups`; `balanced` says whether debits equal credits.",
        querystring: trialBalanceQuery,
        response: { 200: trialBalanceView, ...refused },
      },
    },
    async (request) =>
      toTrialBalanceView(await namedSummedTrialBalance(db, ...dayAndLanguage(request))),
  );

  app.get(
    '/ledger/trial-balance.csv',
    {
      schema: {
        ...ledger,
        operationId: 'ledger.exportTrialBalanceCsv',
        summary: 'The trial balance on a day as CSV: one row per account',
        description:
          "For an active admin: the query of GET /api/admin/ledger/trial-balance; columns kind, code, name (in the reader's language), debits_aed, credits_aed, balance_aed (debits less credits).",
        querystring: trialBalanceQuery,
        produces: ['text/csv'],
        response: { 200: csvAnswer, ...refused },
      },
    },
    async (request, reply) => {
      const tb = await namedTrialBalance(db, ...dayAndLanguage(request));
      return sendFile(reply, `trial-balance-${tb.asOf}.csv`, trialBalanceCsv(tb));
    },
  );

  app.get(
    '/ledger/trial-balance.pdf',
    {
      schema: {
        ...ledger,
        operationId: 'ledger.getTrialBalancePdf',
        summary: 'The trial balance on a day as a PDF, grouped by kind',
        description:
          "For an active admin: the query of GET /api/admin/ledger/trial-balance, in the reader's language; members' savings, loans and members' fines are each summed on one line (the CSV lists every account).",
        querystring: trialBalanceQuery,
        produces: ['application/pdf'],
        response: { 200: pdfAnswer, ...refused },
      },
    },
    async (request, reply) => {
      const { asOf, pdf } = await trialBalancePdf(db, ...dayAndLanguage(request));
      return sendFile(reply, `trial-balance-${asOf}.pdf`, pdf);
    },
  );

  /** The days an income statement is asked for (400 when they run backwards) and its language. */
  const periodAndLanguage = (
    request: Asking<{ from?: string | undefined; to?: string | undefined }>,
  ) => [incomePeriod(request.query, new Date()), requestLanguage(request)] as const;

  app.get(
    '/ledger/income-statement',
    {
      schema: {
        ...ledger,
        operationId: 'ledger.getIncomeStatement',
        summary: 'Income and expenditure over a period: each account, the totals, the surplus',
        description:
          "For an active admin: the Dubai days `from` to `to` (1 January of this year to today when left out); each income account (credits less debits) and each expense account (debits less credits) with postings in the period, named in the reader's language. A correction counts on its own day. Share-outs to members are not expenses and are left out: they give the members the interest that is theirs.",
        querystring: incomeStatementQuery,
        response: { 200: incomeStatementView, ...refused },
      },
    },
    async (request) =>
      toIncomeStatementView(await namedIncomeStatement(db, ...periodAndLanguage(request))),
  );

  app.get(
    '/ledger/income-statement.csv',
    {
      schema: {
        ...ledger,
        operationId: 'ledger.exportIncomeStatementCsv',
        summary: 'The income and expenditure statement as CSV',
        description:
          "For an active admin: the query of GET /api/admin/ledger/income-statement; columns section (income, expense, total_income, total_expenses, surplus, shared_out), code, name (in the reader's language), amount_aed.",
        querystring: incomeStatementQuery,
        produces: ['text/csv'],
        response: { 200: csvAnswer, ...refused },
      },
    },
    async (request, reply) => {
      const statement = await namedIncomeStatement(db, ...periodAndLanguage(request));
      const csv = incomeStatementCsv(statement, requestLanguage(request));
      return sendFile(reply, `income-statement-${statement.from}-${statement.to}.csv`, csv);
    },
  );

  app.get(
    '/ledger/income-statement.pdf',
    {
      schema: {
        ...ledger,
        operationId: 'ledger.getIncomeStatementPdf',
        summary: 'The income and expenditure statement as a PDF',
        description:
          "For an active admin: the query of GET /api/admin/ledger/income-statement, in the reader's language, with what share-outs gave the members in the period under the surplus.",
        querystring: incomeStatementQuery,
        produces: ['application/pdf'],
        response: { 200: pdfAnswer, ...refused },
      },
    },
    async (request, reply) => {
      const { from, to, pdf } = await incomeStatementPdf(db, ...periodAndLanguage(request));
      return sendFile(reply, `income-statement-${from}-${to}.pdf`, pdf);
    },
  );
};
