import { useState } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import { HISTORY_TEXTS } from '../texts.ts';
import { useMyPayments, type Payment } from '../../../api/get-my-payments.ts';
import { Button } from '../../../components/button.tsx';
import { EmptyState, ErrorState, Spinner } from '../../../components/states.tsx';
import { aed } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/messages.ts';
import { periodLabel } from '../../../lib/dates.ts';
import { ReceiptModal, type ReceiptToShow } from './receipt-modal.tsx';
import { StatusBadge, type BadgeTone } from '../../../components/status-badge.tsx';

const TONE: Record<Payment['status'], BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
  reversed: 'neutral',
};

/** The member's submissions and what the committee decided (docs/product.md section 4). */
export function PaymentHistory() {
  const i18n = useTexts();
  const payments = useMyPayments();
  const [receipt, setReceipt] = useState<ReceiptToShow | null>(null);

  let body;
  if (payments.isPending) body = <Spinner />;
  else if (payments.isError)
    body = (
      <ErrorState message={errorMessage(payments.error)} onRetry={() => void payments.refetch()} />
    );
  else if (payments.data.items.length === 0)
    body = (
      <EmptyState title={i18n._('dues.history.empty')}>
        <p className="text-sm">{i18n._('dues.history.emptyBody')}</p>
      </EmptyState>
    );
  else
    body = (
      <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        {payments.data.items.map((payment) => (
          <PaymentItem key={payment.id} payment={payment} onShowReceipt={setReceipt} />
        ))}
      </ul>
    );

  return (
    <section aria-labelledby="payment-history-title" className="flex flex-col gap-3">
      <h2 id="payment-history-title" className="text-lg font-bold text-slate-900">
        {i18n._('dues.history.title')}
      </h2>
      {body}
      <ReceiptModal receipt={receipt} onClose={() => setReceipt(null)} />
    </section>
  );
}

function PaymentItem({
  payment,
  onShowReceipt,
}: {
  payment: Payment;
  onShowReceipt: (receipt: ReceiptToShow) => void;
}) {
  const i18n = useTexts();
  const what =
    payment.kind === 'dues' && payment.period
      ? i18n._('dues.history.dues', { month: periodLabel(payment.period) })
      : i18n._('dues.history.loanRepayment');
  const isCorrected =
    payment.approved_amount !== null && payment.approved_amount !== payment.amount;
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 px-4 py-3 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-center md:px-5">
      <div>
        <p className="font-semibold text-slate-900">{what}</p>
        <p className="text-sm text-slate-600">
          {i18n._('dues.history.sent', { date: formatDate(payment.created_at) })}
        </p>
        {payment.status === 'rejected' && payment.review_note && (
          <p className="mt-1 text-sm text-red-800">
            {i18n._('dues.history.reason', { note: payment.review_note })}
          </p>
        )}
      </div>
      <div className="flex flex-col items-end gap-1 sm:flex-row sm:items-center sm:gap-4">
        <div className="flex flex-col items-end sm:w-28">
          <span className="font-bold text-slate-900 tabular-nums">{aed(payment.amount)}</span>
          {isCorrected && (
            <span className="text-sm text-slate-600">
              {i18n._('dues.history.approvedAmount', { amount: aed(payment.approved_amount!) })}
            </span>
          )}
        </div>
        <span className="sm:flex sm:w-32 sm:justify-center">
          <StatusBadge tone={TONE[payment.status]}>
            {i18n._(HISTORY_TEXTS[payment.status]!)}
          </StatusBadge>
        </span>
      </div>
      {payment.receipt_url ? (
        <Button
          variant="ghost"
          className="-ms-4 justify-self-start whitespace-nowrap sm:ms-0 sm:w-36 sm:justify-self-end"
          aria-label={i18n._('dues.history.viewReceiptOf', { what })}
          onClick={() => onShowReceipt({ path: payment.receipt_url!, what })}
        >
          {i18n._('dues.history.viewReceipt')}
        </Button>
      ) : (
        // Keeps the amounts of every row in one column on wider screens.
        <span aria-hidden className="hidden sm:block sm:w-36" />
      )}
    </li>
  );
}
