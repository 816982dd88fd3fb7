import type { Texts } from '../../../lib/i18n.tsx';
import { PAYMENTS_STATUS_TEXTS } from '../texts.ts';
import type { BadgeTone } from '../../../components/status-badge.tsx';
import type { AdminPayment } from '../api/admin-payments.ts';
import type { UnseenStatement } from '../api/unseen-payments.ts';
import { formatDate, periodLabel } from '../../../lib/dates.ts';

export const PAYMENT_TONE: Record<AdminPayment['status'], BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
  reversed: 'neutral',
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

/**
 * All of a receipt's look-alikes in one line: the first named, the others counted ("… and 27
 * others"), so that a queue of one template's receipts stays a line a receipt.
 */
export function duplicatesLine(i18n: Texts, duplicates: readonly PossibleDuplicate[]): string {
  const [first, ...others] = duplicates;
  if (!first) return '';
  return others.length === 0
    ? duplicateWarning(i18n, first)
    : i18n._('admin-payments.payments.duplicatesWarning', {
        name: first.member.name,
        what: first.month ?? i18n._('admin-payments.payments.duplicateLoanRepayment'),
        status: i18n._(PAYMENTS_STATUS_TEXTS[first.status]!),
        count: others.length,
      });
}

// A day kept on one line: a range that wraps, wraps at its dash.
const day = (date: string) => formatDate(date).replaceAll(' ', '\u00a0');

/** "Not found in the bank statement of Emirates NBD, 1 October 2026 – 31 October 2026". */
export function unseenWarning(i18n: Texts, { bank, from, to }: UnseenStatement): string {
  return bank
    ? i18n._('admin-payments.payments.unseenWarning', {
        bank,
        from: day(from),
        to: day(to),
      })
    : i18n._('admin-payments.payments.unseenWarningNoBank', {
        from: day(from),
        to: day(to),
      });
}

/** "The bank statement of Emirates NBD, … shows no transfer for this receipt. Approve it anyway?" */
export function unseenQuestion(i18n: Texts, { bank, from, to }: UnseenStatement): string {
  return bank
    ? i18n._('admin-payments.payments.unseenQuestion', {
        bank,
        from: day(from),
        to: day(to),
      })
    : i18n._('admin-payments.payments.unseenQuestionNoBank', {
        from: day(from),
        to: day(to),
      });
}
