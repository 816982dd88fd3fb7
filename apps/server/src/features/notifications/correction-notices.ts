import type { Fils } from '@jamiya/money/fils';
import { aed } from '../../lib/i18n.ts';
import type { NotificationInput } from './notify.ts';
import type { Payment as NoticedPayment } from './payment-notices.ts';

// What a member hears of a correction of the committee's (docs/domain/accounts.md): a payment
// reversed, or an entry made by hand on their savings. The reason is a code, said in the
// member's language; for another reason, the committee's words.

// A repayment's notice names its loan besides.
interface Payment extends NoticedPayment {
  loanId: number | null;
}

/**
 * A payment approved wrongly and corrected by reversal: the member hears what was taken back and
 * why, in their language (the reason's code, or the committee's words for another reason).
 */
export function paymentCorrectedNotice(
  payment: Payment,
  reason: { code: string; note: string },
): NotificationInput {
  const values = {
    amount: aed(payment.approvedAmountFils ?? payment.amountFils),
    reason: reason.code,
    note: reason.note,
  };
  if (payment.kind === 'dues' && payment.period)
    return {
      userId: payment.userId,
      kind: 'correction',
      text: 'duesCorrected',
      values: { ...values, month: { month: payment.period } },
      link: '/user/monthly-pay',
    };
  return {
    userId: payment.userId,
    kind: 'correction',
    text: 'repaymentCorrected',
    values: { ...values, loan: payment.loanId ?? 0 },
    link: '/user/my-loan',
  };
}

/** An entry the committee made by hand on a member's savings (or its correction). */
export function savingsEntryNotice(
  userId: number,
  changeFils: Fils,
  memo: string,
): NotificationInput {
  return {
    userId,
    kind: 'correction',
    text: 'savingsEntry',
    values: {
      amount: aed(Math.abs(changeFils)),
      direction: changeFils > 0 ? 'in' : 'out',
      memo,
    },
    link: '/user/statement',
  };
}
