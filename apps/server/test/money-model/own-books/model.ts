// The own books' part of the money model (see steps.ts): its model, the helpers the main model
// lends (`Kit`, ../verify.ts), and the rules every step of it checks a posting against.
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Fils } from '@jamiya/money/fils';
import { daysInPeriod, localDate } from '../../../src/lib/calendar.ts';
import { periodAgo } from '../../calendar.ts';
import type { MemberModel, Model, MonthModel, PaymentModel, Real, Step } from '../model.ts';

/** The association's accounts of a new chart, which the model books to and moves by hand. */
export const OWN_ACCOUNTS = [
  'bank_charges',
  'bank_interest',
  'meeting_costs',
  'stationery',
  'other_income',
  'other_expenses',
] as const;
type OwnAccount = (typeof OWN_ACCOUNTS)[number];
/** What the bank moves on its own: one admin books it up to the limit (AED 100, the default). */
export const BANK_OWN: readonly string[] = ['bank_charges', 'bank_interest'];
export const ONE_ADMIN_BANK_FEE: Fils = 10_000;
export const REASONS = [
  'wrong_member',
  'wrong_month',
  'wrong_amount',
  'duplicate',
  'wrong_account',
  'other',
] as const;
export type Reason = (typeof REASONS)[number];

/** Postings by account code (`cash`, `cash_box`, `stationery`, `savings:<userId>`...), debits above 0. */
export type Postings = Record<string, Fils>;

/** A line of the bank's statement, imported for a step. */
export interface LineModel {
  id: number;
  /** Money in above 0, out below. */
  amountFils: Fils;
  /** Linked by hand to a payment, or booked to an account; null while open. */
  link: 'hand' | 'book' | null;
  paymentId: number | null;
  entryId: number | null;
  /** An open proposal to book it to `account`, and its admin. */
  proposal: { account: string; by: number } | null;
  /** Dated on last month's last day (a statement of last month); else today. */
  lastMonth: boolean;
}
/** An entry of the journal the model made (a booking, by hand, a correction) or corrected (a due). */
export interface EntryModel {
  id: number;
  kind: 'booking' | 'journal' | 'reversal' | 'dues' | 'closing';
  postings: Postings;
  /** The admin (0, 1) who proposed it, null when made by one; the admin who made it (a due: null). */
  proposedBy: number | null;
  createdBy: number | null;
  reverses: number | null;
  reversedBy: number | null;
  /** The payment a due recorded. */
  paymentId: number | null;
  /** An open proposal to correct it, its reason and its admin. */
  reverseProposal: { reason: Reason; by: number } | null;
  /** Dated last month (a line of last month booked, an entry by hand dated then). */
  lastMonth: boolean;
}
/** An entry the books now hold, as a step made it: not a correction, nor corrected yet. */
export const newEntry = (
  entry: Pick<EntryModel, 'id' | 'kind' | 'postings' | 'proposedBy' | 'createdBy'> &
    Partial<Pick<EntryModel, 'reverses' | 'paymentId' | 'lastMonth'>>,
): EntryModel => ({
  reverses: null,
  reversedBy: null,
  paymentId: null,
  reverseProposal: null,
  lastMonth: false,
  ...entry,
});

interface HandBody {
  date: string;
  memo: string;
  lines: Array<{ account: string; debit?: string; credit?: string }>;
}
export interface OwnBooks {
  cashBoxFils: Fils;
  /** Each of the association's accounts: debits less credits. */
  accounts: Record<OwnAccount, Fils>;
  lines: LineModel[];
  entries: EntryModel[];
  /** Entries by hand proposed and waiting for a second admin, with what they post. */
  handProposals: Array<{ body: HandBody; postings: Postings; by: number }>;
  /** Entries by hand sent so far: each has a memo of its own. */
  sent: number;
  /** The bank's balance at the end of last month: what its lines brought in. */
  lastMonthBankFils: Fils;
  /** Last month's lock: an open proposal and its admin; once locked, its entries' ids then. */
  lockProposal: { by: number } | null;
  lockedEntries: number[] | null;
  /** The year that ends last month (the model's year starts this month): its close. */
  year: {
    reviewed: boolean;
    closeProposal: { by: number } | null;
    reopenProposal: { by: number } | null;
    /** Its closing entry while closed; `closed` with none when there was nothing to move. */
    closed: boolean;
    closing: EntryModel | null;
  };
}
export const newOwnBooks = (): OwnBooks => ({
  cashBoxFils: 0,
  accounts: Object.fromEntries(OWN_ACCOUNTS.map((code) => [code, 0])) as Record<OwnAccount, Fils>,
  lines: [],
  entries: [],
  handProposals: [],
  sent: 0,
  lastMonthBankFils: 0,
  lockProposal: null,
  lockedEntries: null,
  year: {
    reviewed: false,
    closeProposal: null,
    reopenProposal: null,
    closed: false,
    closing: null,
  },
});

/** What the main model lends (../verify.ts): its steps' frame, its calls and its rules. */
export interface Kit {
  step(
    label: string,
    check: (model: Readonly<Model>) => boolean,
    run: (model: Model, real: Real) => Promise<void>,
  ): Step;
  call(
    model: Model,
    real: Real,
    options: InjectOptions,
    expected: number,
  ): Promise<LightMyRequestResponse>;
  signerAnswer(
    model: Readonly<Model>,
    who: number,
    open: { by: number } | null | undefined,
    options?: { refused?: number | null },
  ): number;
  monthOf(m: MemberModel, period: string): MonthModel;
  heldFrom(model: Readonly<Model>, j: number): Fils;
  hasLeft(m: MemberModel): boolean;
  approvalRefusal(model: Readonly<Model>, p: PaymentModel, appliedFils: Fils): number | null;
  approveInModel(model: Model, p: PaymentModel, appliedFils: Fils): void;
  aed(f: Fils): string;
  fils(value: unknown): Fils;
}

export type ArgsOf<A> = A extends fc.Arbitrary<infer T> ? T : never;
export const admin = fc.nat({ max: 1 });
/** `usual` five times in six: a hit (a proposal confirmed, when one is open) is mostly drawn. */
export const mostly = <T>(usual: T, rare: T) =>
  fc.oneof(
    { arbitrary: fc.constant(usual), weight: 5 },
    { arbitrary: fc.constant(rare), weight: 1 },
  );
export const today = () => localDate(new Date());
export const lastMonth = () => periodAgo(1);
/** Last month's last day: its lines' day, the day its statement reaches. */
export const lastMonthEnd = () => `${lastMonth()}-${daysInPeriod(lastMonth())}`;
/**
 * Last month can be locked (docs/domain/year.md): a statement of it reaches its end, and books
 * and bank agree then, which in the model is every line of it booked (its entry dated its day;
 * one linked by hand is in the books only today, and no other entry of last month moves cash).
 */
/** The year that ends last month: named by its last month's year. */
export const lastYear = () => Number(lastMonth().slice(0, 4));
/**
 * What the close of last month's year posts: each of the association's accounts (all income
 * or expense but the cash box) to zero by what the year's entries put in it, the sum to the
 * members' surplus; nothing when they put nothing.
 */
export function closingPostings(model: Readonly<Model>): Postings {
  const moved: Postings = {};
  for (const e of model.books.entries)
    if (e.lastMonth)
      for (const [code, f] of Object.entries(e.postings))
        if ((OWN_ACCOUNTS as readonly string[]).includes(code))
          moved[code] = (moved[code] ?? 0) - f;
  const lines = Object.entries(moved).filter(([, f]) => f !== 0);
  if (lines.length === 0) return {};
  return {
    ...Object.fromEntries(lines),
    members_surplus: 0 - lines.reduce((s, [, f]) => s + f, 0),
  };
}
export const lastMonthLockable = (model: Readonly<Model>): boolean => {
  const lines = model.books.lines.filter((l) => l.lastMonth);
  return lines.length > 0 && lines.every((l) => l.link === 'book');
};
export const negated = (postings: Postings): Postings =>
  Object.fromEntries(Object.entries(postings).map(([code, f]) => [code, 0 - f]));
export const savingsCode = (m: MemberModel) => `savings:${m.userId}`;
/** The member whose savings `code` is, or -1. */
const memberOfCode = (model: Readonly<Model>, code: string) =>
  model.members.findIndex((m) => savingsCode(m) === code);
export const activeAdmin = (model: Readonly<Model>) => model.admins.findIndex((a) => a.active);

/** The postings carried out on the model: cash, the cash box, the accounts, the savings. */
export function post(model: Model, postings: Postings): void {
  for (const [code, f] of Object.entries(postings)) {
    if (code === 'cash') model.cashFils += f;
    else if (code === 'cash_box') model.books.cashBoxFils += f;
    else if (code.startsWith('savings:'))
      model.members[memberOfCode(model, code)]!.savingsFils -= f;
    // A member's fines owed follow their months (a due's correction reopens its month).
    // The members' surplus too, once a year is closed.
    else if (!code.startsWith('fines:'))
      model.books.accounts[code as OwnAccount] =
        (model.books.accounts[code as OwnAccount] ?? 0) + f;
  }
}

/** The rules on postings, with the helpers the kit lends. */
export function postingRules(kit: Kit) {
  /**
   * Whether posting this is refused (409): cash or the cash box would go below zero, or a
   * member's savings below zero or below what their guarantees hold.
   */
  const refusedPosting = (model: Readonly<Model>, postings: Postings): boolean =>
    model.cashFils + (postings.cash ?? 0) < 0 ||
    model.books.cashBoxFils + (postings.cash_box ?? 0) < 0 ||
    Object.entries(postings).some(([code, f]) => {
      const j = memberOfCode(model, code);
      if (j < 0) return false;
      const after = model.members[j]!.savingsFils - f;
      return after < 0 || after < kit.heldFrom(model, j);
    });
  /** Whether the postings move the savings of a member who left: nothing posts there any more. */
  const onLeftSavings = (model: Readonly<Model>, postings: Postings): boolean =>
    Object.keys(postings).some((code) => {
      const j = memberOfCode(model, code);
      return j >= 0 && kit.hasLeft(model.members[j]!);
    });
  return { refusedPosting, onLeftSavings };
}
