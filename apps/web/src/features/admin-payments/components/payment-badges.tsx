import { useTexts } from '../../../lib/i18n.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import type { AdminPayment } from '../api/admin-payments.ts';
import { PAYMENTS_STATUS_TEXTS } from '../texts.ts';
import { PAYMENT_TONE } from './payment-text.ts';

/** A submission's badges, in the queue and in its review: paid without a receipt, its status. */
export function PaymentBadges({ payment }: { payment: AdminPayment }) {
  const i18n = useTexts();
  return (
    <>
      {payment.receipt_url === null && (
        <StatusBadge tone="neutral">{i18n._('admin-payments.payments.noReceiptBadge')}</StatusBadge>
      )}
      <StatusBadge tone={PAYMENT_TONE[payment.status]}>
        {i18n._(PAYMENTS_STATUS_TEXTS[payment.status]!)}
      </StatusBadge>
    </>
  );
}
