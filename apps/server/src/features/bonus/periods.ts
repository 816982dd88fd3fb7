import { desc, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { bonusAllocations, bonusPeriods } from '../../db/schema/bonus.ts';
import { localDate } from '../../lib/calendar.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import { conflict, unprocessable } from '../../lib/errors.ts';
import { sentence, type Say } from '../../lib/i18n.ts';
import { audit } from '../audit/public.ts';
import { postEntry } from '../ledger/public.ts';
import { withSecondAdmin, type Decision } from '../proposals/public.ts';
import { notify, bonusNotice } from '../notifications/public.ts';
import { firstEntryDate } from '../ledger/public.ts';
import { getSettings } from '../settings/public.ts';
import {
  averageFils,
  nextDay,
  percentOf,
  periodFigures,
  previousDay,
  type PeriodFigures,
} from './figures.ts';
import { INTEREST_ONLY, sharesSurplus, sourceLines, type ShareChoice } from './surplus.ts';
import { formatDay } from '@jamiya/money/dates';

export type BonusPeriodRow = typeof bonusPeriods.$inferSelect;

export async function lastPeriod(db: DbOrTx): Promise<BonusPeriodRow | null> {
  const [row] = await db.select().from(bonusPeriods).orderBy(desc(bonusPeriods.endsOn)).limit(1);
  return row ?? null;
}

/** What a closed period shared besides its interest. */
export const choiceOf = (period: BonusPeriodRow): ShareChoice => ({
  fines: period.finesFils !== null,
  otherIncome: period.otherIncomeFils !== null,
  lessExpenses: period.expensesFils !== null,
});

/** The committee's last choice, which the estimate of the open period follows. */
export async function lastChoice(db: DbOrTx): Promise<ShareChoice> {
  const last = await lastPeriod(db);
  return last ? choiceOf(last) : INTEREST_ONLY;
}

const sameChoice = (a: Partial<ShareChoice> | undefined, b: ShareChoice) =>
  (a?.fines ?? false) === b.fines &&
  (a?.otherIncome ?? false) === b.otherIncome &&
  (a?.lessExpenses ?? false) === b.lessExpenses;

/** The last day a closed share-out period reached, or null before the first. */
export async function lastSharedOutDay(db: DbOrTx): Promise<string | null> {
  return (await lastPeriod(db))?.endsOn ?? null;
}

/** Where the next period starts: the day after the last one, else the first entry's date. */
export async function nextPeriodStart(
  db: DbOrTx,
): Promise<{ startsOn: string | null; isStartFixed: boolean }> {
  const last = await lastPeriod(db);
  if (last) return { startsOn: nextDay(last.endsOn), isStartFixed: true };
  return { startsOn: await firstEntryDate(db), isStartFixed: false };
}

/** The first day of the period still open on `today`: its estimate's and a leaver's share's. */
export async function openPeriodFrom(db: DbOrTx, today: string): Promise<string> {
  const { startsOn } = await nextPeriodStart(db);
  return startsOn && startsOn <= today ? startsOn : today;
}

/**
 * The period an admin asks for, checked against the closed ones: periods follow each other
 * without a gap or an overlap, and none ends in the future.
 */
export async function resolvePeriod(
  db: DbOrTx,
  input: { startsOn?: string | undefined; endsOn: string },
  today: string,
): Promise<{ startsOn: string; endsOn: string }> {
  const last = await lastPeriod(db);
  let startsOn: string;
  if (last) {
    const next = nextDay(last.endsOn);
    if (input.endsOn <= last.endsOn || (input.startsOn && input.startsOn <= last.endsOn)) {
      throw conflict(
        sentence(
          /*i18n*/ 'The share-out up to {last} is already closed; the next period starts on {next}.',
          { last: { day: last.endsOn }, next: { day: next } },
        ),
        {
          [input.endsOn <= last.endsOn ? 'ends_on' : 'starts_on']: [
            /*i18n*/ 'This overlaps a closed period.',
          ],
        },
      );
    }
    if (input.startsOn && input.startsOn !== next) {
      const message = sentence(
        /*i18n*/ 'The next period starts on {next}, the day after the last one ended, so that no day is left out.',
        { next: { day: next } },
      );
      throw unprocessable(message, { starts_on: [message] });
    }
    startsOn = next;
  } else {
    const first = input.startsOn ?? (await firstEntryDate(db));
    if (!first)
      throw unprocessable(
        /*i18n*/ 'Nothing is recorded in the books yet, so there is nothing to share.',
      );
    startsOn = first;
  }
  if (input.endsOn > today) {
    throw unprocessable(/*i18n*/ 'A period cannot end in the future.', {
      ends_on: [
        sentence(/*i18n*/ 'Choose {day} or earlier.', { day: { day: previousDay(today) } }),
      ],
    });
  }
  if (input.endsOn < startsOn) {
    const message = sentence(
      /*i18n*/ 'The period starts on {start}, so it must end on that day or later.',
      {
        start: { day: startsOn },
      },
    );
    throw unprocessable(message, { ends_on: [message] });
  }
  return { startsOn, endsOn: input.endsOn };
}

/** Why the period cannot be closed now, or null. Today cannot be closed: it is not over. */
export function closeBlocker(figures: PeriodFigures, today: string): Say | null {
  if (figures.endsOn >= today)
    return /*i18n*/ 'Today is not over, and income that comes in later today would belong to no period: end the period yesterday at the latest.';
  return figures.problem;
}

/**
 * The close as an admin asks for it: carried out, or proposed for a second admin when the
 * association has two or more (maker-checker); the second admin must ask for the same dates.
 */
export async function closeOrPropose(
  db: Db,
  input: { startsOn?: string | undefined; endsOn: string; choice: ShareChoice },
  actor: { id: number; ip?: string | null },
  now: Date,
): Promise<Decision<BonusPeriodRow>> {
  try {
    return await db.transaction(async (tx) => {
      const { startsOn, endsOn } = await resolvePeriod(tx, input, localDate(now));
      const { choice } = input;
      const figures = await periodFigures(tx, startsOn, endsOn, choice);
      return withSecondAdmin(
        tx,
        {
          action: 'bonus.close',
          loanId: null,
          amountFils: figures.parts.sharedFils,
          details: { startsOn, endsOn, choice },
        },
        actor,
        now,
        () => closeIn(tx, { startsOn, endsOn, choice }, actor, now),
        (open) => {
          const asked = open.details as ProposedClose | null;
          return asked?.startsOn === startsOn &&
            asked?.endsOn === endsOn &&
            sameChoice(asked.choice, choice)
            ? null
            : sentence(
                /*i18n*/ 'Another admin proposed closing {start} – {end}, sharing what the proposal names: confirm those dates and that choice, or withdraw the proposal first.',
                {
                  start: { day: asked?.startsOn ?? startsOn },
                  end: { day: asked?.endsOn ?? endsOn },
                },
              );
        },
      );
    });
  } catch (err) {
    if (isUniqueViolation(err, 'bonus_periods_start'))
      throw conflict(/*i18n*/ 'This period was closed a moment ago.');
    throw err;
  }
}

/** What a proposal to close holds (a proposal from before the choice has none: interest only). */
export interface ProposedClose {
  startsOn?: string;
  endsOn?: string;
  choice?: Partial<ShareChoice>;
}

/**
 * Serialises share-out closes, and a member's leaving with them: a close counts who still holds
 * savings, a payout ends a membership (docs/domain/leaving.md).
 */
export async function lockShareOuts(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('bonus_periods'))`);
}

/**
 * Closes a period: one balanced journal entry (interest income to each member's savings), the
 * period and its allocations, an audit record and a notification to each member, in the caller's
 * transaction. Closes are serialised by an advisory lock, so two at once give one entry.
 */
async function closeIn(
  tx: DbOrTx,
  input: { startsOn?: string | undefined; endsOn: string; choice: ShareChoice },
  actor: { id: number; ip?: string | null },
  now: Date,
): Promise<BonusPeriodRow> {
  const today = localDate(now);
  await lockShareOuts(tx);
  const { startsOn, endsOn } = await resolvePeriod(tx, input, today);
  const figures = await periodFigures(tx, startsOn, endsOn, input.choice);
  const blocker = closeBlocker(figures, today);
  if (blocker) throw unprocessable(blocker, { ends_on: [blocker] });
  const { parts } = figures;
  const { choice } = parts;

  const span = `${formatDay(startsOn)} – ${formatDay(endsOn)}`;
  const entryId = await postEntry(tx, {
    kind: 'bonus',
    memo: `Share-out of ${sharesSurplus(choice) ? 'the surplus' : 'interest income'}, ${span}`,
    occurredAt: now,
    createdBy: actor.id,
    lines: [
      ...sourceLines(parts),
      ...figures.members.map((m) => ({
        account: { code: 'savings' as const, userId: m.userId },
        amountFils: 0 - m.amountFils,
      })),
    ],
  });
  const [period] = await tx
    .insert(bonusPeriods)
    .values({
      startsOn,
      endsOn,
      interestFils: parts.interestFils,
      finesFils: choice.fines ? parts.finesFils : null,
      otherIncomeFils: choice.otherIncome ? parts.otherIncomeFils : null,
      expensesFils: choice.lessExpenses ? parts.expensesFils : null,
      entryId,
      closedBy: actor.id,
      closedAt: now,
    })
    .returning();
  if (!period) throw new Error('bonus period was not written');
  await tx.insert(bonusAllocations).values(
    figures.members.map((m) => ({
      periodId: period.id,
      userId: m.userId,
      balanceDaysFils: m.balanceDaysFils,
      amountFils: m.amountFils,
    })),
  );
  await audit(tx, {
    actorId: actor.id,
    action: 'bonus.close',
    targetType: 'bonus_period',
    targetId: period.id,
    details: {
      startsOn,
      endsOn,
      interestFils: parts.interestFils,
      sharedFils: parts.sharedFils,
      choice,
      entryId,
      members: figures.members.length,
    },
    ip: actor.ip ?? null,
    at: now,
  });
  const totalAverage = averageFils(figures.totalBalanceDaysFils, figures.days);
  const { loanCharge } = await getSettings(tx);
  for (const m of figures.members) {
    if (m.amountFils <= 0) continue;
    await notify(
      tx,
      bonusNotice({
        userId: m.userId,
        amountFils: m.amountFils,
        startsOn,
        endsOn,
        averageFils: averageFils(m.balanceDaysFils, figures.days),
        totalAverageFils: totalAverage,
        percent: percentOf(m.balanceDaysFils, figures.totalBalanceDaysFils),
        interestFils: parts.sharedFils,
        isSurplus: sharesSurplus(choice),
        charge: loanCharge,
      }),
    );
  }
  return period;
}
