import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTexts } from '../../../lib/i18n.tsx';
import { OVERVIEW_TEXTS, OVERVIEW_HINT_TEXTS } from '../texts.ts';
import { Link } from 'react-router';
import { ErrorState, Spinner } from '../../../components/states.tsx';
import { aed } from '../../../lib/format.ts';
import { errorMessage } from '../../../lib/messages.ts';
import { useOverview, type AdminOverview } from '../../../api/get-overview.ts';
import { useArrears, type ArrearsReport } from '../../../api/get-arrears.ts';
import { OverviewChart } from './overview-chart.tsx';
import { ParPanel } from './par-panel.tsx';
import { ProposalsPanel } from './proposals-panel.tsx';
import { MonthsPanel } from './months-panel.tsx';
import { YearsPanel } from './years-panel.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';

interface Card {
  key: string;
  value: string;
  hint?: string | undefined;
  to: string;
  /** Work waiting: drawn stronger when there is some. */
  isAttention?: boolean;
}

/** The treasurer's start page: the association's figures, what waits, and 12 months of history. */
export function AdminOverviewPage() {
  const i18n = useTexts();
  const overview = useOverview();
  // Asked for beside the overview, not after it.
  const arrears = useArrears();

  return (
    <div className="flex flex-col gap-6">
      <title>{i18n._('admin.layout.pageTitle', { page: i18n._('admin.overview.title') })}</title>
      <PageHeading
        title={i18n._('admin.overview.title')}
        subtitle={i18n._('admin.overview.subtitle')}
      />
      {overview.isPending ? (
        <Spinner />
      ) : overview.isError ? (
        <ErrorState
          message={errorMessage(overview.error)}
          onRetry={() => void overview.refetch()}
        />
      ) : (
        <OverviewBody overview={overview.data} arrears={arrears} />
      )}
    </div>
  );
}

function OverviewBody({
  overview: o,
  arrears,
}: {
  overview: AdminOverview;
  arrears: UseQueryResult<ArrearsReport>;
}) {
  const i18n = useTexts();
  const money: Card[] = [
    { key: 'savingsHeld', value: aed(o.savings_held), to: '/admin/members' },
    { key: 'loansOutstanding', value: aed(o.loans_outstanding), to: '/admin/loans?state=active' },
    { key: 'cashInHand', value: aed(o.cash_in_hand), to: '/admin/ledger' },
    { key: 'interestEarned', value: aed(o.interest_earned), to: '/admin/ledger' },
    {
      key: 'overdue',
      value: aed(o.overdue_installments.amount),
      hint: i18n._('admin.overview.overdueHint', { count: o.overdue_installments.count }),
      to: '/admin/loans?state=active',
      isAttention: o.overdue_installments.count > 0,
    },
  ];
  const toDo: Card[] = [
    {
      key: 'receiptsPending',
      value: String(o.receipts_pending),
      to: '/admin/payments',
      isAttention: o.receipts_pending > 0,
    },
    {
      key: 'loanApplicationsPending',
      value: String(o.loan_applications_pending),
      to: '/admin/loans?state=pending',
      isAttention: o.loan_applications_pending > 0,
    },
    {
      key: 'loansToDisburse',
      value: String(o.loans_to_disburse),
      to: '/admin/loans?state=approved',
      isAttention: o.loans_to_disburse > 0,
    },
    {
      key: 'membershipApplicationsPending',
      value: String(o.membership_applications_pending),
      to: '/admin/applications',
      isAttention: o.membership_applications_pending > 0,
    },
    {
      key: 'members',
      value: i18n._('admin.overview.membersValue', { active: o.members.active }),
      hint: i18n._('admin.overview.membersHint', { inactive: o.members.inactive }),
      to: '/admin/members',
    },
  ];
  return (
    <>
      <CardGroup id="overview-money" title={i18n._('admin.overview.money')}>
        {money.map((c) => (
          <FigureCard key={c.key} card={c} />
        ))}
      </CardGroup>
      <ParPanel arrears={arrears} />
      <CardGroup id="overview-to-do" title={i18n._('admin.overview.toDo')}>
        {toDo.map((c) => (
          <FigureCard key={c.key} card={c} />
        ))}
      </CardGroup>
      <ProposalsPanel proposals={o.proposals} activeAdmins={o.active_admins} />
      <MonthsPanel />
      <YearsPanel />
      <OverviewChart history={o.history} />
    </>
  );
}

function CardGroup({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      <ul className="grid grid-cols-[repeat(auto-fit,minmax(9.5rem,1fr))] gap-3">{children}</ul>
    </section>
  );
}

function FigureCard({ card }: { card: Card }) {
  const i18n = useTexts();
  const hint =
    card.hint ?? (OVERVIEW_HINT_TEXTS[card.key] ? i18n._(OVERVIEW_HINT_TEXTS[card.key]!) : '');
  return (
    <li>
      <Link
        to={card.to}
        className={`flex h-full flex-col gap-1 rounded-2xl border bg-white p-3 shadow-sm sm:p-4 transition-colors hover:border-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${card.isAttention ? 'border-amber-400' : 'border-slate-200'}`}
      >
        <div className="text-sm font-medium text-slate-700">
          {i18n._(OVERVIEW_TEXTS[card.key]!)}
        </div>
        <div className="text-xl font-extrabold break-words text-slate-900 tabular-nums">
          {card.value}
        </div>
        {hint && <div className="text-sm text-slate-600">{hint}</div>}
      </Link>
    </li>
  );
}
