import type { ReactNode } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { Link } from 'react-router';
import { useAccountData, type AccountData } from '../../../api/get-account-data.ts';
import { errorMessage } from '../../../lib/messages.ts';
import { ErrorState, Spinner } from '../../../components/states.tsx';
import { aed } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/dates.ts';
import { CardAmount } from '../../../components/figures.tsx';

/** /user/dashboard: welcome, balance cards and the Member Status panel (docs/product.md 10.2). */
export function DashboardPage() {
  const i18n = useTexts();
  const account = useAccountData();

  return (
    <>
      <PageTitle>{i18n._('dashboard.title')}</PageTitle>
      {account.isPending ? (
        <Spinner />
      ) : account.isError ? (
        <div className="flex flex-col gap-4">
          <h1 className="text-2xl font-bold text-slate-900">{i18n._('dashboard.title')}</h1>
          <ErrorState
            message={errorMessage(account.error)}
            onRetry={() => void account.refetch()}
          />
        </div>
      ) : (
        <Dashboard data={account.data} />
      )}
    </>
  );
}

function Dashboard({ data }: { data: AccountData }) {
  const i18n = useTexts();
  const rows = data.monthlyPaymentData;
  const count = (statuses: string[]) => rows.filter((r) => statuses.includes(r.status)).length;
  const isActive = data.owner_data.status === 1;

  return (
    <div className="flex flex-col gap-4 md:gap-6">
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">
            {i18n._('dashboard.welcome', { name: data.account_holder_name })}
          </h1>
          <p className="mt-1 text-slate-700">{i18n._('dashboard.subtitle')}</p>
        </div>
        <Link
          to="/user/statement"
          className="inline-flex min-h-11 items-center rounded-lg border border-brand-700 bg-white px-4 font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          {i18n._('dashboard.statement')}
        </Link>
      </div>

      <ul
        className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 lg:grid-cols-3"
        aria-label={i18n._('dashboard.balances')}
      >
        <BalanceCard
          label={i18n._('dashboard.savings')}
          amount={data.account_balance}
          tone="brand"
        />
        <BalanceCard
          label={i18n._('dashboard.dueBalance')}
          amount={data.due_balance}
          tone={data.due_balance > 0 ? 'warn' : 'plain'}
        />
        <BalanceCard
          label={i18n._('dashboard.loanBalance')}
          amount={data.loan_balance}
          tone="plain"
        />
      </ul>

      <section aria-labelledby="member-status-title" className="rounded-2xl bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="member-status-title" className="text-lg font-bold text-slate-900">
            {i18n._('dashboard.status.title')}
          </h2>
          <span
            className={`rounded-full px-3 py-1 text-sm font-semibold ${isActive ? 'bg-brand-100 text-brand-900' : 'bg-slate-200 text-slate-800'}`}
          >
            {isActive ? i18n._('common.status.active') : i18n._('common.status.inactive')}
          </span>
        </div>
        {!isActive && (
          <p className="mt-2 text-sm text-slate-700">{i18n._('dashboard.status.inactiveNote')}</p>
        )}
        <dl className="mt-4 grid gap-x-6 sm:grid-cols-2">
          <StatusRow label={i18n._('dashboard.status.memberId')}>
            <span dir="ltr">{data.owner_data.unique_id}</span>
          </StatusRow>
          <StatusRow label={i18n._('dashboard.status.memberSince')}>
            {formatDate(data.owner_data.created_at)}
          </StatusRow>
          <StatusRow label={i18n._('dashboard.status.monthlyDue')}>
            {aed(data.monthly_due)}
          </StatusRow>
          <StatusRow label={i18n._('dashboard.status.monthsPaid')}>
            {i18n._('dashboard.status.monthsOf', {
              paid: count(['completed']),
              count: rows.length,
            })}
          </StatusRow>
          <StatusRow label={i18n._('dashboard.status.monthsUnpaid')}>
            {i18n._('dashboard.status.months', { count: count(['due', 'pay_now']) })}
          </StatusRow>
          <StatusRow label={i18n._('dashboard.status.monthsInReview')}>
            {i18n._('dashboard.status.months', { count: count(['pending']) })}
          </StatusRow>
        </dl>
      </section>
    </div>
  );
}

function BalanceCard({
  label,
  amount,
  tone,
}: {
  label: string;
  amount: number;
  tone: 'brand' | 'warn' | 'plain';
}) {
  const styles = {
    brand: 'bg-brand-800 text-white',
    warn: 'bg-white text-red-700 ring-1 ring-red-200',
    plain: 'bg-white text-slate-900',
  }[tone];
  return (
    <li
      className={`flex flex-col gap-2 rounded-2xl p-4 shadow-sm min-[360px]:first:col-span-2 lg:first:col-span-1 ${styles}`}
    >
      <span
        className={`text-sm font-medium ${tone === 'brand' ? 'text-brand-100' : 'text-slate-600'}`}
      >
        {label}
      </span>
      <CardAmount>{aed(amount)}</CardAmount>
    </li>
  );
}

function StatusRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3 border-b border-slate-100 py-3">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-end font-semibold text-slate-900">{children}</dd>
    </div>
  );
}
