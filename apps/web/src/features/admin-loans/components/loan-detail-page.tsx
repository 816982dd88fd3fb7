import { useTexts } from '../../../lib/i18n.tsx';
import { LoanHistory } from '../../../components/loan-history.tsx';
import {
  LOANS_STATES_TEXTS,
  LOAN_BY_TEXTS,
  LOAN_INSTALLMENT_STATES_TEXTS,
  LOAN_TRANSITIONS_TEXTS,
  LOAN_TYPES_TEXTS,
} from '../texts.ts';
import { Link, useParams } from 'react-router';
import { ArrowStartIcon } from '../../../components/icons.tsx';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { EmptyState, ErrorState, Spinner } from '../../../components/states.tsx';
import { StatusBadge, type BadgeTone } from '../../../components/status-badge.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { aed } from '../../../lib/format.ts';
import { formatDate, formatDateTime } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/messages.ts';
import { useAdminLoan, type AdminLoan } from '../api/admin-loans.ts';
import { LoanActions } from './loan-actions.tsx';
import { LoanGuarantors } from './loan-guarantors.tsx';
import { LoanStateBadge } from '../../../components/loan-state-badge.tsx';

type Installment = AdminLoan['installments'][number];

const INSTALLMENT_TONE: Record<Installment['status'], BadgeTone> = {
  paid: 'success',
  partly_paid: 'warning',
  unpaid: 'neutral',
  overdue: 'danger',
};

/**
 * One loan (/admin/loans/:id): figures, guarantors, the actions its state allows, schedule and
 * history.
 */
export function AdminLoanDetailPage() {
  const i18n = useTexts();
  const id = Number(useParams().id);
  const loan = useAdminLoan(id);

  let body;
  if (
    !Number.isInteger(id) ||
    id <= 0 ||
    (loan.error instanceof ApiError && loan.error.status === 404)
  )
    body = <EmptyState title={i18n._('admin-loans.loan.notFound')} />;
  else if (loan.isPending) body = <Spinner />;
  else if (loan.isError)
    body = <ErrorState message={errorMessage(loan.error)} onRetry={() => void loan.refetch()} />;
  else body = <LoanDetail loan={loan.data} />;

  return (
    <div className="flex flex-col gap-4">
      <title>
        {i18n._('admin.layout.pageTitle', {
          page:
            Number.isInteger(id) && id > 0
              ? i18n._('admin-loans.loan.title', { id })
              : i18n._('admin-loans.loans.title'),
        })}
      </title>
      <Link
        to="/admin/loans"
        className="inline-flex min-h-11 items-center gap-1 self-start rounded-lg font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <ArrowStartIcon className="size-5" />
        {i18n._('admin-loans.loan.back')}
      </Link>
      {body}
    </div>
  );
}

function LoanDetail({ loan }: { loan: AdminLoan }) {
  const i18n = useTexts();
  const isPaidOut = loan.disbursed_on !== null;
  const figures = [
    { key: 'amount', label: i18n._('admin-loans.loan.amount'), value: aed(loan.loan_amount) },
    {
      key: 'total',
      label: i18n._('admin-loans.loan.total', { rate: loan.interest_rate_percent }),
      value: aed(loan.total_amount_with_interest),
    },
    {
      key: 'perMonth',
      label: i18n._('admin-loans.loan.perMonth'),
      value: aed(loan.per_month_amount),
    },
    {
      key: 'term',
      label: i18n._('admin-loans.loan.term'),
      value: i18n._('admin-loans.loan.months', { count: loan.duration_month }),
    },
    { key: 'paid', label: i18n._('admin-loans.loan.paid'), value: aed(loan.paid_amount) },
    {
      key: 'remaining',
      label: i18n._('admin-loans.loan.remaining'),
      value: aed(loan.remaining_amount),
    },
    {
      key: 'next',
      label: i18n._('admin-loans.loan.nextInstallment'),
      value: loan.next_installment
        ? i18n._('admin-loans.loan.nextInstallmentValue', {
            amount: aed(loan.next_installment.amount),
            date: formatDate(loan.next_installment.due_date),
          })
        : i18n._('admin-loans.loan.none'),
    },
    {
      key: 'disbursed',
      label: i18n._('admin-loans.loan.disbursedOn'),
      value: loan.disbursed_on
        ? formatDate(loan.disbursed_on)
        : i18n._('admin-loans.loan.notDisbursed'),
    },
    {
      key: 'type',
      label: i18n._('admin-loans.loan.loanType'),
      value: LOAN_TYPES_TEXTS[loan.loan_type]
        ? i18n._(LOAN_TYPES_TEXTS[loan.loan_type]!)
        : loan.loan_type,
    },
    // Numbers, left to right in Arabic and Urdu too.
    {
      key: 'bank',
      label: i18n._('admin-loans.loan.bankAccount'),
      value: <span dir="ltr">{loan.bank_account}</span>,
    },
    {
      key: 'passport',
      label: i18n._('admin-loans.loan.passport'),
      value: <span dir="ltr">{loan.passport_or_nid}</span>,
    },
    {
      key: 'insurance',
      label: i18n._('admin-loans.loan.insurance'),
      value: loan.include_insurance
        ? i18n._('admin-loans.loan.yes')
        : i18n._('admin-loans.loan.no'),
    },
  ];

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold text-slate-900">
            {i18n._('admin-loans.loan.title', { id: loan.id })}
          </h1>
          <p className="text-slate-700">
            <Link
              to={`/admin/members/${loan.member.id}`}
              className="font-semibold text-brand-700 underline underline-offset-2"
            >
              {i18n._('admin-loans.loan.memberValue', {
                name: loan.member.name,
                id: loan.member.unique_id,
              })}
            </Link>{' '}
            · {i18n._('admin-loans.loan.appliedOn', { date: formatDate(loan.created_at) })}
          </p>
        </div>
        <LoanStateBadge loan={loan} label={(s) => i18n._(LOANS_STATES_TEXTS[s]!)} />
      </div>

      {loan.is_overdue && (
        <p className="rounded-lg bg-red-50 p-3 font-medium text-red-900">
          {i18n._('admin-loans.loan.overdueNote')}
        </p>
      )}

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <div className="flex min-w-0 flex-col gap-4">
          <section
            aria-labelledby="loan-figures-title"
            className="rounded-2xl bg-white p-4 shadow-sm sm:p-6"
          >
            <h2 id="loan-figures-title" className="text-lg font-bold text-slate-900">
              {i18n._('admin-loans.loan.figures')}
            </h2>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3">
              {figures.map((f) => (
                <div key={f.key} className="min-w-0">
                  <dt className="text-sm text-slate-600">{f.label}</dt>
                  <dd className="font-bold break-words text-slate-900 tabular-nums">{f.value}</dd>
                </div>
              ))}
            </dl>
          </section>
          <LoanGuarantors loan={loan} />
        </div>
        <LoanActions loan={loan} />
      </div>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <section aria-labelledby="loan-schedule-title" className="flex flex-col gap-3">
          <h2 id="loan-schedule-title" className="text-lg font-bold text-slate-900">
            {i18n._('admin-loans.loan.schedule')}
          </h2>
          {isPaidOut && loan.installments.length > 0 ? (
            <Schedule loan={loan} />
          ) : (
            <p className="rounded-2xl bg-white p-4 text-slate-700 shadow-sm">
              {i18n._('admin-loans.loan.noSchedule')}
            </p>
          )}
        </section>
        <History loan={loan} />
      </div>
    </>
  );
}

function Schedule({ loan }: { loan: AdminLoan }) {
  const i18n = useTexts();
  const columns: Column<Installment>[] = [
    {
      key: 'number',
      header: i18n._('admin-loans.loan.columns.number'),
      isRowHeader: true,
      cell: (i) => i.number,
    },
    {
      key: 'due',
      header: i18n._('admin-loans.loan.columns.dueDate'),
      cell: (i) => <span className="whitespace-nowrap">{formatDate(i.due_date)}</span>,
    },
    {
      key: 'amount',
      header: i18n._('admin-loans.loan.columns.amount'),
      align: 'end',
      cell: (i) => aed(i.amount, { currency: false }),
    },
    {
      key: 'paid',
      header: i18n._('admin-loans.loan.columns.paid'),
      align: 'end',
      cell: (i) => aed(i.paid, { currency: false }),
    },
    {
      key: 'status',
      header: i18n._('admin-loans.loan.columns.status'),
      cell: (i) => (
        <StatusBadge tone={INSTALLMENT_TONE[i.status]}>
          {i18n._(LOAN_INSTALLMENT_STATES_TEXTS[i.status]!)}
        </StatusBadge>
      ),
    },
  ];
  return (
    <DataTable
      caption={i18n._('admin-loans.loan.scheduleCaption', { id: loan.id })}
      columns={columns}
      rows={loan.installments}
      rowKey={(i) => i.number}
    />
  );
}

function History({ loan }: { loan: AdminLoan }) {
  const i18n = useTexts();
  return (
    <LoanHistory
      title={i18n._('admin-loans.loan.history')}
      steps={loan.transitions.map((step, index) => ({
        key: `${step.to}-${index}`,
        what: i18n._(LOAN_TRANSITIONS_TEXTS[step.to]!),
        who:
          step.admin === null
            ? i18n._(LOAN_BY_TEXTS[step.by]!)
            : step.proposed_by === null
              ? i18n._('admin-loans.loan.byAdmin', { name: step.admin.name })
              : i18n._('admin-loans.loan.byTwoAdmins', {
                  admin: step.admin.name,
                  proposer: step.proposed_by.name,
                }),
        when: <time dateTime={step.at}>{formatDateTime(step.at)}</time>,
        reason: step.reason ? i18n._('admin.loan.reason', { reason: step.reason }) : undefined,
      }))}
    />
  );
}
