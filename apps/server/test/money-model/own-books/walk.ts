// The own books walked through once, before the random sequences (see steps.ts).
import type { Fils } from '@jamiya/money/fils';
import type { Step } from '../model.ts';
import type { Reason } from './model.ts';
import type { ownBooks } from './steps.ts';

/** The main model's steps (../steps-*.ts) a scenario of the own books goes through. */
export interface MainSteps {
  submitDues(args: { i: number; monthsAgo: number; amount: Fils | 'rest' }): Step;
  approvePayment(args: { j: number; h: boolean; k: number; corrected: Fils | null }): Step;
  duesJob(later: number): Step;
  askToLeave(i: number): Step;
  payOutExit(args: { i: number; h: boolean; k: number; wrong: boolean }): Step;
}

/**
 * The own books' rules walked through once, before the random sequences (members with AED 600,
 * 400 and 800 of savings; a fine of AED 10). A bank charge booked by one admin; an ATM
 * withdrawal to the cash box proposed, refused to the proposer and for another account, then
 * confirmed; spending from the box (two admins), more than it holds (409), an entry between two
 * accounts (one admin), one that does not balance (422), a gift to m1's savings (two admins);
 * bank interest booked. m0's receipt is linked to a line of another amount (422), then to its
 * own (approved); its payment on a second line (409), a line taken (409); unlinked, linked again
 * to a new line. The bank charge corrected (wrong account) and booked again; m0's due corrected
 * (another reason refused, a second correction 409): its line free, its month open again. A
 * correction's correction (409), a blank reason (422), the box's spending corrected.
 *
 * Then who left: AED 120 paid to m2 from their savings by hand; m2 leaves and is paid out; a
 * gift to their savings is refused (422), and so is undoing the AED 120 (409: nothing posts to
 * the savings of a member who left). And a month paid in two: the dues job fines m1's months;
 * m1 pays AED 200 for the month 3 months ago, then its AED 10 fine; the AED 200 is corrected:
 * the month is open again for AED 200, its fine still owed.
 *
 * Last month: its lock refused while no statement reaches its end (409); a line of it booked
 * and an entry by hand dated in it; its lock proposed (202), refused to the proposer (409),
 * carried out by the other admin (200); then an entry by hand dated in it is refused (409), and
 * so is a second lock. Its year: the close refused while
 * the arrears are not reviewed (409); reviewed, closed by two admins (202, 200), then refused
 * (409), and so is a review; reopened by two admins (202, 200), a second reopen refused (409);
 * closed again.
 */
export function ownBooksScenario(
  {
    bookStep,
    handStep,
    linkStep,
    unlinkStep,
    reverseStep,
    lockStep,
    reviewStep,
    closeStep,
    reopenStep,
  }: ReturnType<typeof ownBooks>['steps'],
  main: MainSteps,
): Step[] {
  const book = (
    n: number,
    k: number,
    amountFils: Fils,
    account: Parameters<typeof bookStep>[0]['account'],
    held = false,
    past = false,
  ) => bookStep({ n, h: false, k, held, past, amountFils, account });
  const hand = (
    kind: Parameters<typeof handStep>[0]['kind'],
    i: number,
    amountFils: Fils,
    k: number,
    h = false,
    past = false,
  ) => handStep({ kind, i, amountFils, n: 0, h, k, past });
  const reverse = (
    target: Parameters<typeof reverseStep>[0]['target'],
    n: number,
    k: number,
    reason: Reason,
    { h = false, blank = false } = {},
  ) => reverseStep({ target, n, h, k, reason, blank });
  return [
    book(0, 0, -2_625, 'bank_charges'),
    book(0, 0, -45_000, 'cash_box'),
    book(1, 0, 0, 'cash_box', true),
    book(1, 1, 0, 'stationery', true),
    bookStep({
      n: 0,
      h: true,
      k: 1,
      held: false,
      past: false,
      amountFils: -45_000,
      account: 'cash_box',
    }),
    hand('fromBox', 0, 12_000, 0),
    hand('fromBox', 0, 12_000, 1, true),
    hand('fromBox', 0, 75_000, 1),
    hand('between', 0, 4_500, 1),
    hand('unbalanced', 0, 4_500, 1),
    hand('toSavings', 1, 30_000, 0),
    hand('toSavings', 1, 30_000, 1, true),
    book(0, 1, 1_234, 'bank_interest'),
    main.submitDues({ i: 0, monthsAgo: 0, amount: 'rest' }),
    linkStep({ n: 0, waiting: true, k: 0, line: 'other' }),
    linkStep({ n: 0, waiting: true, k: 0, line: 'same' }),
    linkStep({ n: 0, waiting: false, k: 1, line: 'same' }),
    linkStep({ n: 0, waiting: false, k: 1, line: 'taken' }),
    unlinkStep({ n: 0, h: true, k: 1 }),
    unlinkStep({ n: 0, h: false, k: 1 }),
    linkStep({ n: 0, waiting: false, k: 0, line: 'same' }),
    reverse('booking', 0, 0, 'wrong_account'),
    reverse('booking', 0, 1, 'wrong_account', { h: true }),
    book(0, 1, 0, 'bank_charges', true),
    reverse('dues', 0, 1, 'wrong_month'),
    reverse('dues', 0, 0, 'duplicate'),
    reverse('dues', 0, 0, 'wrong_month', { h: true }),
    reverse('dues', 0, 0, 'wrong_month'),
    reverse('reversal', 0, 0, 'other'),
    reverse('journal', 0, 0, 'other', { blank: true }),
    reverse('journal', 0, 0, 'wrong_amount'),
    reverse('journal', 0, 1, 'wrong_amount', { h: true }),
    // Who left.
    hand('fromSavings', 2, 12_000, 0),
    hand('fromSavings', 2, 12_000, 1, true),
    main.askToLeave(2),
    main.payOutExit({ i: 2, h: false, k: 0, wrong: false }),
    main.payOutExit({ i: 2, h: true, k: 0, wrong: false }),
    hand('toSavings', 2, 4_500, 0),
    reverse('journal', 3, 0, 'wrong_member'),
    // A month paid in two.
    main.duesJob(0),
    main.submitDues({ i: 1, monthsAgo: 3, amount: 20_000 }),
    main.approvePayment({ j: 0, h: true, k: 0, corrected: null }),
    main.submitDues({ i: 1, monthsAgo: 3, amount: 'rest' }),
    main.approvePayment({ j: 0, h: true, k: 0, corrected: null }),
    reverse('dues', 1, 0, 'wrong_month'),
    reverse('dues', 1, 1, 'wrong_month', { h: true }),
    // Last month locked.
    lockStep({ h: false, k: 0 }),
    book(0, 0, 30_000, 'other_income', false, true),
    hand('between', 0, 4_500, 1, false, true),
    lockStep({ h: false, k: 0 }),
    lockStep({ h: false, k: 0 }),
    lockStep({ h: true, k: 0 }),
    hand('between', 0, 4_500, 1, false, true),
    lockStep({ h: false, k: 1 }),
    // Its year closed, reopened and closed again.
    closeStep({ h: false, k: 0 }),
    reviewStep({ k: 1 }),
    closeStep({ h: false, k: 0 }),
    closeStep({ h: true, k: 0 }),
    closeStep({ h: false, k: 1 }),
    reviewStep({ k: 0 }),
    reopenStep({ h: false, k: 1 }),
    reopenStep({ h: true, k: 1 }),
    reopenStep({ h: false, k: 0 }),
    closeStep({ h: false, k: 1 }),
    closeStep({ h: true, k: 1 }),
  ];
}
