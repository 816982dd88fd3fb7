import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  sendWaiting,
  useWaitingPayments,
  getWaitingPaymentsQueryOptions,
} from '../../../api/waiting-payments.ts';
import { Button } from '../../../components/button.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatDateTime, periodLabel } from '../../../lib/dates.ts';
import { aed } from '../../../lib/format.ts';
import { useTexts } from '../../../lib/i18n.tsx';
import { toastNotice } from '../../../lib/messages.ts';
import { cancelPayment, type WaitingPayment } from '../../../lib/outbox.ts';
import { useIsOnline } from '../../../lib/use-is-online.ts';

/**
 * The payments made without a network, kept on this phone until they are sent: each can be
 * sent now (once there is a network) or cancelled.
 */
export function WaitingPayments() {
  const i18n = useTexts();
  const waiting = useWaitingPayments();
  const queryClient = useQueryClient();
  const isOnline = useIsOnline();
  const [isSending, setSending] = useState(false);
  if (!waiting.data?.length) return null;
  const sendNow = async () => {
    setSending(true);
    await sendWaiting(queryClient).catch(() => undefined);
    setSending(false);
  };
  return (
    <section
      aria-labelledby="waiting-title"
      className="flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="waiting-title" className="text-lg font-bold text-slate-900">
          {i18n._('dues.waiting.title')}
        </h2>
        {isOnline && (
          <Button variant="secondary" isBusy={isSending} onClick={() => void sendNow()}>
            {i18n._('dues.waiting.sendNow')}
          </Button>
        )}
      </div>
      <p className="text-sm text-amber-950">{i18n._('dues.waiting.body')}</p>
      <ul className="flex flex-col gap-2">
        {waiting.data.map((payment) => (
          <WaitingItem
            key={payment.id}
            payment={payment}
            onCancelled={() => void queryClient.invalidateQueries(getWaitingPaymentsQueryOptions())}
          />
        ))}
      </ul>
    </section>
  );
}

function WaitingItem({
  payment,
  onCancelled,
}: {
  payment: WaitingPayment;
  onCancelled: () => void;
}) {
  const i18n = useTexts();
  const what =
    payment.kind === 'dues' && payment.period
      ? i18n._('dues.waiting.dues', {
          month: periodLabel(payment.period),
          amount: aed(payment.amount),
        })
      : i18n._('dues.waiting.repayment', { amount: aed(payment.amount) });
  const cancel = async () => {
    const wasWaiting = await cancelPayment(payment.id);
    toastNotice(wasWaiting ? i18n._('dues.waiting.cancelled') : i18n._('dues.waiting.alreadySent'));
    onCancelled();
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-white p-3 shadow-sm">
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">{what}</p>
        <p className="text-sm text-slate-600">
          {i18n._('dues.waiting.keptAt', {
            at: formatDateTime(new Date(payment.keptAt).toISOString()),
          })}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <StatusBadge tone="warning">{i18n._('dues.rows.waiting')}</StatusBadge>
        <Button variant="ghost" onClick={() => void cancel()}>
          {i18n._('dues.waiting.cancel')}
        </Button>
      </div>
    </li>
  );
}
