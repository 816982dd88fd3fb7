import type { TFunction } from '../../../lib/i18n.tsx';
import type { BadgeTone } from '../../../components/status-badge.tsx';
import type { AdminPayment } from '../api/admin-payments.ts';
import { periodLabel } from '../utils/periods.ts';

export const PAYMENT_TONE: Record<AdminPayment['status'], BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
};

/** What a submission pays: "Dues for October 2026" or "Loan repayment · loan #4". */
export function paymentWhat(t: TFunction, payment: AdminPayment): string {
  if (payment.kind === 'dues')
    return t('payments.dues', {
      month: payment.period ? periodLabel(payment.period) : (payment.month ?? ''),
    });
  return payment.loan_id === null
    ? t('payments.loanRepayment')
    : t('payments.loanRepaymentOf', { id: payment.loan_id });
}
