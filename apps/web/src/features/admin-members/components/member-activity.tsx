import type { ReactNode } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import { KINDS_TEXTS, LOANS_STATES_TEXTS, PAYMENTS_STATES_TEXTS } from '../texts.ts';
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
  reversed: 'neutral',
};

const nowrap = (text: ReactNode) => <span className="whitespace-nowrap">{text}</span>;

/** A part of the member's page: its heading, a note, and its content or a dashed empty box. */
export function Section({
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
  const i18n = useTexts();
  const isPaidOut = (l: AdminLoan) => ['active', 'closed', 'written_off'].includes(l.state);
  const columns: Column<AdminLoan>[] = [
    {
      key: 'loan',
      header: i18n._('admin-members.loans.columns.loan'),
      isRowHeader: true,
      cell: (l) => (
        <>
          <Link
            to={`/admin/loans/${l.id}`}
            className={`${tableLink} inline-flex min-h-11 items-center whitespace-nowrap`}
          >
            {i18n._('admin-members.loans.open', { id: l.id })}
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
      header: i18n._('admin-members.loans.columns.applied'),
      isSecondary: true,
      cell: (l) => nowrap(formatDate(l.created_at)),
    },
    {
      key: 'amount',
      header: i18n._('admin-members.loans.columns.amount'),
      align: 'end',
      isSecondary: true,
      cell: (l) => nowrap(aed(l.loan_amount)),
    },
    {
      key: 'term',
      header: i18n._('admin-members.loans.columns.term'),
      align: 'end',
      isSecondary: true,
      cell: (l) => nowrap(i18n._('admin-members.detail.months', { count: l.duration_month })),
    },
    {
      key: 'state',
      header: i18n._('admin-members.loans.columns.state'),
      cell: (l) => (
        <span className="inline-flex flex-wrap gap-1">
          <StatusBadge tone={LOAN_STATE_TONE[l.state]}>
            {i18n._(LOANS_STATES_TEXTS[l.state]!)}
          </StatusBadge>
          {l.is_overdue && (
            <StatusBadge tone="alert">{i18n._('admin-members.loans.states.overdue')}</StatusBadge>
          )}
        </span>
      ),
    },
    {
      key: 'remaining',
      header: i18n._('admin-members.loans.columns.remaining'),
      align: 'end',
      cell: (l) => nowrap(isPaidOut(l) ? aed(l.remaining_amount) : '—'),
    },
  ];
  return (
    <Section
      id="member-loans-title"
      title={i18n._('admin-members.loans.title')}
      isEmpty={loans.length === 0}
      emptyText={i18n._('admin-members.loans.empty')}
    >
      <DataTable
        caption={i18n._('admin-members.loans.title')}
        columns={columns}
        rows={loans}
        rowKey={(l) => l.id}
      />
    </Section>
  );
}

/** The latest receipts and repayments the member sent, with the committee's decision. */
export function MemberSubmissions({ payments }: { payments: AdminPayment[] }) {
  const i18n = useTexts();
  const columns: Column<AdminPayment>[] = [
    {
      key: 'sent',
      header: i18n._('admin-members.payments.columns.sent'),
      isSecondary: true,
      cell: (p) => nowrap(formatDate(p.created_at)),
    },
    {
      key: 'what',
      header: i18n._('admin-members.payments.columns.what'),
      isRowHeader: true,
      cell: (p) => (
        <>
          {p.kind === 'dues'
            ? i18n._('admin-members.payments.dues', { month: p.month ?? p.period ?? '' })
            : i18n._('admin-members.payments.repayment')}
          {/* The date column is left out on a phone. */}
          <span className="block whitespace-nowrap text-slate-600 md:hidden">
            {formatDate(p.created_at)}
          </span>
        </>
      ),
    },
    {
      key: 'amount',
      header: i18n._('admin-members.payments.columns.amount'),
      align: 'end',
      cell: (p) => (
        <>
          {nowrap(aed(p.approved_amount ?? p.amount))}
          {p.approved_amount !== null && p.approved_amount !== p.amount && (
            <span className="block text-xs text-slate-600">
              {i18n._('admin-members.payments.sentAmount', { amount: aed(p.amount) })}
            </span>
          )}
        </>
      ),
    },
    {
      key: 'status',
      header: i18n._('admin-members.payments.columns.status'),
      cell: (p) => (
        <StatusBadge tone={PAYMENT_TONE[p.status]}>
          {i18n._(PAYMENTS_STATES_TEXTS[p.status]!)}
        </StatusBadge>
      ),
    },
    {
      key: 'note',
      header: i18n._('admin-members.payments.columns.note'),
      isSecondary: true,
      cell: (p) => <span className="text-slate-700">{p.review_note ?? ''}</span>,
    },
  ];
  return (
    <Section
      id="member-payments-title"
      title={i18n._('admin-members.payments.title')}
      isEmpty={payments.length === 0}
      emptyText={i18n._('admin-members.payments.empty')}
    >
      <DataTable
        caption={i18n._('admin-members.payments.title')}
        columns={columns}
        rows={payments}
        rowKey={(p) => p.id}
      />
    </Section>
  );
}

/** Every movement of the member's money from the ledger, newest first, with running balances. */
export function MemberStatement({ lines }: { lines: StatementLine[] }) {
  const i18n = useTexts();
  const columns: Column<StatementLine>[] = [
    {
      key: 'date',
      header: i18n._('admin-members.statement.columns.date'),
      cell: (l) => nowrap(formatDate(l.occurred_at)),
    },
    {
      key: 'kind',
      header: i18n._('admin-members.statement.columns.kind'),
      cell: (l) => nowrap(i18n._(KINDS_TEXTS[l.kind]!)),
    },
    {
      key: 'memo',
      header: i18n._('admin-members.statement.columns.memo'),
      isSecondary: true,
      cell: (l) => l.memo,
    },
    {
      key: 'savingsChange',
      header: i18n._('admin-members.statement.columns.savingsChange'),
      align: 'end',
      cell: (l) => nowrap(aedChange(l.savings_change)),
    },
    {
      key: 'loanChange',
      header: i18n._('admin-members.statement.columns.loanChange'),
      align: 'end',
      // The books' principal, as the columns are headed; `loan_change` adds the interest.
      cell: (l) => nowrap(aedChange(l.loan_principal_change)),
    },
    {
      key: 'savingsBalance',
      header: i18n._('admin-members.statement.columns.savingsBalance'),
      align: 'end',
      cell: (l) => (
        <span className="font-semibold whitespace-nowrap">{aed(l.savings_balance)}</span>
      ),
    },
    {
      key: 'loanBalance',
      header: i18n._('admin-members.statement.columns.loanBalance'),
      align: 'end',
      cell: (l) => (
        <span className="font-semibold whitespace-nowrap">{aed(l.loan_principal_balance)}</span>
      ),
    },
  ];
  return (
    <Section
      id="member-statement-title"
      title={i18n._('admin-members.statement.title')}
      note={i18n._('admin-members.statement.note')}
      isEmpty={lines.length === 0}
      emptyText={i18n._('admin-members.statement.empty')}
    >
      <DataTable
        caption={i18n._('admin-members.statement.caption')}
        columns={columns}
        rows={lines}
        rowKey={(l) => l.entry_id}
      />
    </Section>
  );
}
