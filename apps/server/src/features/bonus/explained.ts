import { addDays, format, parseISO } from 'date-fns';
import { eq, sql } from 'drizzle-orm';
import { filsToAed, type Fils } from '@jamiya/money/fils';
import type { ShareExplained } from '@jamiya/contracts/bonus';
import type { DbOrTx } from '../../db/client.ts';
import { bonusAllocations, bonusPeriods } from '../../db/schema/bonus.ts';
import { notFound } from '../../lib/errors.ts';
import { savingsByDay } from '../ledger/public.ts';
import { openProposals } from '../proposals/public.ts';
import { averageFils, daysIn, percentOf, periodFigures } from './figures.ts';
import { lastChoice, openPeriodFrom, type ProposedClose } from './periods.ts';
import { INTEREST_ONLY } from './surplus.ts';
import { partsView, periodPartsView } from './views.ts';

// "How your share was computed" (docs/domain/bonus.md): a member's savings month by month over a
// share-out period, their weight among the members, what the committee shared and their part.

type Month = ShareExplained['months'][number];

/**
 * The member's months over [startsOn, endsOn]: each month's days in the period, the average of
 * its day-end balances and its last one. The balance-days are those the share-out weighs.
 */
export function savingsMonths(
  moves: ReadonlyArray<{ day: string; fils: Fils }>,
  startsOn: string,
  endsOn: string,
): { months: Month[]; balanceDaysFils: bigint } {
  let balance = moves.filter((m) => m.day < startsOn).reduce((s, m) => s + m.fils, 0);
  const byDay = new Map<string, Fils>();
  for (const m of moves) if (m.day >= startsOn) byDay.set(m.day, m.fils);
  const months: Month[] = [];
  let total = 0n;
  let current = null as { month: string; days: number; sum: bigint; end: Fils } | null;
  const close = () => {
    if (!current) return;
    months.push({
      month: current.month,
      days: current.days,
      average_balance: filsToAed(averageFils(current.sum, current.days)),
      end_balance: filsToAed(current.end),
    });
  };
  for (let day = parseISO(startsOn); ; day = addDays(day, 1)) {
    const key = format(day, 'yyyy-MM-dd');
    if (key > endsOn) break;
    balance += byDay.get(key) ?? 0;
    const month = key.slice(0, 7);
    if (current?.month !== month) {
      close();
      current = { month, days: 0, sum: 0n, end: 0 };
    }
    current.days += 1;
    current.sum += BigInt(balance);
    current.end = balance;
    total += BigInt(balance);
  }
  close();
  return { months, balanceDaysFils: total };
}

/** The explanation of a closed period, of the share-out proposed, or of the estimate so far. */
export async function shareExplained(
  db: DbOrTx,
  userId: number,
  period: 'open' | number,
  today: string,
): Promise<ShareExplained> {
  if (period !== 'open') return closedExplained(db, userId, period);
  const proposed = (await openProposals(db)).find((p) => p.action === 'bonus.close');
  const asked = proposed?.details as ProposedClose | null | undefined;
  if (asked?.startsOn && asked.endsOn) {
    const choice = { ...INTEREST_ONLY, ...asked.choice };
    return openExplained(db, userId, 'proposed', asked.startsOn, asked.endsOn, choice);
  }
  const from = await openPeriodFrom(db, today);
  return openExplained(db, userId, 'estimate', from, today, await lastChoice(db));
}

async function openExplained(
  db: DbOrTx,
  userId: number,
  status: 'proposed' | 'estimate',
  startsOn: string,
  endsOn: string,
  choice: Parameters<typeof periodFigures>[3],
): Promise<ShareExplained> {
  const figures = await periodFigures(db, startsOn, endsOn, choice);
  const me = figures.members.find((m) => m.userId === userId);
  const { months } = savingsMonths(await savingsByDay(db, userId, endsOn), startsOn, endsOn);
  const total = figures.totalBalanceDaysFils;
  return {
    status,
    period: { id: null, starts_on: startsOn, ends_on: endsOn, days: figures.days },
    parts: partsView(figures.parts),
    months,
    your_average_balance: filsToAed(averageFils(me?.balanceDaysFils ?? 0, figures.days)),
    total_average_balance: filsToAed(averageFils(total, figures.days)),
    your_share_percent: percentOf(me?.balanceDaysFils ?? 0, total),
    members: figures.members.length,
    amount: filsToAed(me?.amountFils ?? 0),
  };
}

async function closedExplained(db: DbOrTx, userId: number, id: number): Promise<ShareExplained> {
  const [row] = await db
    .select({
      period: bonusPeriods,
      members: sql<number>`count(${bonusAllocations.id})::int`,
      total: sql<string>`coalesce(sum(${bonusAllocations.balanceDaysFils}), 0)::text`,
      mine: sql<string>`coalesce(sum(${bonusAllocations.balanceDaysFils}) filter (where ${bonusAllocations.userId} = ${userId}), 0)::text`,
      amount: sql<string>`coalesce(sum(${bonusAllocations.amountFils}) filter (where ${bonusAllocations.userId} = ${userId}), 0)::text`,
    })
    .from(bonusPeriods)
    .leftJoin(bonusAllocations, eq(bonusAllocations.periodId, bonusPeriods.id))
    .where(eq(bonusPeriods.id, id))
    .groupBy(bonusPeriods.id);
  if (!row) throw notFound(/*i18n*/ 'There is no such share-out.');
  const { startsOn, endsOn } = row.period;
  const days = daysIn(startsOn, endsOn);
  const { months } = savingsMonths(await savingsByDay(db, userId, endsOn), startsOn, endsOn);
  // The weights as the close recorded them: the books may have been corrected since.
  const total = BigInt(row.total);
  const mine = BigInt(row.mine);
  return {
    status: 'closed',
    period: { id: row.period.id, starts_on: startsOn, ends_on: endsOn, days },
    parts: periodPartsView(row.period),
    months,
    your_average_balance: filsToAed(averageFils(mine, days)),
    total_average_balance: filsToAed(averageFils(total, days)),
    your_share_percent: percentOf(mine, total),
    members: row.members,
    amount: filsToAed(Number(row.amount)),
  };
}
