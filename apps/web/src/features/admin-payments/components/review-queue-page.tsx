import { useRef } from 'react';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useSearchParams } from 'react-router';
import { ShowMoreButton } from '../../../components/show-more-button.tsx';
import { EmptyState, ErrorState, Spinner } from '../../../components/states.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { Tabs, tabPanelProps } from '../../../components/tabs.tsx';
import { aed } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/messages.ts';
import { useAdminPayments, type AdminPayment, type PaymentStatus } from '../api/admin-payments.ts';
import { PaymentReview } from './payment-review.tsx';
import { duplicateWarning, paymentWhat, PAYMENT_TONE } from './payment-text.ts';
import { PageHeading } from '../../../components/page-heading.tsx';

const STATUSES: PaymentStatus[] = ['pending', 'approved', 'rejected'];
const isStatus = (s: string | null): s is PaymentStatus => STATUSES.includes(s as PaymentStatus);

/** Side by side from lg; below it the receipt comes under the list. */
const isStacked = () =>
  typeof window.matchMedia !== 'function' || !window.matchMedia('(min-width: 64rem)').matches;

/**
 * The review queue (/admin/payments): submissions by status, each shown beside its receipt,
 * approved (amount corrected if need be) or rejected with a reason.
 */
export function ReviewQueuePage() {
  const { t } = useTranslation('admin-payments');
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get('status');
  const status: PaymentStatus = isStatus(rawStatus) ? rawStatus : 'pending';
  const selectedId = Number(params.get('payment')) || null;
  const payments = useAdminPayments(status);
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
      <EmptyState title={t(`payments.empty.${status}`)}>
        <p className="text-sm">{t('payments.emptyBody')}</p>
      </EmptyState>
    );
  else
    body = (
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[18rem_minmax(0,1fr)] lg:items-start">
        <div className="flex flex-col gap-3">
          <ul
            aria-label={t('payments.listLabel', { status: t(`payments.status.${status}`) })}
            className="flex flex-col gap-2"
          >
            {items.map((payment) => (
              <PaymentItem
                key={payment.id}
                payment={payment}
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
            {t('payments.showMore')}
          </ShowMoreButton>
        </div>
        <div className="lg:sticky lg:top-20">
          {selected ? (
            <PaymentReview
              key={selected.id}
              payment={selected}
              onDecided={onDecided}
              headingRef={headingRef}
            />
          ) : (
            <p className="rounded-2xl bg-white p-6 text-slate-700 shadow-sm">
              {t('payments.choose')}
            </p>
          )}
        </div>
      </div>
    );

  return (
    <div className="flex flex-col gap-4">
      <title>{t('layout.pageTitle', { ns: 'admin', page: t('payments.title') })}</title>
      <PageHeading title={t('payments.title')} subtitle={t('payments.subtitle')} />
      <Tabs
        label={t('payments.tabs')}
        idBase="payments"
        items={STATUSES.map((s) => ({ key: s, label: t(`payments.status.${s}`) }))}
        selected={status}
        onSelect={(s) => show({ status: s, payment: null })}
      />
      <div {...tabPanelProps('payments', status)}>{body}</div>
    </div>
  );
}

function PaymentItem({
  payment,
  isSelected,
  onSelect,
}: {
  payment: AdminPayment;
  isSelected: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation('admin-payments');
  return (
    <li>
      <button
        type="button"
        aria-current={isSelected || undefined}
        onClick={onSelect}
        className={`grid w-full grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 rounded-xl border bg-white p-3 text-start shadow-sm hover:border-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${isSelected ? 'border-brand-700 ring-2 ring-brand-700' : 'border-slate-200'}`}
      >
        <span className="col-span-2 truncate font-semibold text-slate-900">
          {t('payments.memberLine', { name: payment.member.name, id: payment.member.unique_id })}
        </span>
        <span className="text-sm text-slate-700">{paymentWhat(t, payment)}</span>
        <span className="text-end font-bold text-slate-900 tabular-nums">
          {aed(payment.amount)}
        </span>
        <span className="self-center text-sm text-slate-600">
          {t('payments.submitted', { date: formatDate(payment.created_at) })}
        </span>
        <span className="flex flex-wrap justify-end gap-1 justify-self-end">
          {payment.receipt_url === null && (
            <StatusBadge tone="neutral">{t('payments.noReceiptBadge')}</StatusBadge>
          )}
          <StatusBadge tone={PAYMENT_TONE[payment.status]}>
            {t(`payments.status.${payment.status}`)}
          </StatusBadge>
        </span>
        {payment.possible_duplicates.map((d) => (
          <span
            key={d.payment_id}
            className="col-span-2 rounded-lg bg-amber-50 px-2 py-1 text-sm font-medium text-amber-950"
          >
            {duplicateWarning(t, d)}
          </span>
        ))}
      </button>
    </li>
  );
}
