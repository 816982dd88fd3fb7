import { addDays, differenceInCalendarDays, format, parseISO } from 'date-fns';
import type { Fils } from '@jamiya/money/fils';
import { shareOut } from '@jamiya/money/share-out';
import type { DbOrTx } from '../../db/client.ts';
import type { Say } from '../../lib/i18n.ts';
import { memberWeights, type MemberWeight } from '../ledger/public.ts';
import { surplusParts, type ShareChoice, type SurplusParts } from './surplus.ts';

// The figures of a share-out period, from the ledger's sums of the journal over its days
// (docs/domain/bonus.md).

export const nextDay = (date: string) => format(addDays(parseISO(date), 1), 'yyyy-MM-dd');
export const previousDay = (date: string) => format(addDays(parseISO(date), -1), 'yyyy-MM-dd');
/** Days from `startsOn` to `endsOn`, both included. */
export const daysIn = (startsOn: string, endsOn: string) =>
  differenceInCalendarDays(parseISO(endsOn), parseISO(startsOn)) + 1;

export interface PeriodFigures {
  startsOn: string;
  endsOn: string;
  days: number;
  /** The surplus's parts and what the committee's choice shares of it. */
  parts: SurplusParts;
  totalBalanceDaysFils: bigint;
  /** Largest share first; the amounts sum to what is shared when it can be. */
  members: Array<MemberWeight & { amountFils: Fils }>;
  /** Why there is nothing to share (no surplus, or nobody who held savings); else null. */
  problem: Say | null;
}

/**
 * What closing [startsOn, endsOn] would allocate with the committee's choice; the estimate is the
 * same for the open period.
 */
export async function periodFigures(
  db: DbOrTx,
  startsOn: string,
  endsOn: string,
  choice: ShareChoice,
): Promise<PeriodFigures> {
  const parts = await surplusParts(db, startsOn, endsOn, choice);
  const weights = await memberWeights(db, startsOn, endsOn);
  const shares =
    parts.sharedFils > 0
      ? shareOut(
          parts.sharedFils,
          weights.map((w) => w.balanceDaysFils),
        )
      : null;
  const members = weights
    .map((w, i) => ({ ...w, amountFils: shares?.[i] ?? 0 }))
    .sort((a, b) => b.balanceDaysFils - a.balanceDaysFils || a.userId - b.userId);
  return {
    startsOn,
    endsOn,
    days: daysIn(startsOn, endsOn),
    parts,
    totalBalanceDaysFils: weights.reduce((s, w) => s + BigInt(w.balanceDaysFils), 0n),
    members,
    problem: problemOf(parts, shares),
  };
}

function problemOf(parts: SurplusParts, shares: Fils[] | null): Say | null {
  if (parts.sharedFils <= 0)
    return parts.choice.fines || parts.choice.otherIncome || parts.choice.lessExpenses
      ? /*i18n*/ 'What was chosen to share comes to nothing in this period: its expenses are as large as its income, or larger.'
      : /*i18n*/ 'There is no income from loans in this period to share.';
  if (shares === null)
    return /*i18n*/ 'No member held savings during this period, so there is nobody to share with.';
  return null;
}

/** The average balance in fils (balance-days over days), rounded half up to the fil. */
export function averageFils(balanceDaysFils: bigint | number, days: number): Fils {
  if (days <= 0) return 0;
  const bd = BigInt(balanceDaysFils);
  return Number((2n * bd + BigInt(days)) / (2n * BigInt(days)));
}

/** part / whole as a percentage rounded half up to two decimals (0 when whole is 0). */
export function percentOf(part: bigint | number, whole: bigint | number): number {
  const w = BigInt(whole);
  if (w <= 0n) return 0;
  const hundredths = (BigInt(part) * 20_000n + w) / (2n * w);
  return Number(hundredths) / 100;
}
