import type { z } from 'zod';
import type { journalEntriesQuery } from '@jamiya/contracts/books';
import type { Language } from '@jamiya/contracts/languages';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, unprocessable } from '../../lib/errors.ts';
import { sentence } from '../../lib/i18n.ts';
import { parseCursor } from '../../lib/pagination.ts';
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

// The journal as journal-routes.ts answers it: a page, the CSV, the PDF; each reads the
// filter first, so a bad query is refused before the books are read.

/** A PDF of more would run to hundreds of pages and hold the server for seconds. */
export const PDF_MOST_ENTRIES = 2000;

type EntriesQuery = z.output<typeof journalEntriesQuery>;
type FilterQuery = Pick<EntriesQuery, 'kind' | 'member_id' | 'account' | 'from' | 'to'>;

/** The filter a query asks for: 400 when its days run backwards, 422 for an unknown account. */
async function journalFilterOf(db: DbOrTx, query: FilterQuery): Promise<JournalFilter> {
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

/** A page of the journal, newest first, with who recorded each entry and its accounts' names. */
export async function journalEntriesPage(
  db: DbOrTx,
  query: EntriesQuery,
  details: MovementDetails,
  language: Language,
) {
  const { limit, cursor } = query;
  const filter = await journalFilterOf(db, query);
  const rows = await journalPage(
    db,
    { ...filter, before: parseCursor(cursor), limit: limit + 1 },
    details,
  );
  const items = rows.slice(0, limit);
  const [people, names] = await Promise.all([peopleOf(db, items), namesOf(db, items)]);
  return {
    items: items.map((r) => toJournalEntry(r, people, names, language)),
    next_cursor: rows.length > limit ? String(items.at(-1)!.entry.id) : null,
  };
}

/** The whole of the journal the query keeps, as CSV text, oldest first. */
export async function journalCsvText(
  db: DbOrTx,
  query: FilterQuery,
  details: MovementDetails,
  language: Language,
): Promise<string> {
  const rows = await allJournalRows(db, await journalFilterOf(db, query), details);
  return journalCsv(rows, await namesOf(db, rows), language);
}

/** The journal the query keeps as PDF bytes; 422 beyond PDF_MOST_ENTRIES, before it is read. */
export async function journalPdf(
  db: DbOrTx,
  query: FilterQuery,
  details: MovementDetails,
  language: Language,
) {
  const filter = await journalFilterOf(db, query);
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
  const member = filter.memberId === undefined ? null : (members.get(filter.memberId) ?? null);
  const about = { associationName, issuedAt: new Date(), language };
  return reportPdfInPool(journalDocument(rows, names, { filter, member }, about));
}
