import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { STATEMENT_KINDS } from '@jamiya/contracts/values';
import { useTexts } from '../../../lib/i18n.tsx';
import { useProposals } from '../../../api/proposals.ts';
import { ShowMoreButton } from '../../../components/show-more-button.tsx';
import { EmptyState, ErrorState, Spinner } from '../../../components/states.tsx';
import { card } from '../../../components/styles.ts';
import { errorMessage } from '../../../lib/messages.ts';
import { useDownloadJournal } from '../api/download-journal.ts';
import {
  useJournal,
  type EntryKind,
  type JournalEntry,
  type JournalFilters,
} from '../api/get-journal.ts';
import { reversalOf } from '../lib/books-proposals.ts';
import { DownloadButtons } from './download-buttons.tsx';
import { JournalEntryItem } from './journal-entry.tsx';
import { JournalFiltersForm } from './journal-filters.tsx';
import { ReverseDialog } from './reverse-dialog.tsx';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isKind = (k: string | null): k is EntryKind => STATEMENT_KINDS.includes(k as EntryKind);

/** The journal's filters, kept in the address so that a link (an account's entries) opens them. */
function useFilters(): [JournalFilters, (filters: JournalFilters) => void] {
  const [params, setParams] = useSearchParams();
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return DAY.test(value) ? value : '';
  };
  const kind = params.get('kind');
  const filters: JournalFilters = {
    kind: isKind(kind) ? kind : '',
    account: params.get('account') ?? '',
    from: day('from'),
    to: day('to'),
  };
  const set = (next: JournalFilters) =>
    setParams(Object.fromEntries(Object.entries(next).filter(([, value]) => value !== '')), {
      replace: true,
    });
  return [filters, set];
}

/** Every journal entry, newest first, each with its postings; narrowed, and downloaded. */
export function Journal() {
  const i18n = useTexts();
  const [filters, setFilters] = useFilters();
  const journal = useJournal(filters);
  const download = useDownloadJournal();
  const proposals = useProposals();
  const [correcting, setCorrecting] = useState<JournalEntry | null>(null);
  const entries = journal.data?.pages.flatMap((p) => p.items) ?? [];
  const isFiltered = Object.values(filters).some((value) => value !== '');
  const proposedCorrections = new Map(
    (proposals.data?.items ?? []).flatMap((p) => {
      const reversal = reversalOf(p);
      return reversal ? [[reversal.entryId, p] as const] : [];
    }),
  );

  let body;
  if (journal.isPending) body = <Spinner />;
  else if (journal.isError && !journal.data)
    body = (
      <ErrorState message={errorMessage(journal.error)} onRetry={() => void journal.refetch()} />
    );
  else if (entries.length === 0)
    body = (
      <EmptyState
        title={
          isFiltered
            ? i18n._('admin-books.journal.noneFiltered')
            : i18n._('admin-books.journal.empty')
        }
      />
    );
  else
    body = (
      <>
        <ol
          className={`flex flex-col gap-2 ${journal.isPlaceholderData ? 'opacity-60' : ''}`}
          aria-busy={journal.isPlaceholderData}
        >
          {entries.map((entry) => (
            <JournalEntryItem
              key={entry.id}
              entry={entry}
              correctionProposed={proposedCorrections.get(entry.id)}
              onCorrect={setCorrecting}
            />
          ))}
        </ol>
        <ShowMoreButton
          hasNextPage={journal.hasNextPage}
          isFetchingNextPage={journal.isFetchingNextPage}
          fetchNextPage={journal.fetchNextPage}
        >
          {i18n._('admin-books.showMore')}
        </ShowMoreButton>
      </>
    );

  return (
    <section aria-labelledby="journal-title" className={`${card} flex flex-col gap-4`}>
      <div>
        <h2 id="journal-title" className="text-lg font-bold text-slate-900">
          {i18n._('admin-books.journal.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{i18n._('admin-books.journal.note')}</p>
      </div>
      <JournalFiltersForm filters={filters} onChange={setFilters} />
      <DownloadButtons
        labels={{
          csv: i18n._('admin-books.journal.downloadCsv'),
          pdf: i18n._('admin-books.journal.downloadPdf'),
        }}
        busy={download.isPending ? (download.variables?.format ?? null) : null}
        onDownload={(format, options) => download.mutate({ filters, format }, options)}
      />
      {journal.isError && journal.data && (
        <ErrorState message={errorMessage(journal.error)} onRetry={() => void journal.refetch()} />
      )}
      {body}
      <ReverseDialog entry={correcting} onClose={() => setCorrecting(null)} />
    </section>
  );
}
