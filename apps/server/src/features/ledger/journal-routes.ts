import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorBody, listOf } from '@jamiya/contracts/common';
import { journalEntriesQuery, journalEntry } from '@jamiya/contracts/books';
import type { DbOrTx } from '../../db/client.ts';
import { localDate } from '../../lib/calendar.ts';
import { badRequest, unprocessable } from '../../lib/errors.ts';
import { sentence } from '../../lib/i18n.ts';
import { requestLanguage } from '../../lib/language.ts';
import { parseCursor } from '../../lib/pagination.ts';
import { refused, secured } from '../../lib/route-kit.ts';
import { getSettings } from '../settings/public.ts';
import { memberRefsById } from '../users/public.ts';
import { accountNames } from './chart.ts';
import {
  allJournalRows,
  journalCsv,
  journalDocument,
  namesOf,
  peopleOf,
  toJournalEntry,
} from './journal-report.ts';
import {
  isAccount,
  journalCount,
  journalPage,
  type JournalFilter,
  type MovementDetails,
} from './journal.ts';
import { reportPdfInPool } from './report-pool.ts';
import { csvAnswer, pdfAnswer, sendFile } from './report-routes.ts';

// The journal: a page at a time, the whole of it as CSV, or up to PDF_MOST_ENTRIES as a PDF;
// by kind, member, account and Dubai days.

/** A PDF of more would run to hundreds of pages and hold the server for seconds. */
export const PDF_MOST_ENTRIES = 2000;

const filters = journalEntriesQuery.pick({
  kind: true,
  member_id: true,
  account: true,
  from: true,
  to: true,
});

/** The filter a query asks for: 400 when its days run backwards, 422 for an unknown account. */
async function filterOf(db: DbOrTx, query: z.output<typeof filters>): Promise<JournalFilter> {
  if (query.from && query.to && query.from > query.to) {
    const say = /*i18n*/ 'The end date must be on or after the start date.';
    throw badRequest(say, { to: [say] });
  }
  if (query.account !== undefined && !(await isAccount(db, query.account))) {
    const say = sentence(/*i18n*/ 'The books have no account {code}.', { code: query.account });
    throw unprocessable(say, { account: [say] });
  }
  return {
    kind: query.kind,
    memberId: query.member_id,
    account: query.account,
    from: query.from,
    to: query.to,
  };
}

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
      async (request) => {
        const { limit, cursor } = request.query;
        const filter = await filterOf(db, request.query);
        const rows = await journalPage(
          db,
          { ...filter, before: parseCursor(cursor), limit: limit + 1 },
          details,
        );
        const items = rows.slice(0, limit);
        const [people, names] = await Promise.all([peopleOf(db, items), namesOf(db, items)]);
        const language = requestLanguage(request);
        return {
          items: items.map((r) => toJournalEntry(r, people, names, language)),
          next_cursor: rows.length > limit ? String(items.at(-1)!.entry.id) : null,
        };
      },
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
        const rows = await allJournalRows(db, await filterOf(db, request.query), details);
        const csv = journalCsv(rows, await namesOf(db, rows), requestLanguage(request));
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
        const filter = await filterOf(db, request.query);
        const count = await journalCount(db, filter);
        if (count > PDF_MOST_ENTRIES)
          throw unprocessable(
            sentence(
              /*i18n*/ 'A PDF of the journal holds at most {most} entries, and these are {count}: choose a shorter period, or download the CSV file.',
              { most: PDF_MOST_ENTRIES.toLocaleString('en'), count: count.toLocaleString('en') },
            ),
          );
        const rows = await allJournalRows(db, filter, details);
        const codes = rows.flatMap((r) => r.postings.map((p) => p.accountCode));
        const [names, members, { associationName }] = await Promise.all([
          accountNames(db, filter.account ? [...codes, filter.account] : codes),
          memberRefsById(db, [filter.memberId ?? null]),
          getSettings(db),
        ]);
        const member =
          filter.memberId === undefined ? null : (members.get(filter.memberId) ?? null);
        const about = { associationName, issuedAt: new Date(), language: requestLanguage(request) };
        const pdf = await reportPdfInPool(journalDocument(rows, names, { filter, member }, about));
        return sendFile(reply, `journal-${localDate(new Date())}.pdf`, pdf);
      },
    );
  };
