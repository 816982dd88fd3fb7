import { useRef } from 'react';
import { PaymentBadges } from './payment-badges.tsx';
import { useTexts } from '../../../lib/i18n.tsx';
import { PAYMENTS_EMPTY_TEXTS, PAYMENTS_STATUS_TEXTS } from '../texts.ts';
import { useSearchParams } from 'react-router';
import { ShowMoreButton } from '../../../components/show-more-button.tsx';
import { EmptyState, ErrorState, Spinner } from '../../../components/states.tsx';
import { Tabs, tabPanelProps } from '../../../components/tabs.tsx';
import { aed } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/messages.ts';
import { useAdminPayments, type AdminPayment, type PaymentStatus } from '../api/admin-payments.ts';
import { useUnseenPayments, type UnseenStatement } from '../api/unseen-payments.ts';
import { PaymentReview } from './payment-review.tsx';
import { duplicatesLine, paymentWhat, unseenWarning } from './payment-text.ts';
import { PageHeading } from '../../../components/page-heading.tsx';

const STATUSES: PaymentStatus[] = ['pending', 'approved', 'rejected'];
const isStatus = (s: string | null): s is PaymentStatus => STATUSES.includes(s as PaymentStatus);

/** Side by side from lg; below it the receipt comes under the list. */
const isStacked = () =>
  typeof window.matchMedia !== 'function' || !window.matchMedia('(min-width: 64rem)').matches;

/**
 * The review queue (/admin/payments): submissions by status, each shown beside its receipt,
 * approved (amount corrected if need be) or rejected with a reason. A receipt the bank
 * statement of its date does not show is flagged, and its approval asked once more.
 */
export function ReviewQueuePage() {
  const i18n = useTexts();
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get('status');
  const status: PaymentStatus = isStatus(rawStatus) ? rawStatus : 'pending';
  const selectedId = Number(params.get('payment')) || null;
  const payments = useAdminPayments(status);
  const unseen = useUnseenPayments();
  // Only a receipt still waiting is the bank's to show (the list may lag a decision).
  const unseenIn = (payment: AdminPayment) =>
    payment.status === 'pending' ? unseen.get(payment.id) : undefined;
  const headingRef = useRef<HTMLHeadingElement>(null);

  const items = payments.data?.pages.flatMap((p) => p.items) ?? [];
  // The one asked for, else the first: the next receipt is always ready beside the list.
  const selected = items.find((p) => p.id === selectedId) ?? items[0];

  const show = (next: { status?: PaymentStatus; payment?: number | null }) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        if (next.status) out.set('status', next.status);
        if (next.payment === null) out.delete('payment');
        else if (next.payment !== undefined) out.set('payment', String(next.payment));
        return out;
      },
      { replace: true },
    );

  const select = (payment: AdminPayment) => {
    show({ payment: payment.id });
    if (isStacked()) requestAnimationFrame(() => headingRef.current?.focus());
  };

  // After a decision the submission leaves the pending list: the one after it comes up.
  const onDecided = () => {
    if (!selected) return;
    const index = items.findIndex((p) => p.id === selected.id);
    const next = items[index + 1] ?? items[index - 1];
    show({ payment: next?.id ?? null });
  };

  let body;
  if (payments.isPending) body = <Spinner />;
  else if (payments.isError)
    body = (
      <ErrorState message={errorMessage(payments.error)} onRetry={() => void payments.refetch()} />
    );
  else if (items.length === 0)
    body = (
      <EmptyState title={i18n._(PAYMENTS_EMPTY_TEXTS[status]!)}>
        <p className="text-sm">{i18n._('admin-payments.payments.emptyBody')}</p>
      </EmptyState>
    );
  else
    body = (
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[18rem_minmax(0,1fr)] lg:items-start">
        <div className="flex flex-col gap-3">
          <ul
            aria-label={i18n._('admin-payments.payments.listLabel', {
              status: i18n._(PAYMENTS_STATUS_TEXTS[status]!),
            })}
            className="flex flex-col gap-2"
          >
            {items.map((payment) => (
              <PaymentItem
                key={payment.id}
                payment={payment}
                unseenIn={unseenIn(payment)}
                isSelected={payment.id === selected?.id}
                onSelect={() => select(payment)}
              />
            ))}
          </ul>
          <ShowMoreButton
            hasNextPage={payments.hasNextPage}
            isFetchingNextPage={payments.isFetchingNextPage}
            fetchNextPage={payments.fetchNextPage}
          >
            {i18n._('admin-payments.payments.showMore')}
          </ShowMoreButton>
        </div>
        <div className="lg:sticky lg:top-20">
          {selected ? (
            <PaymentReview
              key={selected.id}
              payment={selected}
              unseenIn={unseenIn(selected)}
              onDecided={onDecided}
              headingRef={headingRef}
            />
          ) : (
            <p className="rounded-2xl bg-white p-6 text-slate-700 shadow-sm">
              {i18n._('admin-payments.payments.choose')}
            </p>
          )}
        </div>
      </div>
    );

  return (
    <div className="flex flex-col gap-4">
      <title>
        {i18n._('admin.layout.pageTitle', { page: i18n._('admin-payments.payments.title') })}
      </title>
      <PageHeading
        title={i18n._('admin-payments.payments.title')}
        subtitle={i18n._('admin-payments.payments.subtitle')}
      />
      <Tabs
        label={i18n._('admin-payments.payments.tabs')}
        idBase="payments"
        items={STATUSES.map((s) => ({ key: s, label: i18n._(PAYMENTS_STATUS_TEXTS[s]!) }))}
        selected={status}
        onSelect={(s) => show({ status: s, payment: null })}
      />
      <div {...tabPanelProps('payments', status)}>{body}</div>
    </div>
  );
}

function PaymentItem({
  payment,
  unseenIn,
  isSelected,
  onSelect,
}: {
  payment: AdminPayment;
  unseenIn: UnseenStatement | undefined;
  isSelected: boolean;
  onSelect: () => void;
}) {
  const i18n = useTexts();
  return (
    <li>
      <button
        type="button"
        aria-current={isSelected || undefined}
        onClick={onSelect}
        className={`grid w-full grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 rounded-xl border bg-white p-3 text-start shadow-sm hover:border-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${isSelected ? 'border-brand-700 ring-2 ring-brand-700' : 'border-slate-200'}`}
      >
        <span className="col-span-2 truncate font-semibold text-slate-900">
          {i18n._('admin-payments.payments.memberLine', {
            name: payment.member.name,
            id: payment.member.unique_id,
          })}
        </span>
        <span className="text-sm text-slate-700">{paymentWhat(i18n, payment)}</span>
        <span className="text-end font-bold text-slate-900 tabular-nums">
          {aed(payment.amount)}
        </span>
        <span className="self-center text-sm text-slate-600">
          {i18n._('admin-payments.payments.submitted', { date: formatDate(payment.created_at) })}
        </span>
        <span className="flex flex-wrap justify-end gap-1 justify-self-end">
          <PaymentBadges payment={payment} />
        </span>
        {unseenIn && (
          <span className="col-span-2 rounded-lg bg-amber-50 px-2 py-1 text-sm font-medium text-amber-950">
            {unseenWarning(i18n, unseenIn)}
          </span>
        )}
        {payment.possible_duplicates.length > 0 && (
          <span className="col-span-2 rounded-lg bg-amber-50 px-2 py-1 text-sm font-medium text-amber-950">
            {duplicatesLine(i18n, payment.possible_duplicates)}
          </span>
        )}
      </button>
    </li>
  );
}
