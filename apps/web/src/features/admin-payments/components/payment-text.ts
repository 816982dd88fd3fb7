import type { TFunction } from '../../../lib/i18n.tsx';
import type { BadgeTone } from '../../../components/status-badge.tsx';
import type { AdminPayment } from '../api/admin-payments.ts';
import { periodLabel } from '../../../lib/dates.ts';

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

export type PossibleDuplicate = AdminPayment['possible_duplicates'][number];

/** "Possible duplicate receipt: also sent by Amina Rahman for September 2026 (Approved)". */
export function duplicateWarning(t: TFunction, duplicate: PossibleDuplicate): string {
  return t('payments.duplicateWarning', {
    name: duplicate.member.name,
    what: duplicate.month ?? t('payments.duplicateLoanRepayment'),
    status: t(`payments.status.${duplicate.status}`),
  });
}
