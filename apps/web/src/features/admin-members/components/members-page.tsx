import { useEffect, useState } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import { STATUS_TEXTS } from '../texts.ts';
import { Link, useSearchParams } from 'react-router';
import type { AdminMember } from '@jamiya/contracts/members';
import { Button } from '../../../components/button.tsx';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { Field } from '../../../components/field.tsx';
import { SearchInput } from '../../../components/search-input.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { ShowMoreButton } from '../../../components/show-more-button.tsx';
import { EmptyState, ErrorState, Spinner } from '../../../components/states.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { aed } from '../../../lib/format.ts';
import { errorMessage } from '../../../lib/messages.ts';
import { useMembers, type MembersFilter } from '../api/get-members.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { tableLink } from '../../../components/styles.ts';
import { AddMemberModal } from './add-member-modal.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';

const isStatus = (s: string | null): s is 'active' | 'inactive' =>
  s === 'active' || s === 'inactive';

/** /admin/members: search and filter the members, add one with a one-time password link. */
export function MembersPage() {
  const i18n = useTexts();
  // The search lives in the address, so coming back from a member finds the list as it was.
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const rawStatus = params.get('status');
  const status: MembersFilter['status'] = isStatus(rawStatus) ? rawStatus : '';
  const [isAdding, setAdding] = useState(false);
  const q = useDebouncedValue(search.trim());
  const members = useMembers({ q, status });
  const items = members.data?.pages.flatMap((p) => p.items) ?? [];
  const isFiltered = q !== '' || status !== '';

  useEffect(() => {
    if ((params.get('q') ?? '') === q) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (q) next.set('q', q);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [q, params, setParams]);

  const setStatus = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('status', value);
        else next.delete('status');
        return next;
      },
      { replace: true },
    );

  let body;
  if (members.isPending) body = <Spinner />;
  else if (members.isError && !members.data)
    body = (
      <ErrorState message={errorMessage(members.error)} onRetry={() => void members.refetch()} />
    );
  else if (items.length === 0)
    body = isFiltered ? (
      <EmptyState title={i18n._('admin-members.members.noMatch')}>
        <Button
          variant="ghost"
          onClick={() => {
            setSearch('');
            setStatus('');
          }}
        >
          {i18n._('admin-members.members.clearFilters')}
        </Button>
      </EmptyState>
    ) : (
      <EmptyState title={i18n._('admin-members.members.empty')}>
        <p className="text-sm">{i18n._('admin-members.members.emptyBody')}</p>
      </EmptyState>
    );
  else
    body = (
      <>
        <div
          className={members.isPlaceholderData ? 'opacity-60' : ''}
          aria-busy={members.isPlaceholderData}
        >
          <MembersTable members={items} />
        </div>
        <ShowMoreButton
          hasNextPage={members.hasNextPage}
          isFetchingNextPage={members.isFetchingNextPage}
          fetchNextPage={members.fetchNextPage}
        >
          {i18n._('admin-members.showMore')}
        </ShowMoreButton>
      </>
    );

  return (
    <div className="flex flex-col gap-6">
      <title>{i18n._('admin-members.members.pageTitle')}</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageHeading
          title={i18n._('admin-members.members.title')}
          subtitle={i18n._('admin-members.members.subtitle')}
        />
        <Button onClick={() => setAdding(true)}>{i18n._('admin-members.members.add')}</Button>
      </div>
      <div role="search" className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem] sm:items-end">
        <Field label={i18n._('admin-members.members.search')}>
          {(a) => (
            <SearchInput
              {...a}
              value={search}
              onSearch={setSearch}
              placeholder={i18n._('admin-members.members.searchPlaceholder')}
              maxLength={100}
            />
          )}
        </Field>
        <Field label={i18n._('admin-members.members.statusFilter')}>
          {(a) => (
            <FilterSelect
              {...a}
              value={status}
              onChange={(e) => setStatus(e.target.value)}
              allLabel={i18n._('admin-members.members.allStatuses')}
              options={(['active', 'inactive'] as const).map((s) => ({
                value: s,
                label: i18n._(STATUS_TEXTS[s]!),
              }))}
            />
          )}
        </Field>
      </div>
      {members.isError && members.data && (
        <ErrorState message={errorMessage(members.error)} onRetry={() => void members.refetch()} />
      )}
      {body}
      <AddMemberModal isOpen={isAdding} onClose={() => setAdding(false)} />
    </div>
  );
}

function MembersTable({ members }: { members: AdminMember[] }) {
  const i18n = useTexts();
  const columns: Column<AdminMember>[] = [
    {
      key: 'id',
      header: i18n._('admin-members.members.columns.id'),
      isSecondary: true,
      cell: (m) => (
        <span dir="ltr" className="whitespace-nowrap tabular-nums">
          {m.unique_id}
        </span>
      ),
    },
    {
      key: 'name',
      header: i18n._('admin-members.members.columns.name'),
      isRowHeader: true,
      cell: (m) => (
        <>
          <span className="inline-flex flex-wrap items-center gap-x-2">
            <Link
              to={`/admin/members/${m.id}`}
              className={`${tableLink} inline-flex min-h-11 items-center`}
            >
              {m.name}
            </Link>
            {m.role === 'admin' && (
              <StatusBadge tone="info">{i18n._('admin-members.role.admin')}</StatusBadge>
            )}
          </span>
          {/* On a phone the ID and status columns are left out; they show under the name. */}
          <span className="flex flex-wrap items-center gap-2 text-slate-600 tabular-nums md:hidden">
            <span dir="ltr">{m.unique_id}</span>
            {m.status === 'inactive' && (
              <StatusBadge tone="neutral">{i18n._('admin-members.status.inactive')}</StatusBadge>
            )}
          </span>
        </>
      ),
    },
    {
      key: 'email',
      header: i18n._('admin-members.members.columns.email'),
      isSecondary: true,
      cell: (m) => (
        <span dir="ltr" className="whitespace-nowrap">
          {m.email}
        </span>
      ),
    },
    {
      key: 'mobile',
      header: i18n._('admin-members.members.columns.mobile'),
      isSecondary: true,
      cell: (m) => (
        <span dir="ltr" className="whitespace-nowrap">
          {m.mobile ?? '—'}
        </span>
      ),
    },
    {
      key: 'status',
      header: i18n._('admin-members.members.columns.status'),
      isSecondary: true,
      cell: (m) => (
        <StatusBadge tone={m.status === 'active' ? 'success' : 'neutral'}>
          {i18n._(STATUS_TEXTS[m.status]!)}
        </StatusBadge>
      ),
    },
    {
      key: 'savings',
      header: i18n._('admin-members.members.columns.savings'),
      align: 'end',
      cell: (m) => <span className="whitespace-nowrap">{aed(m.savings)}</span>,
    },
    {
      key: 'loan',
      header: i18n._('admin-members.members.columns.loan'),
      align: 'end',
      cell: (m) => <span className="whitespace-nowrap">{aed(m.loan_outstanding)}</span>,
    },
  ];
  return (
    <DataTable
      caption={i18n._('admin-members.members.title')}
      columns={columns}
      rows={members}
      rowKey={(m) => m.id}
    />
  );
}
