import type { Language } from '@jamiya/contracts/languages';
import type { LoanCharge } from '@jamiya/contracts/settings';
import {
  formatIndianMobile,
  RECHARGE_OPERATOR_NAMES,
  type RechargeOperator,
} from '@jamiya/contracts/recharge';
import type { LoanState } from '@jamiya/contracts/values';
import type { Fils } from '@jamiya/money/fils';
import type { NoticeParams } from '../../db/schema/notifications.ts';
import { addMonthsToDate } from '../../lib/calendar.ts';
import { aed, textsIn } from '../../lib/i18n.ts';
import { NOTICE_TEXTS } from './notice-texts.ts';
import type { NotificationInput } from './notify.ts';

// What a member reads in the app, in the mail and in a forwarded WhatsApp message: one
// sentence or two, with the figures and the reason the committee gave. Each is stored as a text
// (notice-texts.ts) with its values and put in the reader's language when read
// (issue 23); what people typed (a reason, a note, a message) is a value, shown as typed.

/**
 * Texts that older rows name and no code writes any more: `asWritten` (migration 0013), and
 * `passwordLink`, the password-link notice before it named the admins who issued the link.
 */
export const EARLIER_TEXTS = ['asWritten', 'passwordLink'] as const;

/** A notification's title and body in a language. */
export function renderNotice(
  { text: id, values }: NoticeParams,
  language: Language,
): { title: string; body: string } {
  // A row names its text: one the code no longer knows is an error, as a missing id is.
  if (!Object.hasOwn(NOTICE_TEXTS, id)) throw new Error(`No text notifications.${id}`);
  const { title, body } = NOTICE_TEXTS[id as keyof typeof NOTICE_TEXTS];
  const i18n = textsIn(language);
  return { title: i18n._(title, values), body: i18n._(body, values) };
}

// What a notice says of a payment, a loan or a recharge: the fields it reads of their rows.
interface Payment {
  userId: number;
  kind: 'dues' | 'loan_repayment';
  period: string | null;
  amountFils: Fils;
  approvedAmountFils: Fils | null;
}
interface Loan {
  id: number;
  userId: number;
  state: LoanState;
  amountFils: Fils;
  totalFils: Fils;
  termMonths: number;
  disbursedOn: string | null;
}
interface Recharge {
  userId: number;
  amountFils: Fils;
  number: string;
  operator: RechargeOperator;
}

/** An admin made a link to set this account's password (and another confirmed it): its owner hears who. */
export function passwordLinkNotice(
  userId: number,
  at: Date,
  by: { proposer: string; confirmer: string | null },
): NotificationInput {
  return {
    userId,
    kind: 'password_link',
    text: 'passwordLinkBy',
    values: {
      at: { at },
      by: by.proposer,
      confirmed: by.confirmer === null ? 'no' : 'yes',
      second: by.confirmer ?? '',
    },
  };
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

/**
 * A loan that moved to a new state, told to its member; null for the member's own moves
 * (a withdrawal), which need no telling.
 */
export function loanStateNotice(loan: Loan, reason: string | null): NotificationInput | null {
  const base = { userId: loan.userId, kind: 'loan_state' as const, link: '/user/my-loan' };
  const amount = aed(loan.amountFils);
  switch (loan.state) {
    case 'approved':
      return {
        ...base,
        text: 'loanApproved',
        values: { amount, hasNote: reason ? 'yes' : 'no', note: reason ?? '' },
      };
    case 'rejected':
      return { ...base, text: 'loanRejected', values: { amount, reason: reason ?? '' } };
    case 'active': {
      // Paid out sets the day and the state in one update.
      if (!loan.disbursedOn) throw new Error(`loan ${loan.id} is active without a payout day`);
      return {
        ...base,
        text: 'loanPaidOut',
        values: {
          amount,
          total: aed(loan.totalFils),
          months: loan.termMonths,
          firstDue: { day: addMonthsToDate(loan.disbursedOn, 1) },
        },
      };
    }
    case 'closed':
      return { ...base, text: 'loanRepaid', values: { amount } };
    case 'written_off':
      return { ...base, text: 'loanWrittenOff', values: { amount, reason: reason ?? '' } };
    default:
      return null;
  }
}

export interface ReminderInstallment {
  userId: number;
  number: number;
  termMonths: number;
  dueOn: string;
  leftFils: Fils;
}

export function reminderNotice(
  kind: 'due_soon' | 'overdue',
  i: ReminderInstallment,
): NotificationInput {
  return {
    userId: i.userId,
    kind: kind === 'due_soon' ? 'installment_due_soon' : 'installment_overdue',
    text: kind === 'due_soon' ? 'installmentDueSoon' : 'installmentOverdue',
    values: {
      number: i.number,
      count: i.termMonths,
      amount: aed(i.leftFils),
      day: { day: i.dueOn },
    },
    link: '/user/my-loan',
  };
}

/** The committee wrote to the member: the start of what they wrote, as written. */
export function messageNotice(memberId: number, preview: string, link: string): NotificationInput {
  return { userId: memberId, kind: 'message', text: 'message', values: { preview }, link };
}

/** A recharge as its texts say it: the amount, the number as written in India, the operator. */
export function rechargeValues(recharge: Pick<Recharge, 'amountFils' | 'number' | 'operator'>) {
  return {
    amount: aed(recharge.amountFils),
    number: formatIndianMobile(recharge.number),
    operator: RECHARGE_OPERATOR_NAMES[recharge.operator],
  };
}

/** The committee made a member's mobile recharge, or refused it. */
export function rechargeNotice(
  recharge: Pick<Recharge, 'userId' | 'amountFils' | 'number' | 'operator'>,
  decision: { state: 'done'; reference: string } | { state: 'refused'; reason: string },
): NotificationInput {
  const base = {
    userId: recharge.userId,
    kind: 'recharge_state' as const,
    link: '/user/mobile-recharge',
  };
  const values = rechargeValues(recharge);
  return decision.state === 'done'
    ? { ...base, text: 'rechargeDone', values: { ...values, reference: decision.reference } }
    : { ...base, text: 'rechargeRefused', values: { ...values, reason: decision.reason } };
}

/** A member's share of a closed share-out period, and how it was worked out. */
export function bonusNotice(share: {
  userId: number;
  amountFils: Fils;
  startsOn: string;
  endsOn: string;
  averageFils: Fils;
  totalAverageFils: Fils;
  percent: number;
  interestFils: Fils;
  /** What the association calls the loans' charge, as it called it at the share-out. */
  charge: LoanCharge;
}): NotificationInput {
  return {
    userId: share.userId,
    kind: 'bonus',
    text: 'bonus',
    values: {
      amount: aed(share.amountFils),
      from: { day: share.startsOn },
      to: { day: share.endsOn },
      average: aed(share.averageFils),
      totalAverage: aed(share.totalAverageFils),
      percent: share.percent,
      interest: aed(share.interestFils),
      charge: share.charge,
    },
    link: '/user/my-bonus',
  };
}

/** The notices of a guarantee, to its guarantor or to the borrower it stands for. */
export type GuaranteeText =
  | 'guaranteeAsked'
  | 'guaranteeAccepted'
  | 'guaranteeDeclined'
  | 'guaranteeReleased'
  | 'guaranteeOverdue'
  | 'guaranteeRecovered';
const GUARANTEE_LINKS: Record<GuaranteeText, string> = {
  guaranteeAsked: '/user/guarantees',
  guaranteeAccepted: '/user/my-loan',
  guaranteeDeclined: '/user/my-loan',
  guaranteeReleased: '/user/guarantees',
  guaranteeOverdue: '/user/guarantees',
  guaranteeRecovered: '/user/statement',
};

/** A guarantee asked, answered, released, late or taken from, as its reader is told. */
export function guaranteeNotice(
  userId: number,
  text: GuaranteeText,
  values: NotificationInput['values'],
): NotificationInput {
  return { userId, kind: 'guarantee', text, values, link: GUARANTEE_LINKS[text] };
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

/**
 * A member's leaving (docs/domain/leaving.md): the committee ended the membership, the
 * settlement was paid out, or paid out but for what the member's guarantees still hold.
 */
export function exitNotice(
  userId: number,
  text: 'exitEnded' | 'exitPaid' | 'exitHeld',
  values: NotificationInput['values'],
): NotificationInput {
  return { userId, kind: 'exit', text, values, link: '/user/leave' };
}
