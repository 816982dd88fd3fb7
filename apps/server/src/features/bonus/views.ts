import { desc, eq, inArray, sql } from 'drizzle-orm';
import { filsToAed, type Fils } from '@jamiya/money/fils';
import type {
  BonusPeriod,
  BonusPeriods,
  BonusPreview,
  MyBonus,
  SharedParts,
} from '@jamiya/contracts/bonus';
import type { Language } from '@jamiya/contracts/languages';
import type { Db, DbOrTx } from '../../db/client.ts';
import { bonusAllocations, bonusPeriods } from '../../db/schema/bonus.ts';
import { users } from '../../db/schema/users.ts';
import { localDate } from '../../lib/calendar.ts';
import { translate } from '../../lib/i18n.ts';
import type { ProposalRow } from '../proposals/public.ts';
import {
  averageFils,
  daysIn,
  percentOf,
  periodFigures,
  previousDay,
  type PeriodFigures,
} from './figures.ts';
import {
  closeBlocker,
  closeOrPropose,
  lastChoice,
  nextPeriodStart,
  openPeriodFrom,
  resolvePeriod,
  type BonusPeriodRow,
} from './periods.ts';
import type { ShareChoice, SurplusParts } from './surplus.ts';

type PeriodInput = { startsOn?: string | undefined; endsOn: string; choice: ShareChoice };

/** What a share-out shares, or would: the parts not chosen are null. */
export function partsView(parts: SurplusParts): SharedParts {
  const { choice } = parts;
  return {
    interest: filsToAed(parts.interestFils),
    fines: choice.fines ? filsToAed(parts.finesFils) : null,
    other_income: choice.otherIncome ? filsToAed(parts.otherIncomeFils) : null,
    expenses: choice.lessExpenses ? filsToAed(parts.expensesFils) : null,
    shared: filsToAed(Math.max(parts.sharedFils, 0)),
  };
}

/** What a closed period shared, as it recorded it. */
export function periodPartsView(p: BonusPeriodRow): SharedParts {
  const shared =
    p.interestFils + (p.finesFils ?? 0) + (p.otherIncomeFils ?? 0) - (p.expensesFils ?? 0);
  const aedOrNull = (fils: number | null) => (fils === null ? null : filsToAed(fils));
  return {
    interest: filsToAed(p.interestFils),
    fines: aedOrNull(p.finesFils),
    other_income: aedOrNull(p.otherIncomeFils),
    expenses: aedOrNull(p.expensesFils),
    shared: filsToAed(shared),
  };
}

// The answers of the bonus calls, built from the closed periods and the journal.

/** Closed periods with their totals, newest first (all of them: one a year or so). */
async function periodViews(db: DbOrTx, only?: number[]): Promise<BonusPeriod[]> {
  const rows = await db
    .select({
      period: bonusPeriods,
      members: sql<number>`count(${bonusAllocations.id})::int`,
      balanceDays: sql<string>`coalesce(sum(${bonusAllocations.balanceDaysFils}), 0)::text`,
      closer: { id: users.id, unique_id: users.uniqueId, name: users.name },
    })
    .from(bonusPeriods)
    .leftJoin(bonusAllocations, eq(bonusAllocations.periodId, bonusPeriods.id))
    .leftJoin(users, eq(users.id, bonusPeriods.closedBy))
    .where(only ? inArray(bonusPeriods.id, only) : undefined)
    .groupBy(bonusPeriods.id, users.id)
    .orderBy(desc(bonusPeriods.endsOn));
  return rows.map((r) => toPeriodView(r.period, r.members, BigInt(r.balanceDays), r.closer));
}

function toPeriodView(
  p: BonusPeriodRow,
  members: number,
  balanceDaysFils: bigint,
  closer: BonusPeriod['closed_by'],
): BonusPeriod {
  const days = daysIn(p.startsOn, p.endsOn);
  return {
    id: p.id,
    starts_on: p.startsOn,
    ends_on: p.endsOn,
    days,
    interest: filsToAed(p.interestFils),
    parts: periodPartsView(p),
    members,
    total_average_balance: filsToAed(averageFils(balanceDaysFils, days)),
    entry_id: p.entryId,
    closed_at: p.closedAt.toISOString(),
    closed_by: closer,
  };
}

async function periodView(db: DbOrTx, id: number): Promise<BonusPeriod> {
  const [view] = await periodViews(db, [id]);
  if (!view) throw new Error(`bonus period ${id} is missing`);
  return view;
}

/** The closed periods and where the next one starts; the latest day it may end is yesterday. */
export async function periodsAnswer(db: DbOrTx): Promise<BonusPeriods> {
  const next = await nextPeriodStart(db);
  return {
    items: await periodViews(db),
    next: {
      starts_on: next.startsOn,
      is_start_fixed: next.isStartFixed,
      latest_ends_on: previousDay(localDate(new Date())),
    },
  };
}

/** What closing the asked period would share out, and why it could not close, in `language`. */
export async function previewAnswer(
  db: DbOrTx,
  input: PeriodInput,
  today: string,
  language: Language,
): Promise<BonusPreview> {
  const { startsOn, endsOn } = await resolvePeriod(db, input, today);
  const figures = await periodFigures(db, startsOn, endsOn, input.choice);
  const blocker = closeBlocker(figures, today);
  return previewView(figures, blocker && translate(language, blocker));
}

/** The close as an admin asks for it: the proposal, or the closed period as the answer shows it. */
export async function closeAnswer(
  db: Db,
  input: PeriodInput,
  actor: { id: number; ip?: string | null },
  now: Date,
): Promise<{ proposed: ProposalRow } | { period: BonusPeriod }> {
  const decision = await closeOrPropose(db, input, actor, now);
  if ('proposed' in decision) return decision;
  return { period: await periodView(db, decision.done.id) };
}

function previewView(figures: PeriodFigures, blocker: string | null): BonusPreview {
  const total = figures.totalBalanceDaysFils;
  return {
    starts_on: figures.startsOn,
    ends_on: figures.endsOn,
    days: figures.days,
    interest: filsToAed(Math.max(figures.parts.interestFils, 0)),
    parts: partsView(figures.parts),
    could_share: {
      fines: filsToAed(figures.parts.finesFils),
      other_income: filsToAed(figures.parts.otherIncomeFils),
      expenses: filsToAed(figures.parts.expensesFils),
    },
    total_average_balance: filsToAed(averageFils(total, figures.days)),
    members: figures.members.map((m) => ({
      member: { id: m.userId, unique_id: m.uniqueId, name: m.name },
      average_balance: filsToAed(averageFils(m.balanceDaysFils, figures.days)),
      share_percent: percentOf(m.balanceDaysFils, total),
      amount: filsToAed(m.amountFils),
    })),
    can_close: blocker === null,
    blocker,
  };
}

/**
 * A member's closed shares, with how each was worked out, and an estimate for the period
 * still open: the same computation as a close, over the days from its start to today.
 */
export async function myBonusView(db: DbOrTx, userId: number, today: string): Promise<MyBonus> {
  const totals = db
    .select({
      periodId: bonusAllocations.periodId,
      balanceDays: sql<string>`sum(${bonusAllocations.balanceDaysFils})`.as('total_balance_days'),
    })
    .from(bonusAllocations)
    .groupBy(bonusAllocations.periodId)
    .as('totals');
  const mine = await db
    .select({
      period: bonusPeriods,
      balanceDaysFils: bonusAllocations.balanceDaysFils,
      amountFils: bonusAllocations.amountFils,
      totalBalanceDays: sql<string>`${totals.balanceDays}::text`,
    })
    .from(bonusAllocations)
    .innerJoin(bonusPeriods, eq(bonusPeriods.id, bonusAllocations.periodId))
    .innerJoin(totals, eq(totals.periodId, bonusPeriods.id))
    .where(eq(bonusAllocations.userId, userId))
    .orderBy(desc(bonusPeriods.endsOn));

  const closed = mine.map((r) => {
    const days = daysIn(r.period.startsOn, r.period.endsOn);
    const total = BigInt(r.totalBalanceDays);
    return {
      period: {
        id: r.period.id,
        starts_on: r.period.startsOn,
        ends_on: r.period.endsOn,
        days,
      },
      interest_total: periodPartsView(r.period).shared,
      parts: periodPartsView(r.period),
      your_average_balance: filsToAed(averageFils(r.balanceDaysFils, days)),
      total_average_balance: filsToAed(averageFils(total, days)),
      your_share_percent: percentOf(r.balanceDaysFils, total),
      amount: filsToAed(r.amountFils),
    };
  });

  const from = await openPeriodFrom(db, today);
  const figures = await periodFigures(db, from, today, await lastChoice(db));
  const me = figures.members.find((m) => m.userId === userId);
  const total = figures.totalBalanceDaysFils;
  return {
    closed,
    estimate: {
      from,
      to: today,
      days: figures.days,
      interest_so_far: filsToAed(Math.max(figures.parts.sharedFils, 0)),
      parts: partsView(figures.parts),
      your_average_balance: filsToAed(averageFils(me?.balanceDaysFils ?? 0, figures.days)),
      total_average_balance: filsToAed(averageFils(total, figures.days)),
      your_share_percent: percentOf(me?.balanceDaysFils ?? 0, total),
      amount: filsToAed(me?.amountFils ?? 0),
      is_estimate: true,
    },
  };
}

/**
 * A member's estimated share of the period still open, from its start to `today`: what leaving
 * pays when the association pays the share-out at exit (docs/domain/leaving.md).
 */
export async function openShareEstimateFils(
  db: DbOrTx,
  userId: number,
  today: string,
): Promise<Fils> {
  const from = await openPeriodFrom(db, today);
  const figures = await periodFigures(db, from, today, await lastChoice(db));
  return figures.members.find((m) => m.userId === userId)?.amountFils ?? 0;
}

/** The days each share-out's entry shared the interest of (YYYY-MM-DD), by the entry's id. */
export async function shareOutsOf(
  db: DbOrTx,
  entryIds: readonly number[],
): Promise<Map<number, { from: string; to: string }>> {
  if (entryIds.length === 0) return new Map();
  const rows = await db
    .select({ entryId: bonusPeriods.entryId, from: bonusPeriods.startsOn, to: bonusPeriods.endsOn })
    .from(bonusPeriods)
    .where(inArray(bonusPeriods.entryId, [...new Set(entryIds)]));
  return new Map(
    rows.flatMap((r) =>
      r.entryId === null ? [] : [[r.entryId, { from: r.from, to: r.to }] as const],
    ),
  );
}

/** The closed share-outs whose period ends in [from, to], oldest first (the annual report's). */
export async function periodsEndingIn(db: DbOrTx, from: string, to: string) {
  return (await periodViews(db)).filter((p) => p.ends_on >= from && p.ends_on <= to).reverse();
}
