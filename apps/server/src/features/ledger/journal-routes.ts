import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, listOf } from '@jamiya/contracts/common';
import { journalEntriesQuery, journalEntry } from '@jamiya/contracts/books';
import { localDate } from '../../lib/calendar.ts';
import { requestLanguage } from '../../lib/language.ts';
import { refused, secured } from '../../lib/route-kit.ts';
import {
  journalCsvText,
  journalEntriesPage,
  journalPdf,
  PDF_MOST_ENTRIES,
} from './journal-answers.ts';
import type { MovementDetails } from './journal.ts';
import { csvAnswer, pdfAnswer, sendFile } from './report-routes.ts';

// The journal: a page at a time, the whole of it as CSV, or up to PDF_MOST_ENTRIES as a PDF;
// by kind, member, account and Dubai days.

const filters = journalEntriesQuery.pick({
  kind: true,
  member_id: true,
  account: true,
  from: true,
  to: true,
});

const ledger = { tags: ['ledger'], ...secured };
const FILTERS_SAID =
  '`kind`, `member_id`, `account` (a code: the entries that post to it) and `from`/`to` (Dubai days) narrow it; 422 for an account the books do not have.';

export const journalRoutes =
  (details: MovementDetails): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = app.deps;

    app.get(
      '/ledger/entries',
      {
        schema: {
          ...ledger,
          operationId: 'ledger.listEntries',
          summary: 'The journal, newest first, with postings; by kind, member, account or days',
          description: `For an active admin: each entry with its postings, who recorded it and what it is in the reader's language. ${FILTERS_SAID}`,
          querystring: journalEntriesQuery,
          response: { 200: listOf(journalEntry), ...refused, 422: errorBody },
        },
      },
      async (request) => journalEntriesPage(db, request.query, details, requestLanguage(request)),
    );

    app.get(
      '/ledger/entries.csv',
      {
        schema: {
          ...ledger,
          operationId: 'ledger.exportEntriesCsv',
          summary: 'The journal as CSV: one row per posting, oldest first',
          description: `For an active admin: the filters of GET /api/admin/ledger/entries; codes for machines, words in the reader's language. ${FILTERS_SAID}`,
          querystring: filters,
          produces: ['text/csv'],
          response: { 200: csvAnswer, ...refused, 422: errorBody },
        },
      },
      async (request, reply) => {
        const csv = await journalCsvText(db, request.query, details, requestLanguage(request));
        return sendFile(reply, `journal-${localDate(new Date())}.csv`, csv);
      },
    );

    app.get(
      '/ledger/entries.pdf',
      {
        schema: {
          ...ledger,
          operationId: 'ledger.getEntriesPdf',
          summary: `The journal as a PDF, oldest first: at most ${PDF_MOST_ENTRIES} entries`,
          description: `For an active admin: the filters of GET /api/admin/ledger/entries, in the reader's language; each entry with its postings. ${FILTERS_SAID} More than ${PDF_MOST_ENTRIES} entries: 422, asking for a shorter period (the CSV holds them all).`,
          querystring: filters,
          produces: ['application/pdf'],
          response: { 200: pdfAnswer, ...refused, 422: errorBody },
        },
      },
      async (request, reply) => {
        const pdf = await journalPdf(db, request.query, details, requestLanguage(request));
        return sendFile(reply, `journal-${localDate(new Date())}.pdf`, pdf);
      },
    );
  };
