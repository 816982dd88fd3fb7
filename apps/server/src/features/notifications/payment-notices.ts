// The notices of a member's dues and repayments: approved, rejected, falling due, fined.
import type { Fils } from '@jamiya/money/fils';
import { aed } from '../../lib/i18n.ts';
import type { NotificationInput } from './notify.ts';

// What a notice says of a payment: the fields it reads of its row.
export interface Payment {
  userId: number;
  kind: 'dues' | 'loan_repayment';
  period: string | null;
  amountFils: Fils;
  approvedAmountFils: Fils | null;
}

export function paymentApprovedNotice(payment: Payment, submittedFils: Fils): NotificationInput {
  const approvedFils = payment.approvedAmountFils ?? payment.amountFils;
  const values = {
    amount: aed(approvedFils),
    corrected: approvedFils === submittedFils ? 'no' : 'yes',
    entered: aed(submittedFils),
  };
  if (payment.kind === 'dues' && payment.period) {
    return {
      userId: payment.userId,
      kind: 'payment_approved',
      text: 'duesApproved',
      values: { ...values, month: { month: payment.period } },
      link: '/user/monthly-pay',
    };
  }
  return {
    userId: payment.userId,
    kind: 'payment_approved',
    text: 'repaymentApproved',
    values,
    link: '/user/my-loan',
  };
}

export function paymentRejectedNotice(payment: Payment, reason: string): NotificationInput {
  if (payment.kind === 'dues' && payment.period) {
    return {
      userId: payment.userId,
      kind: 'payment_rejected',
      text: 'duesRejected',
      values: { month: { month: payment.period }, reason },
      link: '/user/monthly-pay',
    };
  }
  return {
    userId: payment.userId,
    kind: 'payment_rejected',
    text: 'repaymentRejected',
    values: { reason },
    link: '/user/my-loan',
  };
}

/** A month's due falls due soon: the amount left, the day, and where to send the money. */
export function duesDueSoonNotice(month: {
  userId: number;
  period: string;
  dueOn: string;
  leftFils: Fils;
  /** The treasurer's payment instructions in the member's language, as written. */
  instructions: string;
}): NotificationInput {
  return {
    userId: month.userId,
    kind: 'dues_reminder',
    text: 'duesDueSoon',
    values: {
      month: { month: month.period },
      day: { day: month.dueOn },
      amount: aed(month.leftFils),
      instructions: month.instructions,
    },
    link: '/user/monthly-pay',
  };
}

/** A month was fined for being late, or its fine was waived (with the admin's reason). */
export function fineNotice(
  fine: { userId: number; period: string; fineFils: Fils },
  waived?: { reason: string },
): NotificationInput {
  const values = { month: { month: fine.period }, amount: aed(fine.fineFils) };
  return waived
    ? {
        userId: fine.userId,
        kind: 'fine',
        text: 'fineWaived',
        values: { ...values, reason: waived.reason },
        link: '/user/monthly-pay',
      }
    : { userId: fine.userId, kind: 'fine', text: 'duesFined', values, link: '/user/monthly-pay' };
}
