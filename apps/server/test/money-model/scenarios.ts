// The sequences written out, each run once before the random ones (fc.assert's examples): the
// steps and rules the random runs could miss in a short run.
import type { FineRule, Step } from './model.ts';
import { ownBooksScenario } from './own-books/walk.ts';
import { askToLeaveStep, payOutExitStep, withdrawExitStep } from './steps-exits.ts';
import { duesJobStep, waiveFineStep } from './steps-fines.ts';
import { answerGuaranteeStep, applyForLoanStep } from './steps-loan-apply.ts';
import {
  approveLoanStep,
  cashRepaymentStep,
  disburseStep,
  withdrawStep,
  writeOffStep,
} from './steps-loans.ts';
import { approvePaymentStep, rejectPaymentStep, submitDuesStep } from './steps-payments.ts';
import { books } from './verify.ts';

/**
 * A loan's whole life with two guarantors, run before the random sequences so that even a short
 * run sees a recovery: members with AED 600, 400 and 800 of savings; m0 borrows AED 1,300
 * (AED 700 above their savings) with m1 standing for AED 250.01 and m2 for the rest; approval
 * is refused until both accept; it is paid out, AED 1,000 comes back in cash, and it is written
 * off with recovery: a confirmation asking for none is refused, one as proposed carries it out.
 *
 * Then the fines, 7% of the due (AED 14), whatever the day: the job fines the months unpaid
 * since 5 months ago; two admins waive m1's fine of a month unpaid (the proposer's repeat and
 * a second waiver refused); m2 pays a month's due and AED 5 of its fine while a waiver is
 * proposed, which then waives the AED 9 left. A receipt m0 sent for next month keeps its fine
 * off when the job runs 50 days on, until it is rejected. The waiver steps name a month
 * ('any') by n: month n - 1 ago.
 */
export const scenario: [Step[], number[], FineRule] = [
  [
    applyForLoanStep({
      i: 0,
      steps: 8,
      within: true,
      term: 3,
      guarantors: [
        { who: 'other', g: 0, amount: 25_001 },
        { who: 'other', g: 0, amount: 'share' },
      ],
    }),
    approveLoanStep({ i: 0, h: true, k: 0 }),
    answerGuaranteeStep({ n: 0, h: true, answer: 'accept', stranger: false }),
    approveLoanStep({ i: 0, h: true, k: 1 }),
    answerGuaranteeStep({ n: 0, h: true, answer: 'accept', stranger: true }),
    answerGuaranteeStep({ n: 0, h: true, answer: 'accept', stranger: false }),
    approveLoanStep({ i: 0, h: true, k: 0 }),
    disburseStep({ i: 0, h: true, k: 0 }),
    disburseStep({ i: 0, h: true, k: 0 }),
    cashRepaymentStep({ i: 0, h: true, k: 1, amount: 100_000 }),
    cashRepaymentStep({ i: 0, h: true, k: 1, amount: 100_000 }),
    writeOffStep({ i: 0, h: true, k: 0, recover: true }),
    // The chair asks for none: refused; then confirms it as proposed.
    writeOffStep({ i: 0, h: true, k: 0, recover: false }),
    writeOffStep({ i: 0, h: true, k: 0, recover: true }),
    duesJobStep(0),
    waiveFineStep({ i: 1, n: 3, h: false, k: 0, target: 'any', blank: false }),
    waiveFineStep({ i: 1, n: 3, h: false, k: 0, target: 'any', blank: false }),
    waiveFineStep({ i: 1, n: 3, h: true, k: 0, target: 'any', blank: false }),
    waiveFineStep({ i: 1, n: 3, h: false, k: 1, target: 'any', blank: false }),
    waiveFineStep({ i: 2, n: 4, h: false, k: 1, target: 'any', blank: false }),
    submitDuesStep({ i: 2, monthsAgo: 3, amount: 20_500 }),
    approvePaymentStep({ j: 0, h: true, k: 1, corrected: null }),
    waiveFineStep({ i: 2, n: 4, h: true, k: 1, target: 'any', blank: false }),
    // Leaving. m2 borrows with m1 standing guarantor, and it is paid out; m1 asks to leave: a
    // payout of another amount is refused, the treasurer proposes the right one (repeating it
    // is refused), the chair confirms: m1's fines are paid, the rest paid out but what the
    // guarantee holds (holding), and m1's account is read-only; nothing more is paid while the
    // guarantee holds everything.
    applyForLoanStep({
      i: 2,
      steps: 4,
      within: true,
      term: 1,
      guarantors: [{ who: 'other', g: 1, amount: 'share' }],
    }),
    answerGuaranteeStep({ n: 0, h: true, answer: 'accept', stranger: false }),
    approveLoanStep({ i: 2, h: true, k: 0 }),
    disburseStep({ i: 2, h: true, k: 0 }),
    disburseStep({ i: 2, h: true, k: 0 }),
    askToLeaveStep(1),
    askToLeaveStep(1),
    payOutExitStep({ i: 1, h: false, k: 0, wrong: true }),
    payOutExitStep({ i: 1, h: false, k: 0, wrong: false }),
    payOutExitStep({ i: 1, h: false, k: 0, wrong: false }),
    payOutExitStep({ i: 1, h: true, k: 0, wrong: false }),
    submitDuesStep({ i: 1, monthsAgo: 0, amount: 'rest' }),
    askToLeaveStep(1),
    withdrawExitStep(1),
    payOutExitStep({ i: 1, h: false, k: 1, wrong: false }),
    // m2 asks to leave while owing more on the loan than their savings: refused until AED 600
    // is repaid in cash, which releases part of m1's hold, paid out to m1 (still holding); m2
    // is paid out, the rest of their loan repaid from their savings, which releases the rest
    // of m1's hold: m1's last payout closes their exit.
    askToLeaveStep(2),
    payOutExitStep({ i: 2, h: false, k: 0, wrong: false }),
    cashRepaymentStep({ i: 2, h: true, k: 1, amount: 60_000 }),
    cashRepaymentStep({ i: 2, h: true, k: 1, amount: 60_000 }),
    payOutExitStep({ i: 1, h: false, k: 1, wrong: false }),
    payOutExitStep({ i: 1, h: true, k: 1, wrong: false }),
    payOutExitStep({ i: 2, h: false, k: 0, wrong: false }),
    payOutExitStep({ i: 2, h: true, k: 0, wrong: false }),
    payOutExitStep({ i: 1, h: false, k: 0, wrong: false }),
    payOutExitStep({ i: 1, h: true, k: 0, wrong: false }),
    submitDuesStep({ i: 0, monthsAgo: -1, amount: 4_950 }),
    duesJobStep(50),
    rejectPaymentStep({ j: 0, h: true, k: 0 }),
    duesJobStep(50),
    // A member who left cannot stand guarantor; m0 asks to leave (then may not borrow), takes
    // it back, and asks again.
    applyForLoanStep({
      i: 0,
      steps: 0,
      within: true,
      term: 1,
      guarantors: [{ who: 'other', g: 0, amount: 1_000 }],
    }),
    askToLeaveStep(0),
    applyForLoanStep({ i: 0, steps: 0, within: true, term: 1, guarantors: [] }),
    withdrawExitStep(0),
    askToLeaveStep(0),
  ],
  [3, 2, 4],
  { fineFils: 1_000, finePercent: 7 },
];

/**
 * Leaving when the guarantees hold everything and cash runs short: members with AED 800 each;
 * m0 borrows AED 2,400, m1 and m2 standing for AED 800 each, which leaves AED 1,500 of cash.
 * m1 leaves: the first payout is AED 0 (all held) and ends the membership (holding); m1 may
 * not borrow nor answer. The loan is written off without recovery, which releases m1's
 * savings. m2 asks to leave with a receipt under review (refused), m1's AED 800 is paid out
 * (closed, AED 700 of cash left); m2's receipt approved, their AED 1,000 is more than the
 * cash (refused) until m0's due comes in. m0 applies for a loan and asks to leave with AED 100
 * of cash left: refused for both; they withdraw the application (still refused: cash), then
 * their request.
 */
export const exitScenario: [Step[], number[], FineRule] = [
  [
    applyForLoanStep({
      i: 0,
      steps: 19,
      within: true,
      term: 3,
      guarantors: [
        { who: 'other', g: 0, amount: 'share' },
        { who: 'other', g: 0, amount: 'share' },
      ],
    }),
    answerGuaranteeStep({ n: 0, h: true, answer: 'accept', stranger: false }),
    answerGuaranteeStep({ n: 0, h: true, answer: 'accept', stranger: false }),
    approveLoanStep({ i: 0, h: true, k: 0 }),
    disburseStep({ i: 0, h: true, k: 0 }),
    disburseStep({ i: 0, h: true, k: 0 }),
    askToLeaveStep(1),
    payOutExitStep({ i: 1, h: false, k: 0, wrong: false }),
    payOutExitStep({ i: 1, h: true, k: 0, wrong: false }),
    applyForLoanStep({ i: 1, steps: 0, within: true, term: 1, guarantors: [] }),
    answerGuaranteeStep({ n: 0, h: false, answer: 'decline', stranger: false }),
    writeOffStep({ i: 0, h: true, k: 0, recover: false }),
    writeOffStep({ i: 0, h: true, k: 0, recover: false }),
    askToLeaveStep(2),
    submitDuesStep({ i: 2, monthsAgo: 7, amount: 20_000 }),
    payOutExitStep({ i: 2, h: false, k: 0, wrong: false }),
    payOutExitStep({ i: 1, h: false, k: 1, wrong: false }),
    payOutExitStep({ i: 1, h: true, k: 1, wrong: false }),
    submitDuesStep({ i: 1, monthsAgo: 0, amount: 'rest' }),
    approvePaymentStep({ j: 0, h: true, k: 1, corrected: null }),
    payOutExitStep({ i: 2, h: false, k: 0, wrong: false }),
    submitDuesStep({ i: 0, monthsAgo: 7, amount: 20_000 }),
    approvePaymentStep({ j: 0, h: true, k: 0, corrected: null }),
    payOutExitStep({ i: 2, h: false, k: 0, wrong: false }),
    payOutExitStep({ i: 2, h: true, k: 0, wrong: false }),
    applyForLoanStep({ i: 0, steps: 0, within: true, term: 1, guarantors: [] }),
    askToLeaveStep(0),
    payOutExitStep({ i: 0, h: false, k: 1, wrong: false }),
    withdrawStep(0),
    payOutExitStep({ i: 0, h: false, k: 1, wrong: false }),
    withdrawExitStep(0),
    withdrawExitStep(0),
  ],
  [4, 4, 4],
  { fineFils: 1_000, finePercent: null },
];

/** The association's own books walked through once: money-model/own-books/ says how. */
export const ownBooksExample: [Step[], number[], FineRule] = [
  ownBooksScenario(books.steps, {
    submitDues: submitDuesStep,
    approvePayment: approvePaymentStep,
    duesJob: duesJobStep,
    askToLeave: askToLeaveStep,
    payOutExit: payOutExitStep,
  }),
  [3, 2, 4],
  { fineFils: 1_000, finePercent: null },
];
