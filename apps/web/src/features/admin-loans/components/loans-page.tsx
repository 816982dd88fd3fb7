import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n.tsx';
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
  const { t } = useTranslation('admin-loans');
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
      header: t('loans.columns.loan'),
      isRowHeader: true,
      cell: (l) => (
        <Link
          to={`/admin/loans/${l.id}`}
          className="inline-flex min-h-11 items-center font-semibold whitespace-nowrap text-brand-700 underline underline-offset-2"
        >
          {t('loans.loanNumber', { ns: 'admin', id: l.id })}
        </Link>
      ),
    },
    {
      key: 'member',
      header: t('loans.columns.member'),
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
      header: t('loans.columns.amount'),
      align: 'end',
      isSecondary: true,
      cell: (l) => aed(l.loan_amount),
    },
    {
      key: 'total',
      header: t('loans.columns.total'),
      align: 'end',
      isSecondary: true,
      cell: (l) => aed(l.total_amount_with_interest),
    },
    {
      key: 'paid',
      header: t('loans.columns.paid'),
      align: 'end',
      isSecondary: true,
      cell: (l) => aed(l.paid_amount),
    },
    {
      key: 'remaining',
      header: t('loans.columns.remaining'),
      align: 'end',
      isSecondary: true,
      cell: (l) => aed(l.remaining_amount),
    },
    {
      key: 'state',
      header: t('loans.columns.state'),
      cell: (l) => (
        <span className="inline-flex flex-wrap gap-1.5">
          <LoanStateBadge loan={l} label={(s) => t(`loans.states.${s}`)} />
          {proposed.has(l.id) && <StatusBadge tone="warning">{t('proposal.badge')}</StatusBadge>}
        </span>
      ),
    },
    {
      key: 'applied',
      header: t('loans.columns.applied'),
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
      <EmptyState title={state ? t('loans.empty') : t('loans.emptyAll')}>
        <p className="text-sm">{t('loans.emptyBody')}</p>
      </EmptyState>
    );
  else
    body = (
      <>
        <DataTable
          caption={state ? `${t('loans.caption')}: ${t(`loans.states.${state}`)}` : t('loans.all')}
          columns={columns}
          rows={items}
          rowKey={(l) => l.id}
        />
        <ShowMoreButton
          hasNextPage={loans.hasNextPage}
          isFetchingNextPage={loans.isFetchingNextPage}
          fetchNextPage={loans.fetchNextPage}
        >
          {t('loans.showMore')}
        </ShowMoreButton>
      </>
    );

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <title>{t('layout.pageTitle', { ns: 'admin', page: t('loans.title') })}</title>
        <PageHeading title={t('loans.title')} subtitle={t('loans.subtitle')} />
        <div className="flex w-full flex-col gap-1 sm:w-56">
          <label htmlFor={filterId} className="text-sm font-medium text-slate-800">
            {t('loans.filter')}
          </label>
          <FilterSelect
            id={filterId}
            value={state ?? ''}
            onChange={(e) =>
              setParams(e.target.value ? { state: e.target.value } : {}, { replace: true })
            }
            allLabel={t('loans.all')}
            options={STATES.map((s) => ({ value: s, label: t(`loans.states.${s}`) }))}
          />
        </div>
      </div>
      {body}
    </div>
  );
}
