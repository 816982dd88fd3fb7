import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.tsx';
import { Link } from 'react-router';
import type { AdminLoan } from '@jamiya/contracts/loans';
import type { AdminPayment } from '@jamiya/contracts/payments';
import type { StatementLine } from '@jamiya/contracts/statement';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { StatusBadge, type BadgeTone } from '../../../components/status-badge.tsx';
import { aed, aedChange } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/dates.ts';
import { tableLink } from '../../../components/styles.ts';
import { LOAN_STATE_TONE } from '../../../components/loan-state-badge.tsx';

const PAYMENT_TONE: Record<AdminPayment['status'], BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
};

const nowrap = (text: ReactNode) => <span className="whitespace-nowrap">{text}</span>;

function Section({
  id,
  title,
  note,
  isEmpty,
  emptyText,
  children,
}: {
  id: string;
  title: string;
  note?: string;
  isEmpty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h2 id={id} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      {note && <p className="text-sm text-slate-600">{note}</p>}
      {isEmpty ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-4 text-slate-700">
          {emptyText}
        </p>
      ) : (
        children
      )}
    </section>
  );
}

/** The member's loans, each leading to its page in the loans area. */
export function MemberLoans({ loans }: { loans: AdminLoan[] }) {
  const { t } = useTranslation('admin-members');
  const isPaidOut = (l: AdminLoan) => ['active', 'closed', 'written_off'].includes(l.state);
  const columns: Column<AdminLoan>[] = [
    {
      key: 'loan',
      header: t('loans.columns.loan'),
      isRowHeader: true,
      cell: (l) => (
        <>
          <Link
            to={`/admin/loans/${l.id}`}
            className={`${tableLink} inline-flex min-h-11 items-center whitespace-nowrap`}
          >
            {t('loans.open', { id: l.id })}
          </Link>
          {/* The amount column is left out on a phone. */}
          <span className="block whitespace-nowrap text-slate-600 md:hidden">
            {aed(l.loan_amount)}
          </span>
        </>
      ),
    },
    {
      key: 'applied',
      header: t('loans.columns.applied'),
      isSecondary: true,
      cell: (l) => nowrap(formatDate(l.created_at)),
    },
    {
      key: 'amount',
      header: t('loans.columns.amount'),
      align: 'end',
      isSecondary: true,
      cell: (l) => nowrap(aed(l.loan_amount)),
    },
    {
      key: 'term',
      header: t('loans.columns.term'),
      align: 'end',
      isSecondary: true,
      cell: (l) => nowrap(t('detail.months', { count: l.duration_month })),
    },
    {
      key: 'state',
      header: t('loans.columns.state'),
      cell: (l) => (
        <span className="inline-flex flex-wrap gap-1">
          <StatusBadge tone={LOAN_STATE_TONE[l.state]}>{t(`loans.states.${l.state}`)}</StatusBadge>
          {l.is_overdue && <StatusBadge tone="alert">{t('loans.states.overdue')}</StatusBadge>}
        </span>
      ),
    },
    {
      key: 'remaining',
      header: t('loans.columns.remaining'),
      align: 'end',
      cell: (l) => nowrap(isPaidOut(l) ? aed(l.remaining_amount) : '—'),
    },
  ];
  return (
    <Section
      id="member-loans-title"
      title={t('loans.title')}
      isEmpty={loans.length === 0}
      emptyText={t('loans.empty')}
    >
      <DataTable caption={t('loans.title')} columns={columns} rows={loans} rowKey={(l) => l.id} />
    </Section>
  );
}

/** The latest receipts and repayments the member sent, with the committee's decision. */
export function MemberSubmissions({ payments }: { payments: AdminPayment[] }) {
  const { t } = useTranslation('admin-members');
  const columns: Column<AdminPayment>[] = [
    {
      key: 'sent',
      header: t('payments.columns.sent'),
      isSecondary: true,
      cell: (p) => nowrap(formatDate(p.created_at)),
    },
    {
      key: 'what',
      header: t('payments.columns.what'),
      isRowHeader: true,
      cell: (p) => (
        <>
          {p.kind === 'dues'
            ? t('payments.dues', { month: p.month ?? p.period ?? '' })
            : t('payments.repayment')}
          {/* The date column is left out on a phone. */}
          <span className="block whitespace-nowrap text-slate-600 md:hidden">
            {formatDate(p.created_at)}
          </span>
        </>
      ),
    },
    {
      key: 'amount',
      header: t('payments.columns.amount'),
      align: 'end',
      cell: (p) => (
        <>
          {nowrap(aed(p.approved_amount ?? p.amount))}
          {p.approved_amount !== null && p.approved_amount !== p.amount && (
            <span className="block text-xs text-slate-600">
              {t('payments.sentAmount', { amount: aed(p.amount) })}
            </span>
          )}
        </>
      ),
    },
    {
      key: 'status',
      header: t('payments.columns.status'),
      cell: (p) => (
        <StatusBadge tone={PAYMENT_TONE[p.status]}>{t(`payments.states.${p.status}`)}</StatusBadge>
      ),
    },
    {
      key: 'note',
      header: t('payments.columns.note'),
      isSecondary: true,
      cell: (p) => <span className="text-slate-700">{p.review_note ?? ''}</span>,
    },
  ];
  return (
    <Section
      id="member-payments-title"
      title={t('payments.title')}
      isEmpty={payments.length === 0}
      emptyText={t('payments.empty')}
    >
      <DataTable
        caption={t('payments.title')}
        columns={columns}
        rows={payments}
        rowKey={(p) => p.id}
      />
    </Section>
  );
}

/** Every movement of the member's money from the ledger, newest first, with running balances. */
export function MemberStatement({ lines }: { lines: StatementLine[] }) {
  const { t } = useTranslation('admin-members');
  const columns: Column<StatementLine>[] = [
    {
      key: 'date',
      header: t('statement.columns.date'),
      cell: (l) => nowrap(formatDate(l.occurred_at)),
    },
    {
      key: 'kind',
      header: t('statement.columns.kind'),
      cell: (l) => nowrap(t(`kinds.${l.kind}`)),
    },
    {
      key: 'memo',
      header: t('statement.columns.memo'),
      isSecondary: true,
      cell: (l) => l.memo,
    },
    {
      key: 'savingsChange',
      header: t('statement.columns.savingsChange'),
      align: 'end',
      cell: (l) => nowrap(aedChange(l.savings_change)),
    },
    {
      key: 'loanChange',
      header: t('statement.columns.loanChange'),
      align: 'end',
      // The books' principal, as the columns are headed; `loan_change` adds the interest.
      cell: (l) => nowrap(aedChange(l.loan_principal_change)),
    },
    {
      key: 'savingsBalance',
      header: t('statement.columns.savingsBalance'),
      align: 'end',
      cell: (l) => (
        <span className="font-semibold whitespace-nowrap">{aed(l.savings_balance)}</span>
      ),
    },
    {
      key: 'loanBalance',
      header: t('statement.columns.loanBalance'),
      align: 'end',
      cell: (l) => (
        <span className="font-semibold whitespace-nowrap">{aed(l.loan_principal_balance)}</span>
      ),
    },
  ];
  return (
    <Section
      id="member-statement-title"
      title={t('statement.title')}
      note={t('statement.note')}
      isEmpty={lines.length === 0}
      emptyText={t('statement.empty')}
    >
      <DataTable
        caption={t('statement.caption')}
        columns={columns}
        rows={lines}
        rowKey={(l) => l.entry_id}
      />
    </Section>
  );
}
