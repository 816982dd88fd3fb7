// The contracts' plain values, without zod: a page that only shows a list of months or
// operators imports them from here and so loads no schema library (the forms load theirs
// when they validate, lib/zod-resolver.ts in the web app). The schemas build on these.

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const MESSAGE_MAX_CHARS = 2000;

/** The length of a one-time link's token (invitation or reset), after trimming. */
export const LINK_TOKEN_MIN = 20;
export const LINK_TOKEN_MAX = 200;
export const isLinkTokenShaped = (token: string) =>
  token.trim().length >= LINK_TOKEN_MIN && token.trim().length <= LINK_TOKEN_MAX;

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
export type MonthName = (typeof MONTH_NAMES)[number];

/** A month with its year, "2026-12": a period. */
export type Period = `${number}-${number}`;
export const isPeriod = (text: string): text is Period => /^\d{4}-(0[1-9]|1[0-2])$/.test(text);

/**
 * A month a dues payment names: an English month name alone, meaning the latest such month not
 * in the future (the spec's form), or a period, for any month up to PAY_AHEAD_MONTHS ahead.
 */
export type MonthChoice = MonthName | Period;

/** How many months after this one a member may pay ahead (docs/decisions/040). */
export const PAY_AHEAD_MONTHS = 12;

export const LOAN_TYPES = [
  'personal',
  'personalLoan',
  'businessLoan',
  'education',
  'medical',
  'emergency',
  'other',
] as const;

export const LOAN_STATES = [
  'pending',
  'approved',
  'active',
  'closed',
  'rejected',
  'withdrawn',
  'written_off',
] as const;

export type LoanState = (typeof LOAN_STATES)[number];

// 'reversed': approved, then corrected by a reversing entry (docs/domain/accounts.md).
export const PAYMENT_STATUSES = ['pending', 'approved', 'rejected', 'reversed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const RECHARGE_STATES = ['requested', 'done', 'refused'] as const;

/** A request to join (membership applications). */
export const APPLICATION_STATUSES = ['pending', 'accepted', 'rejected'] as const;

/** The kinds of journal entry, as the books keep them and a statement names its lines. */
export const ENTRY_KINDS = [
  'dues',
  'disbursement',
  'repayment',
  'write_off',
  'reversal',
  'bonus',
  'opening',
  // A write-off's loss taken from its guarantors' savings (docs/domain/guarantors.md).
  'recovery',
  // A late fine charged, and one waived (docs/domain/dues.md).
  'fine',
  'fine_waiver',
  // A member's leaving: their share paid in, fines paid and the rest paid out (docs/domain/leaving.md).
  'exit',
  // The association's own money: a bank line booked to an account, and an entry made by hand
  // (docs/domain/accounts.md).
  'booking',
  'journal',
  // A year's close: its income and expenses moved to the members' surplus, kept in the year's
  // closing period (docs/domain/year.md).
  'closing',
] as const;
export const STATEMENT_KINDS = ENTRY_KINDS;

export const RECHARGE_OPERATORS = ['airtel', 'jio', 'vi', 'bsnl'] as const;
export type RechargeOperator = (typeof RECHARGE_OPERATORS)[number];

/** How the operators call themselves (Vi is Vodafone Idea). */
export const RECHARGE_OPERATOR_NAMES: Record<RechargeOperator, string> = {
  airtel: 'Airtel',
  jio: 'Jio',
  vi: 'Vi',
  bsnl: 'BSNL',
};

/** Ten digits as people read them: 9876543210 -> "+91 98765 43210". */
export const formatIndianMobile = (digits: string) =>
  `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;

/** Why a member may not borrow, or not more (GET /api/my-loans/eligibility). */
export const ELIGIBILITY_CODES = [
  'inactive',
  'open_loan',
  'written_off',
  'membership_too_short',
  'dues_in_arrears',
  'savings_too_low',
  'savings_limit',
] as const;
export type EligibilityCode = (typeof ELIGIBILITY_CODES)[number];
/** The reasons that explain the member's maximum rather than stop them borrowing. */
export const ELIGIBILITY_INFORMATION: readonly EligibilityCode[] = ['savings_limit'];

/**
 * A guarantee's life: asked, then accepted or declined; cancelled when the loan ends before the
 * answer; released when the loan it holds savings for ends.
 */
export const GUARANTEE_STATES = ['asked', 'accepted', 'declined', 'cancelled', 'released'] as const;
export type GuaranteeState = (typeof GUARANTEE_STATES)[number];
export const MAX_GUARANTORS = 5;

/** A member's ID as the app shows it: JM and six digits. */
export const MEMBER_ID_PATTERN = /^JM\d{6,}$/;

/** What an account of the books is: every report groups by it (docs/domain/accounts.md). */
export const ACCOUNT_KINDS = ['asset', 'liability', 'equity', 'income', 'expense'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** Why an entry is corrected: the member reads it on their statement, in their language. */
export const CORRECTION_REASONS = [
  'wrong_member',
  'wrong_month',
  'wrong_amount',
  'duplicate',
  'wrong_account',
  'other',
] as const;
export type CorrectionReason = (typeof CORRECTION_REASONS)[number];

/**
 * The wrong cells of an import an answer lists, the first by row: a file with every cell wrong
 * made an answer of 25 MB that took the server a second to write, for a list nobody reads to
 * its end. The answer says how many there are in all.
 */
export const IMPORT_ERRORS_LISTED = 1_000;
