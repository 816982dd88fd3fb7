import type { Texts } from '../../../lib/i18n.tsx';
import { PAYMENTS_STATUS_TEXTS } from '../texts.ts';
import type { BadgeTone } from '../../../components/status-badge.tsx';
import type { AdminPayment } from '../api/admin-payments.ts';
import { periodLabel } from '../../../lib/dates.ts';

export const PAYMENT_TONE: Record<AdminPayment['status'], BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
};

/** What a submission pays: "Dues for October 2026" or "Loan repayment · loan #4". */
export function paymentWhat(i18n: Texts, payment: AdminPayment): string {
  if (payment.kind === 'dues')
    return i18n._('admin-payments.payments.dues', {
      month: payment.period ? periodLabel(payment.period) : (payment.month ?? ''),
    });
  return payment.loan_id === null
    ? i18n._('admin-payments.payments.loanRepayment')
    : i18n._('admin-payments.payments.loanRepaymentOf', { id: payment.loan_id });
}

export type PossibleDuplicate = AdminPayment['possible_duplicates'][number];

/** "Possible duplicate receipt: also sent by Amina Rahman for September 2026 (Approved)". */
export function duplicateWarning(i18n: Texts, duplicate: PossibleDuplicate): string {
  return i18n._('admin-payments.payments.duplicateWarning', {
    name: duplicate.member.name,
    what: duplicate.month ?? i18n._('admin-payments.payments.duplicateLoanRepayment'),
    status: i18n._(PAYMENTS_STATUS_TEXTS[duplicate.status]!),
  });
}
