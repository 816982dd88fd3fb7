// A model of the association's money (docs/domain/ledger.md, dues.md, maker-checker.md) driven by random sequences of
// member and treasurer calls through the HTTP API, with two admins (maker-checker), part
// payments of dues and payouts refused for want of cash, admins made inactive and active again,
// members' password links and cash repayments. After every step the books balance, cash is
// never below zero and equals the model's, every member's savings and loans agree with the model
// and with the sum of their postings, every month's status and remainder are those of its
// approved payments, and no money left or entered the fund, no admin's status changed and no
// password link was made on one admin's word while two admins were active.
//
// The loan rules are on (issue 38): a loan is at most 3 times the member's savings, and the
// part above their free savings (savings less what their guarantees hold) needs guarantors,
// who accept or decline; approval waits for the accepted guarantees to cover it, and a
// write-off may recover the loss from what the guarantees hold. After every step each
// guarantee holds floor(amount x owed / total) of its guarantor's savings (the loan's total
// before the payout, what is left after, nothing once it ends), no member's guarantees hold
// more than their savings, and the loss account is what the write-offs gave up less what was
// recovered.
//
// Late fines (docs/domain/dues.md, Payday and fines): the dues job runs, today or as if 50 days
// had passed, and fines once each month of the 5 before its day, that day's and the next still
// unpaid on the 16th (due day 1, 15 days of grace), unless a receipt for it sent before that day
// awaits review; one member joined mid-month, after its due day, and that month is owed but
// never fined (issue 50). A payment pays the month's due first and its fine with the rest; an
// admin waives what is unpaid of a fine (maker-checker). After every step each month was fined at most once,
// with one entry, each member's fines account is what they owe, and their months and due balance
// include the fines.
//
// Leaving (docs/domain/leaving.md): a member asks to leave and may take it back; two admins pay
// out what the model works out (savings less what the active loan owes, the fines unpaid and
// what the member's guarantees hold), refused while a receipt awaits review, a loan application
// is open or what is owed is more than the free savings, and when cash is short. The payout
// repays the loan from the savings (releasing its guarantors), pays the fines and closes the
// months, and ends the membership; what the guarantees hold is paid out as they release it.
// After every step each request's settlement and next payout are the model's, and a member who
// left owes nothing and holds nothing: no due, fine or open loan, savings no less than what their
// guarantees hold (exactly that after each payout) and none once their exit is closed; whatever
// they send is refused (403).
//
// The association's own books (docs/domain/accounts.md, reconciliation.md; the steps, their
// model and checks in money-model/own-books/): bank lines booked to an account, entries by
// hand, lines linked by hand to a member's payment and unlinked, corrections by reversal; two
// admins wherever money leaves by hand. After every step the trial balance, the chart and the
// journal give cash, the cash box, the association's accounts and each member's savings as the
// model does, each bank line is linked or booked once, and a due reversed reopens its month.
// The year (docs/domain/year.md; issue 53): last month, with lines of it booked and entries by
// hand dated in it, is locked by two admins once books and bank agree, and nothing dated in it
// changes after; its year (the model's year starts this month) is closed by two admins once its
// arrears are reviewed, its income and expenses moved to the members' surplus, and reopened.
//
// Admins who are members and guarantee loans have a model of their own beside this one
// (money-model-guarantors.test.ts): here the admins are admins only.
//
// Where it is: model.ts (this file: the model's types, and the association's rules it sets),
// helpers*.ts (what the model works out: months, loans and guarantees, payments, exits),
// calls.ts (a step's call), verify*.ts (the checks after every step), steps-*.ts (the steps, by
// family), scenarios.ts (the sequences written out, run first), commands.ts (the steps drawn, and
// how often), setup.ts (each run's app and members) and own-books/ (the own books' part).
import type fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { Fils } from '@jamiya/money/fils';
import type { TestApp } from '../harness.ts';
import type { OwnBooks } from './own-books/model.ts';

export const DUE: Fils = 20_000;
// The loan policy of a new association (migrations/0001_ledger_rules.sql), and the rules the
// model sets: no months of membership needed, dues state never blocking, 3 times the savings.
export const LOAN_MIN: Fils = 50_000;
export const LOAN_MAX: Fils = 500_000;
export const LOAN_STEP: Fils = 10_000;
export const SAVINGS_MULTIPLE = 3;
export const INTEREST_PERMILLE = 70;
// The dues calendar of a new association (settings): dues fall due on the 1st and a month still
// unpaid 15 days later is fined; fines_since long ago, so the months before the run are fined too.
export const DUE_DAY = 1;
export const GRACE_DAYS = 15;
export const FINES_SINCE = '2000-01-01';
/** The association's fine: a fixed amount, or a percentage of the month's due when set. */
export interface FineRule {
  fineFils: Fils;
  finePercent: number | null;
}
export const MEMBERS = 3;

export type LoanState =
  'pending' | 'approved' | 'active' | 'closed' | 'rejected' | 'withdrawn' | 'written_off';
export interface LoanModel {
  id: number;
  state: LoanState;
  amountFils: Fils;
  termMonths: number;
  totalFils: Fils;
  /** What the accepted guarantees must cover before approval: the part above free savings. */
  guaranteeNeededFils: Fils;
  /**
   * An open proposal to disburse or write off, the admin (0 or 1) who made it, and for a
   * write-off whether it recovers the loss from the guarantors (the proposer's choice holds).
   */
  proposal: { action: 'disburse' | 'write-off'; by: number; recover?: boolean } | null;
  /** An open proposal to record a cash repayment, its amount and its admin. */
  repayProposal: { amountFils: Fils; by: number } | null;
  paidFils: Fils;
  pendingRepaymentsFils: Fils;
}
export interface MemberModel {
  userId: number;
  /** The member ID others name them by as a guarantor (JM000123). */
  memberId: string;
  email: string;
  token: string;
  /** An open proposal of a password link for this member, and its admin. */
  linkProposal: { by: number } | null;
  savingsFils: Fils;
  /** The month they joined (YYYY-MM): dues are owed from it. */
  joined: string;
  /** The day they joined (YYYY-MM-DD): no month is fined for a due day before it (issue 50). */
  joinedOn: string;
  months: Map<string, MonthModel>;
  loans: LoanModel[];
  /** Their latest request to leave, or null. */
  exit: ExitModel | null;
}
/**
 * A member's request to leave (docs/domain/leaving.md): requested until the first payout, then
 * holding while their guarantees hold part of their savings, closed once nothing is held.
 */
export interface ExitModel {
  id: number;
  state: 'requested' | 'holding' | 'closed' | 'withdrawn';
  /** The day they leave: the day they asked (Dubai's). */
  leaveOn: string;
  /** An open proposal to pay it out, its amount and its admin. */
  proposal: { amountFils: Fils; by: number } | null;
  /** What the first payout settled, null before it. */
  settled: {
    savingsFils: Fils;
    loanRepaidFils: Fils;
    finesPaidFils: Fils;
    duesClosedFils: Fils;
  } | null;
  /** All the payouts paid so far. */
  paidOutFils: Fils;
}
/** A member's month of dues. */
export interface MonthModel {
  /** What approved payments cover: the due first, then the fine. */
  paidFils: Fils;
  /** The Dubai day the receipt awaiting review was sent; null when none awaits. */
  pendingSince: string | null;
  /** The late fine charged (0: none yet), and what an admin waived of it. */
  fineFils: Fils;
  waivedFils: Fils;
  /** An open proposal to waive the fine, and its admin. */
  waiveProposal: { by: number } | null;
}
export interface PaymentModel {
  id: number;
  member: number;
  kind: 'dues' | 'loan_repayment';
  period: string | null;
  loanId: number | null;
  amountFils: Fils;
  hasReceipt: boolean;
  /** Reversed: approved, then corrected by reversal (its month open again). */
  status: 'pending' | 'approved' | 'rejected' | 'reversed';
  /** Once approved, the amount approved and what of it went to the member's savings. */
  approved: { amountFils: Fils; savingsFils: Fils } | null;
}
export interface AdminModel {
  userId: number;
  email: string;
  active: boolean;
  /** An open proposal to change this admin's status, and the admin who made it. */
  statusProposal: { to: 'active' | 'inactive'; by: number } | null;
}
/** A member's guarantee of another's loan: its answer, and what a write-off took of it. */
export interface GuaranteeModel {
  id: number;
  loanId: number;
  /** The guarantor's index in `members`. */
  guarantor: number;
  memberId: string;
  amountFils: Fils;
  /** Its answer, or cancelled unanswered when the loan was approved without it. */
  answer: 'asked' | 'accepted' | 'declined' | 'cancelled';
  recoveredFils: Fils;
}
export interface Model {
  members: MemberModel[];
  payments: PaymentModel[];
  guarantees: GuaranteeModel[];
  cashFils: Fils;
  /** The loan_losses account: principal written off less what guarantors made good. */
  lossesFils: Fils;
  /** The association's own books: the cash box, its accounts, bank lines, entries. */
  books: OwnBooks;
  /** The fine a month gets when fined: the rule's amount, or its percentage of the due. */
  fineFils: Fils;
  /** The treasurer (0) and the chair (1). */
  admins: [AdminModel, AdminModel];
  /** What was done on one admin's word because only one admin was active then. */
  alone: { money: number; statuses: number; links: number; waivers: number };
  /** The last call, to replay with its Idempotency-Key. */
  last: { options: InjectOptions; statusCode: number; body: string } | null;
}
/** A fresh app and database per run, so the whole-book checks stay small. */
export interface Real {
  t: TestApp;
  /** The treasurer and the chair: two active admins, so money out needs both. */
  adminTokens: [string, string];
}
export type Step = fc.AsyncCommand<Model, Real>;
/** The values an arbitrary draws: a step's arguments, drawn or written out (`scenario`). */
export type ArgsOf<A> = A extends fc.Arbitrary<infer T> ? T : never;
