import { useId } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import { LOANS_STATES_TEXTS } from '../texts.ts';
import { Link, useSearchParams } from 'react-router';
import { LOAN_STATES } from '@jamiya/contracts/values';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { ShowMoreButton } from '../../../components/show-more-button.tsx';
import { EmptyState, ErrorState, Spinner } from '../../../components/states.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { aed } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/messages.ts';
import { useAdminLoans, type AdminLoan, type LoanStateName } from '../api/admin-loans.ts';
import { useProposals } from '../../../api/proposals.ts';
import { LoanStateBadge } from '../../../components/loan-state-badge.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';

const STATES = LOAN_STATES;
const isState = (s: string | null): s is LoanStateName => STATES.includes(s as LoanStateName);

/** Loans by state (/admin/loans), newest first, each leading to its detail. */
export function AdminLoansPage() {
  const i18n = useTexts();
  const [params, setParams] = useSearchParams();
  const raw = params.get('state');
  const state = isState(raw) ? raw : undefined;
  const loans = useAdminLoans(state);
  const filterId = useId();
  const items = loans.data?.pages.flatMap((p) => p.items) ?? [];
  // A pay-out or write-off proposed by one admin waits for another: marked beside the state.
  const proposals = useProposals();
  const proposed = new Set(proposals.data?.items.map((p) => p.loan_id));

  const columns: Column<AdminLoan>[] = [
    {
      key: 'loan',
      header: i18n._('admin-loans.loans.columns.loan'),
      isRowHeader: true,
      cell: (l) => (
        <Link
          to={`/admin/loans/${l.id}`}
          className="inline-flex min-h-11 items-center font-semibold whitespace-nowrap text-brand-700 underline underline-offset-2"
        >
          {i18n._('admin.loans.loanNumber', { id: l.id })}
        </Link>
      ),
    },
    {
      key: 'member',
      header: i18n._('admin-loans.loans.columns.member'),
      cell: (l) => (
        <>
          <span className="block font-medium text-slate-900">{l.member.name}</span>
          <span className="block text-slate-600">
            <span dir="ltr">{l.member.unique_id}</span>
          </span>
        </>
      ),
    },
    {
      key: 'amount',
      header: i18n._('admin-loans.loans.columns.amount'),
      align: 'end',
      isSecondary: true,
      cell: (l) => aed(l.loan_amount),
    },
    {
      key: 'total',
      header: i18n._('admin-loans.loans.columns.total'),
      align: 'end',
      isSecondary: true,
      cell: (l) => aed(l.total_amount_with_interest),
    },
    {
      key: 'paid',
      header: i18n._('admin-loans.loans.columns.paid'),
      align: 'end',
      isSecondary: true,
      cell: (l) => aed(l.paid_amount),
    },
    {
      key: 'remaining',
      header: i18n._('admin-loans.loans.columns.remaining'),
      align: 'end',
      isSecondary: true,
      cell: (l) => aed(l.remaining_amount),
    },
    {
      key: 'state',
      header: i18n._('admin-loans.loans.columns.state'),
      cell: (l) => (
        <span className="inline-flex flex-wrap gap-1.5">
          <LoanStateBadge loan={l} label={(s) => i18n._(LOANS_STATES_TEXTS[s]!)} />
          {proposed.has(l.id) && (
            <StatusBadge tone="warning">{i18n._('admin-loans.proposal.badge')}</StatusBadge>
          )}
        </span>
      ),
    },
    {
      key: 'applied',
      header: i18n._('admin-loans.loans.columns.applied'),
      isSecondary: true,
      cell: (l) => <span className="whitespace-nowrap">{formatDate(l.created_at)}</span>,
    },
  ];

  let body;
  if (loans.isPending) body = <Spinner />;
  else if (loans.isError)
    body = <ErrorState message={errorMessage(loans.error)} onRetry={() => void loans.refetch()} />;
  else if (items.length === 0)
    body = (
      <EmptyState
        title={state ? i18n._('admin-loans.loans.empty') : i18n._('admin-loans.loans.emptyAll')}
      >
        <p className="text-sm">{i18n._('admin-loans.loans.emptyBody')}</p>
      </EmptyState>
    );
  else
    body = (
      <>
        <DataTable
          caption={
            state
              ? `${i18n._('admin-loans.loans.caption')}: ${i18n._(LOANS_STATES_TEXTS[state]!)}`
              : i18n._('admin-loans.loans.all')
          }
          columns={columns}
          rows={items}
          rowKey={(l) => l.id}
        />
        <ShowMoreButton
          hasNextPage={loans.hasNextPage}
          isFetchingNextPage={loans.isFetchingNextPage}
          fetchNextPage={loans.fetchNextPage}
        >
          {i18n._('admin-loans.loans.showMore')}
        </ShowMoreButton>
      </>
    );

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <title>
          {i18n._('admin.layout.pageTitle', { page: i18n._('admin-loans.loans.title') })}
        </title>
        <PageHeading
          title={i18n._('admin-loans.loans.title')}
          subtitle={i18n._('admin-loans.loans.subtitle')}
        />
        <div className="flex w-full flex-col gap-1 sm:w-56">
          <label htmlFor={filterId} className="text-sm font-medium text-slate-800">
            {i18n._('admin-loans.loans.filter')}
          </label>
          <FilterSelect
            id={filterId}
            value={state ?? ''}
            onChange={(e) =>
              setParams(e.target.value ? { state: e.target.value } : {}, { replace: true })
            }
            allLabel={i18n._('admin-loans.loans.all')}
            options={STATES.map((s) => ({ value: s, label: i18n._(LOANS_STATES_TEXTS[s]!) }))}
          />
        </div>
      </div>
      {body}
    </div>
  );
}
