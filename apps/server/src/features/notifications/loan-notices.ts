// The notices of a member's loan: its states, its installments falling due, its guarantees.
import type { LoanState } from '@jamiya/contracts/values';
import type { Fils } from '@jamiya/money/fils';
import { addMonthsToDate } from '../../lib/calendar.ts';
import { aed } from '../../lib/i18n.ts';
import type { NotificationInput } from './notify.ts';

// What a notice says of a loan: the fields it reads of its row.
interface Loan {
  id: number;
  userId: number;
  state: LoanState;
  amountFils: Fils;
  totalFils: Fils;
  termMonths: number;
  disbursedOn: string | null;
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
