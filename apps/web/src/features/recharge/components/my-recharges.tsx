import { useTexts } from '../../../lib/i18n.tsx';
import { MY_RECHARGES_STATES_TEXTS, RECHARGE_OPERATORS_TEXTS } from '../texts.ts';
import { formatIndianMobile } from '@jamiya/contracts/values';
import { ShowMoreButton } from '../../../components/show-more-button.tsx';
import { EmptyState, ErrorState, Spinner } from '../../../components/states.tsx';
import { StatusBadge, type BadgeTone } from '../../../components/status-badge.tsx';
import { aed } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/messages.ts';
import { useMyRecharges, type Recharge } from '../api/get-my-recharges.ts';

const TONE: Record<Recharge['state'], BadgeTone> = {
  requested: 'warning',
  done: 'success',
  refused: 'danger',
};

/** The member's recharge requests, newest first, with what the committee did. */
export function MyRecharges() {
  const i18n = useTexts();
  const recharges = useMyRecharges();

  let body;
  if (recharges.isPending) body = <Spinner />;
  else if (recharges.isError)
    body = (
      <ErrorState
        message={errorMessage(recharges.error)}
        onRetry={() => void recharges.refetch()}
      />
    );
  else {
    const items = recharges.data.pages.flatMap((p) => p.items);
    body =
      items.length === 0 ? (
        <EmptyState title={i18n._('recharge.myRecharges.empty')}>
          <p className="text-sm">{i18n._('recharge.myRecharges.emptyBody')}</p>
        </EmptyState>
      ) : (
        <>
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
            {items.map((r) => (
              <RechargeItem key={r.id} recharge={r} />
            ))}
          </ul>
          <ShowMoreButton
            hasNextPage={recharges.hasNextPage}
            isFetchingNextPage={recharges.isFetchingNextPage}
            fetchNextPage={recharges.fetchNextPage}
          >
            {i18n._('recharge.myRecharges.showMore')}
          </ShowMoreButton>
        </>
      );
  }

  return (
    <section aria-labelledby="my-recharges-title" className="flex flex-col gap-3">
      <h2 id="my-recharges-title" className="text-lg font-bold text-slate-900">
        {i18n._('recharge.myRecharges.title')}
      </h2>
      {body}
    </section>
  );
}

function RechargeItem({ recharge: r }: { recharge: Recharge }) {
  const i18n = useTexts();
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 px-4 py-3 md:px-5">
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">
          <span dir="ltr">{formatIndianMobile(r.number)}</span>
          <span className="font-normal text-slate-600">
            {' '}
            · {i18n._(RECHARGE_OPERATORS_TEXTS[r.operator]!)}
          </span>
        </p>
        <p className="text-sm text-slate-600">
          {i18n._('recharge.myRecharges.requested', { date: formatDate(r.created_at) })}
        </p>
      </div>
      <div className="flex flex-col items-end gap-1">
        <span className="font-bold text-slate-900 tabular-nums">{aed(r.amount)}</span>
        <StatusBadge tone={TONE[r.state]}>
          {i18n._(MY_RECHARGES_STATES_TEXTS[r.state]!)}
        </StatusBadge>
      </div>
      {r.state === 'done' && (
        <p className="col-span-2 text-sm text-green-900">
          {i18n._('recharge.myRecharges.reference', { reference: r.reference ?? '' })}
          {r.decided_at && ` · ${formatDate(r.decided_at)}`}
        </p>
      )}
      {r.state === 'refused' && (
        <p className="col-span-2 text-sm text-red-800">
          {i18n._('recharge.myRecharges.reason', { reason: r.reason ?? '' })}
        </p>
      )}
      {r.state === 'requested' && (
        <p className="col-span-2 text-sm text-slate-600">
          {i18n._('recharge.myRecharges.waiting')}
        </p>
      )}
    </li>
  );
}
