import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { JournalEntry } from '@jamiya/contracts/books';
import { api } from '../../../lib/api-client.ts';
import { withQuery, type ListPage } from '../../../lib/list-query.ts';
import { LEDGER_KEY } from './get-accounts.ts';

export type { JournalEntry };
export type EntryKind = JournalEntry['kind'];

/** What the journal is narrowed to; '' is no filter. Days are YYYY-MM-DD. */
export interface JournalFilters {
  kind: EntryKind | '';
  account: string;
  from: string;
  to: string;
}

export const NO_FILTERS: JournalFilters = { kind: '', account: '', from: '', to: '' };

export const journalPath = (
  { kind, account, from, to }: JournalFilters,
  extension = '',
  page: { cursor?: string | null; limit?: number } = {},
) =>
  withQuery(`/api/admin/ledger/entries${extension}`, {
    kind,
    account,
    from,
    to,
    cursor: page.cursor,
    limit: page.limit,
  });

export const getJournalQueryOptions = (filters: JournalFilters = NO_FILTERS) =>
  infiniteQueryOptions({
    queryKey: [...LEDGER_KEY, 'entries', filters],
    queryFn: ({ pageParam, signal }) =>
      api<ListPage<JournalEntry>>(journalPath(filters, '', { cursor: pageParam, limit: 20 }), {
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

export const useJournal = (filters: JournalFilters = NO_FILTERS) =>
  useInfiniteQuery({ ...getJournalQueryOptions(filters), placeholderData: keepPreviousData });
