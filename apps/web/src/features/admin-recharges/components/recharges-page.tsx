import { useState } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import { EMPTY_TEXTS, FIELDS_TEXTS, OPERATORS_TEXTS, STATES_TEXTS } from '../texts.ts';
import { useSearchParams } from 'react-router';
import { formatIndianMobile } from '@jamiya/contracts/values';
import { Button } from '../../../components/button.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { ShowMoreButton } from '../../../components/show-more-button.tsx';
import { EmptyState, ErrorState, Spinner } from '../../../components/states.tsx';
import { StatusBadge, type BadgeTone } from '../../../components/status-badge.tsx';
import { tabPanelProps, Tabs } from '../../../components/tabs.tsx';
import { aed } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/messages.ts';
import { useMarkRechargeDone, useRefuseRecharge } from '../api/decide-recharge.ts';
import { useRecharges, type AdminRecharge, type RechargeState } from '../api/get-recharges.ts';
import { MarkDoneDialog } from './mark-done-dialog.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';

const TABS: RechargeState[] = ['requested', 'done', 'refused'];
const TONE: Record<RechargeState, BadgeTone> = {
  requested: 'warning',
  done: 'success',
  refused: 'danger',
};

type Deciding = { kind: 'done' | 'refuse'; recharge: AdminRecharge } | null;

/**
 * /admin/recharges: members' mobile recharge requests by state. The treasurer makes the
 * recharge with the operator, then marks it done with the reference, or refuses it.
 */
export function RechargesPage() {
  const i18n = useTexts();
  const [params, setParams] = useSearchParams();
  const state = TABS.find((s) => s === params.get('state')) ?? 'requested';
  const [deciding, setDeciding] = useState<Deciding>(null);
  const markDone = useMarkRechargeDone();
  const refuse = useRefuseRecharge();
  const choose = (next: RechargeState) =>
    setParams(next === 'requested' ? {} : { state: next }, { replace: true });
  const current = deciding?.recharge;

  return (
    <div className="flex flex-col gap-6">
      <title>{i18n._('admin-recharges.pageTitle')}</title>
      <PageHeading
        title={i18n._('admin-recharges.title')}
        subtitle={i18n._('admin-recharges.subtitle')}
      />
      <Tabs
        label={i18n._('admin-recharges.tabsLabel')}
        idBase="recharges"
        items={TABS.map((key) => ({ key, label: i18n._(STATES_TEXTS[key]!) }))}
        selected={state}
        onSelect={choose}
      />
      <div {...tabPanelProps('recharges', state)} className="flex flex-col gap-4">
        <RechargeList
          state={state}
          onDone={(recharge) => setDeciding({ kind: 'done', recharge })}
          onRefuse={(recharge) => setDeciding({ kind: 'refuse', recharge })}
        />
      </div>
      <MarkDoneDialog
        isOpen={deciding?.kind === 'done'}
        onClose={() => setDeciding(null)}
        title={i18n._('admin-recharges.done.title', { name: current?.member.name ?? '' })}
        onConfirm={async (reference) =>
          (await markDone.mutateAsync({ id: current!.id, reference })).message
        }
      >
        {current && <Summary recharge={current} />}
      </MarkDoneDialog>
      <ReasonDialog
        isOpen={deciding?.kind === 'refuse'}
        onClose={() => setDeciding(null)}
        title={i18n._('admin-recharges.refuse.title', { name: current?.member.name ?? '' })}
        reasonLabel={i18n._('admin-recharges.refuse.reason')}
        isReasonRequired
        confirmLabel={i18n._('admin-recharges.refuse.confirm')}
        isDanger
        onConfirm={async (reason) =>
          (await refuse.mutateAsync({ id: current!.id, reason: reason ?? '' })).message
        }
      >
        {current && <Summary recharge={current} />}
      </ReasonDialog>
    </div>
  );
}

function RechargeList({
  state,
  onDone,
  onRefuse,
}: {
  state: RechargeState;
  onDone: (recharge: AdminRecharge) => void;
  onRefuse: (recharge: AdminRecharge) => void;
}) {
  const i18n = useTexts();
  const recharges = useRecharges(state);
  if (recharges.isPending) return <Spinner />;
  if (recharges.isError)
    return (
      <ErrorState
        message={errorMessage(recharges.error)}
        onRetry={() => void recharges.refetch()}
      />
    );
  const items = recharges.data.pages.flatMap((p) => p.items);
  if (items.length === 0)
    return (
      <EmptyState title={i18n._(EMPTY_TEXTS[state]!)}>
        {state === 'requested' && <p className="text-sm">{i18n._('admin-recharges.emptyBody')}</p>}
      </EmptyState>
    );
  return (
    <>
      <ul className="flex flex-col gap-3">
        {items.map((recharge) => (
          <RechargeCard
            key={recharge.id}
            recharge={recharge}
            onDone={() => onDone(recharge)}
            onRefuse={() => onRefuse(recharge)}
          />
        ))}
      </ul>
      <ShowMoreButton
        hasNextPage={recharges.hasNextPage}
        isFetchingNextPage={recharges.isFetchingNextPage}
        fetchNextPage={recharges.fetchNextPage}
      >
        {i18n._('admin-recharges.showMore')}
      </ShowMoreButton>
    </>
  );
}

function RechargeCard({
  recharge: r,
  onDone,
  onRefuse,
}: {
  recharge: AdminRecharge;
  onDone: () => void;
  onRefuse: () => void;
}) {
  const i18n = useTexts();
  const headingId = `recharge-${r.id}`;
  const which = i18n._('admin-recharges.which', {
    name: r.member.name,
    amount: aed(r.amount),
    number: formatIndianMobile(r.number),
  });
  return (
    <li aria-labelledby={headingId} className="rounded-2xl bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h2 id={headingId} className="text-lg font-bold text-slate-900">
            {r.member.name}
          </h2>
          <span dir="ltr" className="text-sm text-slate-600">
            {r.member.unique_id}
          </span>
          <StatusBadge tone={TONE[r.state]}>{i18n._(STATES_TEXTS[r.state]!)}</StatusBadge>
        </div>
        {r.state === 'requested' && (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button onClick={onDone} aria-label={i18n._('admin-recharges.markDoneOf', { which })}>
              {i18n._('admin-recharges.markDone')}
            </Button>
            <Button
              variant="secondary"
              onClick={onRefuse}
              aria-label={i18n._('admin-recharges.refuseOf', { which })}
            >
              {i18n._('admin-recharges.refuse.action')}
            </Button>
          </div>
        )}
      </div>
      <Details recharge={r} />
    </li>
  );
}

function Details({ recharge: r }: { recharge: AdminRecharge }) {
  const i18n = useTexts();
  const fields = [
    { key: 'number', value: <span dir="ltr">{formatIndianMobile(r.number)}</span> },
    { key: 'operator', value: i18n._(OPERATORS_TEXTS[r.operator]!) },
    { key: 'amount', value: aed(r.amount) },
    { key: 'requested', value: formatDate(r.created_at) },
    ...(r.state === 'done'
      ? [
          { key: 'reference', value: <span dir="ltr">{r.reference}</span> },
          { key: 'doneOn', value: r.decided_at && formatDate(r.decided_at) },
        ]
      : []),
    ...(r.state === 'refused'
      ? [
          { key: 'reason', value: r.reason },
          { key: 'refusedOn', value: r.decided_at && formatDate(r.decided_at) },
        ]
      : []),
  ];
  return (
    <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 lg:grid-cols-4">
      {fields.map(({ key, value }) => (
        <div key={key} className={`min-w-0 ${key === 'reason' ? 'col-span-2' : ''}`}>
          <dt className="text-sm text-slate-600">{i18n._(FIELDS_TEXTS[key]!)}</dt>
          <dd className="font-medium break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What the dialog is about, so the treasurer checks the number before confirming. */
function Summary({ recharge: r }: { recharge: AdminRecharge }) {
  const i18n = useTexts();
  return (
    <div className="rounded-xl bg-slate-50 p-3 text-slate-800">
      <p className="font-semibold">
        {i18n._('admin-recharges.summary', {
          amount: aed(r.amount),
          operator: i18n._(OPERATORS_TEXTS[r.operator]!),
        })}
      </p>
      {/* Left to right inside the line, which keeps the side of the page's language. */}
      <p className="text-lg font-bold tracking-wide">
        <span dir="ltr">{formatIndianMobile(r.number)}</span>
      </p>
      <p className="text-sm text-slate-600">
        <bdi>{r.member.name}</bdi> · <span dir="ltr">{r.member.unique_id}</span>
      </p>
    </div>
  );
}
