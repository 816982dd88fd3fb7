import { useState } from 'react';
import { STATEMENT_KINDS } from '@jamiya/contracts/values';
import { useTexts } from '../../../lib/i18n.tsx';
import { KINDS_TEXTS } from '../texts.ts';
import type { JournalEntry } from '@jamiya/contracts/books';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/field.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { ShowMoreButton } from '../../../components/show-more-button.tsx';
import { EmptyState, ErrorState, Spinner } from '../../../components/states.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { aed } from '../../../lib/format.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { errorMessage, toastError } from '../../../lib/messages.ts';
import { useDownloadJournal } from '../api/download-journal.ts';
import { useJournal, type EntryKind } from '../api/get-journal.ts';
import { card } from '../../../components/styles.ts';
import { useAccountName } from '../lib/use-account-name.ts';

const KINDS: readonly EntryKind[] = STATEMENT_KINDS;

/** Every journal entry, newest first, each with its postings; filter by kind, export as CSV. */
export function Journal() {
  const i18n = useTexts();
  const [kind, setKind] = useState<EntryKind | ''>('');
  const journal = useJournal(kind);
  const download = useDownloadJournal();
  const entries = journal.data?.pages.flatMap((p) => p.items) ?? [];

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
          kind ? i18n._('admin-books.journal.noneOfKind') : i18n._('admin-books.journal.empty')
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
            <EntryItem key={entry.id} entry={entry} />
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
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="journal-title" className="text-lg font-bold text-slate-900">
            {i18n._('admin-books.journal.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{i18n._('admin-books.journal.note')}</p>
        </div>
        <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row sm:flex-wrap sm:items-end">
          <div className="sm:w-48">
            <Field label={i18n._('admin-books.journal.kindFilter')}>
              {(a) => (
                <FilterSelect
                  {...a}
                  value={kind}
                  onChange={(e) => setKind(e.target.value as EntryKind | '')}
                  allLabel={i18n._('admin-books.journal.allKinds')}
                  options={KINDS.map((k) => ({ value: k, label: i18n._(KINDS_TEXTS[k]!) }))}
                />
              )}
            </Field>
          </div>
          <Button
            variant="secondary"
            className="whitespace-nowrap"
            isBusy={download.isPending}
            onClick={() => download.mutate(kind, { onError: toastError })}
          >
            {i18n._('admin-books.journal.downloadCsv')}
          </Button>
        </div>
      </div>
      {journal.isError && journal.data && (
        <ErrorState message={errorMessage(journal.error)} onRetry={() => void journal.refetch()} />
      )}
      {body}
    </section>
  );
}

function EntryItem({ entry }: { entry: JournalEntry }) {
  const i18n = useTexts();
  const accountName = useAccountName();
  const titleId = `journal-entry-${entry.id}`;
  return (
    <li aria-labelledby={titleId} className="rounded-xl border border-slate-200 px-3 py-2 sm:px-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 id={titleId} className="font-bold text-slate-900 tabular-nums">
          {i18n._('admin-books.journal.entry', { id: entry.id })}
        </h3>
        <StatusBadge
          tone={entry.kind === 'reversal' || entry.kind === 'write_off' ? 'warning' : 'info'}
        >
          {i18n._(KINDS_TEXTS[entry.kind]!)}
        </StatusBadge>
        <span className="text-sm whitespace-nowrap text-slate-600">
          {formatDateTime(entry.occurred_at)}
        </span>
        <span className="min-w-0 text-slate-800">{entry.memo}</span>
      </div>
      <table className="mt-1 w-full text-sm">
        <caption className="sr-only">
          {i18n._('admin-books.journal.postingsOf', { id: entry.id })}
        </caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">{i18n._('admin-books.journal.columns.account')}</th>
            <th scope="col">{i18n._('admin-books.journal.columns.debit')}</th>
            <th scope="col">{i18n._('admin-books.journal.columns.credit')}</th>
          </tr>
        </thead>
        <tbody>
          {entry.postings.map((p, i) => (
            <tr key={i} className="border-b border-slate-100 last:border-0">
              {/* Credits are indented under the debits, as in a paper journal. */}
              <td className={`py-1 pe-2 break-words ${p.credit ? 'ps-6' : ''}`}>
                {accountName(p.account_code, p.account_name)}{' '}
                <span translate="no" className="text-xs text-slate-500">
                  {p.account_code}
                </span>
              </td>
              <td className="w-20 py-1 ps-2 text-end whitespace-nowrap tabular-nums sm:w-36">
                {p.debit ? aed(p.debit, { currency: false }) : ''}
              </td>
              <td className="w-20 py-1 ps-2 text-end whitespace-nowrap tabular-nums sm:w-36">
                {p.credit ? aed(p.credit, { currency: false }) : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-1 text-xs text-slate-600">
        {entry.created_by
          ? i18n._('admin-books.journal.by', { name: entry.created_by.name })
          : i18n._('admin-books.journal.bySystem')}
        {entry.reverses_entry_id !== null &&
          ` · ${i18n._('admin-books.journal.reverses', { id: entry.reverses_entry_id })}`}
      </p>
    </li>
  );
}
