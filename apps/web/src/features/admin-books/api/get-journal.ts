import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { JournalEntry } from '@jamiya/contracts/books';
import { api } from '../../../lib/api-client.ts';
import { withQuery, type ListPage } from '../../../lib/list-query.ts';
import { ADMIN_KEY } from '../../../api/admin-key.ts';

export type EntryKind = JournalEntry['kind'];

export const getJournalQueryOptions = (kind: EntryKind | '') =>
  infiniteQueryOptions({
    queryKey: [...ADMIN_KEY, 'ledger', 'entries', kind],
    queryFn: ({ pageParam, signal }) =>
      api<ListPage<JournalEntry>>(
        withQuery('/api/admin/ledger/entries', { kind, cursor: pageParam, limit: 20 }),
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

export const useJournal = (kind: EntryKind | '') =>
  useInfiniteQuery({ ...getJournalQueryOptions(kind), placeholderData: keepPreviousData });
