import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.tsx';
import { Link, useSearchParams } from 'react-router';
import type { AdminMember } from '@jamiya/contracts/members';
import { Button } from '../../../components/button.tsx';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { ShowMoreButton } from '../../../components/show-more-button.tsx';
import { EmptyState, ErrorState, Spinner } from '../../../components/states.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { aed } from '../../../lib/format.ts';
import { errorMessage } from '../../../lib/messages.ts';
import { useMembers, type MembersFilter } from '../api/get-members.ts';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';
import { tableLink } from '../../../components/styles.ts';
import { AddMemberModal } from './add-member-modal.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';

const isStatus = (s: string | null): s is 'active' | 'inactive' =>
  s === 'active' || s === 'inactive';

/** /admin/members: search and filter the members, add one with a one-time password link. */
export function MembersPage() {
  const { t } = useTranslation('admin-members');
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
      <EmptyState title={t('members.noMatch')}>
        <Button
          variant="ghost"
          onClick={() => {
            setSearch('');
            setStatus('');
          }}
        >
          {t('members.clearFilters')}
        </Button>
      </EmptyState>
    ) : (
      <EmptyState title={t('members.empty')}>
        <p className="text-sm">{t('members.emptyBody')}</p>
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
          {t('showMore')}
        </ShowMoreButton>
      </>
    );

  return (
    <div className="flex flex-col gap-6">
      <title>{t('members.pageTitle')}</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageHeading title={t('members.title')} subtitle={t('members.subtitle')} />
        <Button onClick={() => setAdding(true)}>{t('members.add')}</Button>
      </div>
      <div role="search" className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem] sm:items-end">
        <Field label={t('members.search')}>
          {(a) => (
            <input
              {...a}
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={t('members.searchPlaceholder')}
              autoComplete="off"
              maxLength={100}
              className={inputClass}
            />
          )}
        </Field>
        <Field label={t('members.statusFilter')}>
          {(a) => (
            <FilterSelect
              {...a}
              value={status}
              onChange={(e) => setStatus(e.target.value)}
              allLabel={t('members.allStatuses')}
              options={(['active', 'inactive'] as const).map((s) => ({
                value: s,
                label: t(`status.${s}`),
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
  const { t } = useTranslation('admin-members');
  const columns: Column<AdminMember>[] = [
    {
      key: 'id',
      header: t('members.columns.id'),
      isSecondary: true,
      cell: (m) => (
        <span dir="ltr" className="whitespace-nowrap tabular-nums">
          {m.unique_id}
        </span>
      ),
    },
    {
      key: 'name',
      header: t('members.columns.name'),
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
            {m.role === 'admin' && <StatusBadge tone="info">{t('role.admin')}</StatusBadge>}
          </span>
          {/* On a phone the ID and status columns are left out; they show under the name. */}
          <span className="flex flex-wrap items-center gap-2 text-slate-600 tabular-nums md:hidden">
            <span dir="ltr">{m.unique_id}</span>
            {m.status === 'inactive' && (
              <StatusBadge tone="neutral">{t('status.inactive')}</StatusBadge>
            )}
          </span>
        </>
      ),
    },
    {
      key: 'email',
      header: t('members.columns.email'),
      isSecondary: true,
      cell: (m) => (
        <span dir="ltr" className="whitespace-nowrap">
          {m.email}
        </span>
      ),
    },
    {
      key: 'mobile',
      header: t('members.columns.mobile'),
      isSecondary: true,
      cell: (m) => (
        <span dir="ltr" className="whitespace-nowrap">
          {m.mobile ?? '—'}
        </span>
      ),
    },
    {
      key: 'status',
      header: t('members.columns.status'),
      isSecondary: true,
      cell: (m) => (
        <StatusBadge tone={m.status === 'active' ? 'success' : 'neutral'}>
          {t(`status.${m.status}`)}
        </StatusBadge>
      ),
    },
    {
      key: 'savings',
      header: t('members.columns.savings'),
      align: 'end',
      cell: (m) => <span className="whitespace-nowrap">{aed(m.savings)}</span>,
    },
    {
      key: 'loan',
      header: t('members.columns.loan'),
      align: 'end',
      cell: (m) => <span className="whitespace-nowrap">{aed(m.loan_outstanding)}</span>,
    },
  ];
  return (
    <DataTable caption={t('members.title')} columns={columns} rows={members} rowKey={(m) => m.id} />
  );
}
