import { formatMoney } from '@jamiya/money/format';
import { formatDay, formatMoment } from '@jamiya/money/dates';
import type { Fils } from '@jamiya/money/fils';
import type { loans } from '../../db/schema/loans.ts';
import type { payments } from '../../db/schema/payments.ts';
import { addMonthsToDate, periodLabel } from '../../lib/calendar.ts';
import type { NotificationInput } from './notify.ts';

// What a member reads in the app, in the mail and in a forwarded WhatsApp message: one
// sentence or two, with the figures and the reason the committee gave.

type Payment = typeof payments.$inferSelect;
type Loan = typeof loans.$inferSelect;

const aed = (fils: Fils) => formatMoney(fils, 'en');
const withStop = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** An admin made a link to set this account's password: its owner hears of it. */
export function passwordLinkNotice(userId: number, at: Date): NotificationInput {
  const when = formatMoment(at);
  return {
    userId,
    kind: 'password_link',
    title: 'A link to set a new password was made for your account',
    body: `The committee made a link to set a new password for your account on ${when} (Dubai time). If you did not ask for it, tell the committee.`,
  };
}

export function paymentApprovedNotice(payment: Payment, submittedFils: Fils): NotificationInput {
  const approvedFils = payment.approvedAmountFils ?? payment.amountFils;
  const corrected =
    approvedFils === submittedFils
      ? ''
      : ` The committee corrected the amount to what the receipt shows (you entered ${aed(submittedFils)}).`;
  if (payment.kind === 'dues' && payment.period) {
    const month = periodLabel(payment.period);
    return {
      userId: payment.userId,
      kind: 'payment_approved',
      title: `Your due for ${month} is approved`,
      body: `${aed(approvedFils)} is added to your savings for ${month}.${corrected}`,
      link: '/user/monthly-pay',
    };
  }
  return {
    userId: payment.userId,
    kind: 'payment_approved',
    title: 'Your loan repayment is approved',
    body: `${aed(approvedFils)} is paid towards your loan.${corrected}`,
    link: '/user/my-loan',
  };
}

export function paymentRejectedNotice(payment: Payment, reason: string): NotificationInput {
  if (payment.kind === 'dues' && payment.period) {
    const month = periodLabel(payment.period);
    return {
      userId: payment.userId,
      kind: 'payment_rejected',
      title: `Your receipt for ${month} was not accepted`,
      body: `Reason: ${withStop(reason)} Please send the receipt for ${month} again.`,
      link: '/user/monthly-pay',
    };
  }
  return {
    userId: payment.userId,
    kind: 'payment_rejected',
    title: 'Your loan repayment receipt was not accepted',
    body: `Reason: ${withStop(reason)} Please send the receipt again.`,
    link: '/user/my-loan',
  };
}

/**
 * A loan that moved to a new state, told to its member; null for the member's own moves
 * (a withdrawal), which need no telling.
 */
export function loanStateNotice(loan: Loan, reason: string | null): NotificationInput | null {
  const amount = aed(loan.amountFils);
  const base = { userId: loan.userId, kind: 'loan_state' as const, link: '/user/my-loan' };
  switch (loan.state) {
    case 'approved':
      return {
        ...base,
        title: 'Your loan is approved',
        body:
          `Your loan of ${amount} is approved and will be paid out soon.` +
          (reason ? ` Note from the committee: ${withStop(reason)}` : ''),
      };
    case 'rejected':
      return {
        ...base,
        title: 'Your loan application was not approved',
        body: `Your application for ${amount} was not approved. Reason: ${withStop(reason ?? '')}`,
      };
    case 'active': {
      const firstDue = loan.disbursedOn ? addMonthsToDate(loan.disbursedOn, 1) : null;
      return {
        ...base,
        title: 'Your loan is paid out',
        body:
          `${amount} is paid out to you. You repay ${aed(loan.totalFils)} in ${loan.termMonths} monthly installments` +
          (firstDue ? `; the first is due on ${formatDay(firstDue)}.` : '.'),
      };
    }
    case 'closed':
      return {
        ...base,
        title: 'Your loan is repaid',
        body: `You have repaid your loan of ${amount} in full; it is now closed. Thank you.`,
      };
    case 'written_off':
      return {
        ...base,
        title: 'Your loan was written off',
        body: `The committee wrote off what was still owed on your loan of ${amount}. Reason: ${withStop(reason ?? '')}`,
      };
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
  const which = `Installment ${i.number} of ${i.termMonths} of your loan`;
  const day = formatDay(i.dueOn);
  return kind === 'due_soon'
    ? {
        userId: i.userId,
        kind: 'installment_due_soon',
        title: `Installment due on ${day}`,
        body: `${which}, ${aed(i.leftFils)}, is due on ${day}. Pay it from My Loan.`,
        link: '/user/my-loan',
      }
    : {
        userId: i.userId,
        kind: 'installment_overdue',
        title: 'Installment overdue',
        body: `${which} was due on ${day}; ${aed(i.leftFils)} is still to pay. Please pay it as soon as you can, or talk to the committee.`,
        link: '/user/my-loan',
      };
}

/** The mail of a notification: its title as the subject, its text and link in the body. */
export function notificationMail(input: {
  name: string;
  title: string;
  body: string;
  url: string;
  associationName: string;
}): { subject: string; text: string } {
  const text = [
    `Dear ${input.name},`,
    '',
    input.body,
    '',
    `See it in the app: ${input.url}`,
    '',
    'With kind regards,',
    input.associationName,
    '',
  ].join('\n');
  return { subject: input.title, text };
}
