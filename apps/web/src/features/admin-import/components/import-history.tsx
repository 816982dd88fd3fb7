import type { ImportRecord } from '@jamiya/contracts/imports';
import { useTexts } from '../../../lib/i18n.tsx';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { ShowMoreButton } from '../../../components/show-more-button.tsx';
import { EmptyState, ErrorState, Spinner } from '../../../components/states.tsx';
import { StatusBadge, type BadgeTone } from '../../../components/status-badge.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { aed } from '../../../lib/format.ts';
import { errorMessage } from '../../../lib/messages.ts';
import type { useImports } from '../api/get-imports.ts';
import { isolated } from '../../../lib/bidi.ts';
import { STATE_TEXTS } from '../texts.ts';

const TONES: Record<ImportRecord['state'], BadgeTone> = {
  proposed: 'warning',
  applied: 'success',
  withdrawn: 'neutral',
};

/** The imports made, newest first: each file, what it brought, who sent and who confirmed it. */
export function ImportHistory({ imports }: { imports: ReturnType<typeof useImports> }) {
  const i18n = useTexts();
  const items = imports.data?.pages.flatMap((p) => p.items) ?? [];

  // On a phone, in a sentence under the file's name; on a wide screen, in columns of their own.
  const sentBy = (r: ImportRecord) =>
    i18n._('admin-import.history.proposedBy', {
      name: isolated(r.proposed_by.name),
      date: formatDate(r.proposed_at),
    });
  const decidedBy = (r: ImportRecord) =>
    r.confirmed_by
      ? i18n._('admin-import.history.confirmedBy', {
          name: isolated(r.confirmed_by.name),
          date: formatDate(r.applied_at ?? r.proposed_at),
        })
      : i18n._('admin-import.history.appliedAlone', {
          date: formatDate(r.applied_at ?? r.proposed_at),
        });
  const person = (name: string, at: string) => (
    <span className="flex flex-col">
      <span>
        <bdi>{name}</bdi>
      </span>
      <span className="text-xs whitespace-nowrap text-slate-600">{formatDate(at)}</span>
    </span>
  );

  const columns: Column<ImportRecord>[] = [
    {
      key: 'file',
      header: i18n._('admin-import.history.columns.file'),
      isRowHeader: true,
      cell: (r) => (
        <span className="flex max-w-64 min-w-0 flex-col">
          <span className="font-medium break-all text-slate-900">
            <bdi>{r.file.name}</bdi>
          </span>
          <span dir="ltr" translate="no" className="font-mono text-xs text-slate-600">
            {r.file.format.toUpperCase()} · SHA-256 {r.file.sha256.slice(0, 12)}…
          </span>
          <span className="text-xs text-slate-700 md:hidden">{sentBy(r)}</span>
          {r.state === 'applied' && (
            <span className="text-xs text-slate-700 md:hidden">{decidedBy(r)}</span>
          )}
        </span>
      ),
    },
    {
      key: 'state',
      header: i18n._('admin-import.history.columns.state'),
      cell: (r) => <StatusBadge tone={TONES[r.state]}>{i18n._(STATE_TEXTS[r.state])}</StatusBadge>,
    },
    {
      key: 'asOf',
      header: i18n._('admin-import.history.columns.asOf'),
      cell: (r) => <span className="whitespace-nowrap">{formatDate(r.as_of)}</span>,
    },
    {
      key: 'members',
      header: i18n._('admin-import.history.columns.members'),
      align: 'end',
      cell: (r) => r.members,
    },
    {
      key: 'savings',
      header: i18n._('admin-import.history.columns.savings'),
      align: 'end',
      cell: (r) => <span className="whitespace-nowrap">{aed(r.savings_total)}</span>,
    },
    {
      key: 'proposed',
      header: i18n._('admin-import.history.columns.proposed'),
      isSecondary: true,
      cell: (r) => person(r.proposed_by.name, r.proposed_at),
    },
    {
      key: 'confirmed',
      header: i18n._('admin-import.history.columns.confirmed'),
      isSecondary: true,
      cell: (r) =>
        r.state !== 'applied'
          ? '—'
          : r.confirmed_by
            ? person(r.confirmed_by.name, r.applied_at ?? r.proposed_at)
            : decidedBy(r),
    },
  ];

  let body;
  if (imports.isPending) body = <Spinner />;
  else if (imports.isError && !imports.data)
    body = (
      <ErrorState message={errorMessage(imports.error)} onRetry={() => void imports.refetch()} />
    );
  else if (items.length === 0)
    body = (
      <EmptyState title={i18n._('admin-import.history.empty')}>
        <p className="text-sm">{i18n._('admin-import.history.emptyBody')}</p>
      </EmptyState>
    );
  else
    body = (
      <>
        <DataTable
          caption={i18n._('admin-import.history.title')}
          columns={columns}
          rows={items}
          rowKey={(r) => r.id}
        />
        <ShowMoreButton
          hasNextPage={imports.hasNextPage}
          isFetchingNextPage={imports.isFetchingNextPage}
          fetchNextPage={imports.fetchNextPage}
        >
          {i18n._('admin-import.history.showMore')}
        </ShowMoreButton>
      </>
    );

  return (
    <section aria-labelledby="import-history" className="flex flex-col gap-3">
      <h2 id="import-history" className="text-lg font-bold text-slate-900">
        {i18n._('admin-import.history.title')}
      </h2>
      {body}
    </section>
  );
}
