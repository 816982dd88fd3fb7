import type { Fils } from '@jamiya/money/fils';
import type { DbOrTx } from '../../db/client.ts';
import {
  finesReceivedFils,
  incomeStatement,
  interestEarnedFils,
  type IncomeLine,
} from '../ledger/public.ts';

// What a share-out shares: the interest (or service charge) always, and what else the committee
// decides, of the income actually received (docs/domain/bonus.md, The surplus shared).

/** The committee's choice beside the interest. */
export interface ShareChoice {
  fines: boolean;
  otherIncome: boolean;
  lessExpenses: boolean;
}

export const INTEREST_ONLY: ShareChoice = { fines: false, otherIncome: false, lessExpenses: false };
/** Whether a choice shares more than the interest: the surplus, as members and admins are told. */
export const sharesSurplus = (c: ShareChoice): boolean =>
  c.fines || c.otherIncome || c.lessExpenses;

/** The parts of a period's surplus, whether chosen or not, and what the choice shares. */
export interface SurplusParts {
  choice: ShareChoice;
  /** Interest income less what leavers took at exit (their share was paid from it). */
  interestFils: Fils;
  /** Late fines received: a fine charged but not paid is not shared. */
  finesFils: Fils;
  /** Every other income account (bank interest, gifts), credits less debits. */
  otherIncome: IncomeLine[];
  /** Every expense account (bank charges, the hall, loans written off), debits less credits. */
  expenses: IncomeLine[];
  otherIncomeFils: Fils;
  expensesFils: Fils;
  /** The interest, plus the parts chosen, less the expenses when chosen. */
  sharedFils: Fils;
}

// The app's income accounts the interest and the fines are counted from, apart.
const OWN_INCOME = new Set(['interest_income', 'fines_income']);

export async function surplusParts(
  db: DbOrTx,
  startsOn: string,
  endsOn: string,
  choice: ShareChoice,
): Promise<SurplusParts> {
  const interestFils = await interestEarnedFils(db, startsOn, endsOn);
  const finesFils = await finesReceivedFils(db, startsOn, endsOn);
  const statement = await incomeStatement(db, { from: startsOn, to: endsOn });
  const otherIncome = statement.income.filter((l) => !OWN_INCOME.has(l.code) && l.amountFils);
  const expenses = statement.expenses.filter((l) => l.amountFils !== 0);
  const otherIncomeFils = otherIncome.reduce((s, l) => s + l.amountFils, 0);
  const expensesFils = expenses.reduce((s, l) => s + l.amountFils, 0);
  return {
    choice,
    interestFils,
    finesFils,
    otherIncome,
    expenses,
    otherIncomeFils,
    expensesFils,
    sharedFils:
      interestFils +
      (choice.fines ? finesFils : 0) +
      (choice.otherIncome ? otherIncomeFils : 0) -
      (choice.lessExpenses ? expensesFils : 0),
  };
}

/**
 * The share-out's entry lines on the association's side: each part chosen taken from the account
 * it was earned in (a debit to income, a credit to an expense), so that what is left in them
 * after the share-out is what the year's close moves to the members' surplus. They sum to the
 * shared amount, which the members' savings are credited with.
 */
export function sourceLines(parts: SurplusParts): Array<{
  account:
    { code: 'interest_income' } | { code: 'fines_income' } | { code: 'chart'; account: string };
  amountFils: Fils;
}> {
  const { choice } = parts;
  const chart = (l: IncomeLine, sign: 1 | -1) => ({
    account: { code: 'chart' as const, account: l.code },
    amountFils: sign * l.amountFils,
  });
  return [
    { account: { code: 'interest_income' as const }, amountFils: parts.interestFils },
    ...(choice.fines
      ? [{ account: { code: 'fines_income' as const }, amountFils: parts.finesFils }]
      : []),
    ...(choice.otherIncome ? parts.otherIncome.map((l) => chart(l, 1)) : []),
    ...(choice.lessExpenses ? parts.expenses.map((l) => chart(l, -1)) : []),
  ].filter((l) => l.amountFils !== 0);
}
