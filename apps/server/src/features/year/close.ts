import type { Db, DbOrTx } from '../../db/client.ts';
import { bookYears } from '../../db/schema/year.ts';
import { conflict, type FieldErrors } from '../../lib/errors.ts';
import { lastDayOfPeriod } from '../../lib/calendar.ts';
import { sentence } from '../../lib/i18n.ts';
import { audit } from '../audit/public.ts';
import {
  holdMonthLocks,
  monthOfMoment,
  postClosingEntry,
  reverseClosingEntry,
} from '../ledger/public.ts';
import { withSecondAdmin, type Decision } from '../proposals/public.ts';
import { checklistOf } from './checklist.ts';
import { yearAmong, type BookYearSpan, type YearRow } from './years.ts';

// The year-end close and its reopening (docs/domain/year.md). Each runs under the month locks'
// lock held alone: nothing dated before this month is written while a year closes or reopens.

type Actor = { id: number; ip?: string | null };

/** A year that is over and the first not closed: the only one whose arrears or close count. */
async function firstOpenYear(tx: DbOrTx, year: number, now: Date): Promise<BookYearSpan> {
  const { span, before } = await yearAmong(tx, year, now);
  const name = String(year);
  if (span.row?.closedAt)
    throw conflict(sentence(/*i18n*/ '{year} is already closed.', { year: name }));
  if (span.lastMonth >= monthOfMoment(now))
    throw conflict(
      sentence(/*i18n*/ '{year} is not over yet: a year is closed once its last month has ended.', {
        year: name,
      }),
    );
  const open = before.find((s) => !s.row?.closedAt);
  if (open)
    throw conflict(
      sentence(/*i18n*/ 'Close {year} first: years are closed in order.', {
        year: String(open.year),
      }),
    );
  return span;
}

/** The year's row, made with its months when it has none. */
async function saveYear(
  tx: DbOrTx,
  span: BookYearSpan,
  change: Partial<YearRow>,
): Promise<YearRow> {
  const [row] = await tx
    .insert(bookYears)
    .values({ year: span.year, firstMonth: span.firstMonth, lastMonth: span.lastMonth, ...change })
    .onConflictDoUpdate({
      target: bookYears.year,
      set: { firstMonth: span.firstMonth, lastMonth: span.lastMonth, ...change },
    })
    .returning();
  return row!;
}

/** Marks the arrears at the year's end reviewed: one item of the close's checklist. */
export async function reviewArrears(
  db: Db,
  year: number,
  actor: Actor,
  now: Date,
): Promise<YearRow> {
  return db.transaction(async (tx) => {
    await holdMonthLocks(tx);
    const span = await firstOpenYear(tx, year, now);
    const row = await saveYear(tx, span, { arrearsReviewedBy: actor.id, arrearsReviewedAt: now });
    await audit(tx, {
      actorId: actor.id,
      action: 'year.arrears_review',
      targetType: 'year',
      targetId: String(year),
      ip: actor.ip ?? null,
      at: now,
    });
    return row;
  });
}

/** Refuses (409) a close whose checklist is not met, each item named in `errors`. */
async function refuseUnmetChecklist(tx: DbOrTx, span: BookYearSpan): Promise<void> {
  const unmet = (await checklistOf(tx, span)).filter((item) => !item.done);
  if (unmet.length === 0) return;
  const errors: FieldErrors = Object.fromEntries(unmet.map((item) => [item.check, [item.says]]));
  throw conflict(
    sentence(/*i18n*/ '{year} cannot be closed yet: every item of its checklist must be met.', {
      year: String(span.year),
    }),
    errors,
  );
}

/**
 * A year's close as an admin asks for it: checked, then carried out, or proposed for a second
 * admin when the association has two or more; the second admin's call checks it again.
 */
export async function closeYearOrPropose(
  db: Db,
  year: number,
  actor: Actor,
  now: Date,
): Promise<Decision<YearRow>> {
  return db.transaction(async (tx) => {
    await holdMonthLocks(tx);
    const span = await firstOpenYear(tx, year, now);
    await refuseUnmetChecklist(tx, span);
    return withSecondAdmin(
      tx,
      {
        action: 'year.close',
        loanId: null,
        subject: `year:${year}`,
        amountFils: null,
        details: { year },
      },
      actor,
      now,
      async (open) => {
        const proposedBy = open?.proposedBy ?? null;
        const closed = await postClosingEntry(tx, {
          lastDay: lastDayOfPeriod(span.lastMonth),
          memo: `Close of the year ${year}: its income and expenses to the members' surplus`,
          createdBy: actor.id,
          proposedBy,
        });
        const row = await saveYear(tx, span, {
          closedBy: actor.id,
          closeProposedBy: proposedBy,
          closedAt: now,
          closingEntryId: closed.entryId,
          surplusFils: closed.surplusFils,
        });
        await audit(tx, {
          actorId: actor.id,
          action: 'year.close',
          targetType: 'year',
          targetId: String(year),
          details: { entry_id: closed.entryId, surplus_fils: closed.surplusFils },
          ip: actor.ip ?? null,
          at: now,
        });
        return row;
      },
    );
  });
}

/** A closed year that may be reopened: the last closed one. */
async function closedYear(tx: DbOrTx, year: number, now: Date): Promise<BookYearSpan> {
  const { span, after } = await yearAmong(tx, year, now);
  if (!span.row?.closedAt)
    throw conflict(sentence(/*i18n*/ '{year} is not closed.', { year: String(year) }));
  const later = after.find((s) => s.row?.closedAt);
  if (later)
    throw conflict(
      sentence(/*i18n*/ 'Reopen {later} first: years are reopened from the last closed.', {
        later: String(later.year),
      }),
    );
  return span;
}

/**
 * Reopens a closed year by reversing its closing entry in its closing period, with a reason; two
 * admins when there are two (the proposer's reason stands).
 */
export async function reopenYearOrPropose(
  db: Db,
  year: number,
  reason: string,
  actor: Actor,
  now: Date,
): Promise<Decision<YearRow>> {
  return db.transaction(async (tx) => {
    await holdMonthLocks(tx);
    const span = await closedYear(tx, year, now);
    return withSecondAdmin(
      tx,
      {
        action: 'year.reopen',
        loanId: null,
        subject: `year:${year}`,
        amountFils: null,
        details: { year, reason },
      },
      actor,
      now,
      async (open) => {
        const proposedBy = open?.proposedBy ?? null;
        const said = typeof open?.details?.reason === 'string' ? open.details.reason : reason;
        const entryId = span.row!.closingEntryId;
        const reversal =
          entryId === null
            ? null
            : await reverseClosingEntry(tx, entryId, {
                memo: `Year ${year} reopened: ${said}`,
                createdBy: actor.id,
                proposedBy,
                at: now,
              });
        const row = await saveYear(tx, span, {
          closedBy: null,
          closeProposedBy: null,
          closedAt: null,
          closingEntryId: null,
          surplusFils: null,
        });
        await audit(tx, {
          actorId: actor.id,
          action: 'year.reopen',
          targetType: 'year',
          targetId: String(year),
          reason: said,
          details: { reversal_id: reversal },
          ip: actor.ip ?? null,
          at: now,
        });
        return row;
      },
    );
  });
}
