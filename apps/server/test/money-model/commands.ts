// The steps the random sequences draw from.
import type fc from 'fast-check';
import type { Step } from './model.ts';
import { adminStatus, passwordLink } from './steps-admins.ts';
import { askToLeave, payOutExit, withdrawExit } from './steps-exits.ts';
import { duesJob, waiveFine } from './steps-fines.ts';
import { answerGuarantee, applyForLoan } from './steps-loan-apply.ts';
import {
  approveLoan,
  cashRepayment,
  disburse,
  loanAction,
  withdraw,
  writeOff,
} from './steps-loans.ts';
import { approvePayment, rejectPayment, submitDues, submitRepayment } from './steps-payments.ts';
import { replay } from './steps-replay.ts';
import { books } from './verify.ts';

// Repeated entries are drawn more often: the calls that make the next ones possible.
export const steps: fc.Arbitrary<Step>[] = [
  submitDues,
  submitDues,
  applyForLoan,
  applyForLoan,
  applyForLoan,
  answerGuarantee,
  answerGuarantee,
  answerGuarantee,
  answerGuarantee,
  approveLoan,
  approveLoan,
  approveLoan,
  // Proposed by one admin, confirmed by the other: drawn often enough to pay out.
  disburse,
  disburse,
  disburse,
  disburse,
  submitRepayment,
  submitRepayment,
  approvePayment,
  approvePayment,
  approvePayment,
  rejectPayment,
  withdraw,
  loanAction('reject', 'pending', 'rejected', {
    body: { reason: 'Not this time.' },
  }),
  writeOff,
  writeOff,
  cashRepayment,
  cashRepayment,
  cashRepayment,
  // Two draws make an admin inactive (a proposal, its confirmation): drawn often.
  adminStatus,
  adminStatus,
  adminStatus,
  adminStatus,
  adminStatus,
  passwordLink,
  replay,
  // Fines wait for the job; a waiver, like a payout, is proposed and confirmed.
  duesJob,
  duesJob,
  waiveFine,
  waiveFine,
  // Leaving: asked, taken back, paid out by two admins (proposal, confirmation).
  askToLeave,
  askToLeave,
  withdrawExit,
  payOutExit,
  payOutExit,
  payOutExit,
  payOutExit,
  // The association's own books: bookings, entries by hand, links, corrections.
  ...books.commands,
];
