import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import { amongIds, type Db, type Tx } from '../../db/client.ts';
import { duesMonths, payments } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { inBatches, letOthersIn } from '../../lib/batches.ts';
import { localDate, periodLabel, periodOf } from '../../lib/calendar.ts';
import { postEntries, type EntryInput } from '../ledger/public.ts';
import { duesDueSoonNotice, fineNotice, notifyAll } from '../notifications/public.ts';
import { getSettings, paymentInstructionsIn } from '../settings/public.ts';
import { lateFineFils } from '@jamiya/money/fine';
import {
  dueOn,
  fineOn,
  finesFromOf,
  owingDues,
  periodsAround,
  reminderOn,
} from './dues-calendar.ts';
import {
  duesSubmissionColumns,
  lockMonth,
  monthFigures,
  monthKey,
  monthsOf,
  type MemberMonth,
} from './months.ts';

// The dues calendar's daily work, run by the notifications job in every process (app.ts): the
// reminders before a due day and the fines after the grace. The database decides who does each
// (a column of dues_months set only where it is null), never a process's memory, so two
// processes never remind or fine twice (docs/domain/dues.md).

type DuesDueSoon = Parameters<typeof duesDueSoonNotice>[0];

/** Reminders a transaction of the job writes (remindAll). */
const JOB_BATCH = 100;
/** Fines a transaction of the job writes (fineAll). */
const FINE_BATCH = 25;

/** What one run did. */
export interface DuesCalendarRun {
  reminders: number;
  fines: number;
}

/**
 * Reminds members whose due falls due within the reminder days and fines the months still
 * unpaid after their grace, for the active members' months around today (or those of `only`:
 * dues-inbox.ts runs it each minute).
 */
export async function duesCalendarRun(
  db: Db,
  now: Date,
  only?: readonly number[],
): Promise<DuesCalendarRun> {
  const today = localDate(now);
  const settings = await getSettings(db);
  const periods = periodsAround(periodOf(today));
  const members = await db
    .select({
      id: users.id,
      joinedOn: users.joinedOn,
      createdAt: users.createdAt,
      payday: users.payday,
      language: users.language,
      leavingOn: users.leavingOn,
    })
    .from(users)
    .where(and(owingDues, only && amongIds(users.id, only)));
  if (members.length === 0) return { reminders: 0, fines: 0 };
  const theirs = only && members.map((m) => m.id);
  const subs = await db
    .select({ userId: payments.userId, ...duesSubmissionColumns, createdAt: payments.createdAt })
    .from(payments)
    .where(
      and(
        eq(payments.kind, 'dues'),
        inArray(payments.period, periods),
        theirs && amongIds(payments.userId, theirs),
      ),
    );
  const marks = await db
    .select()
    .from(duesMonths)
    .where(and(inArray(duesMonths.period, periods), theirs && amongIds(duesMonths.userId, theirs)));
  const subsOf = new Map<string, typeof subs>();
  for (const sub of subs) {
    const k = monthKey({ userId: sub.userId, period: sub.period! });
    subsOf.set(k, [...(subsOf.get(k) ?? []), sub]);
  }
  const markOf = new Map(marks.map((m) => [monthKey(m), m]));

  const run: DuesCalendarRun = { reminders: 0, fines: 0 };
  const toRemind: DuesDueSoon[] = [];
  const toFine: MemberMonth[] = [];
  for (const [i, member] of members.entries()) {
    // Thousands of members' months, worked out here, would hold every request meanwhile.
    if (i > 0 && i % 200 === 0) await letOthersIn();
    for (const period of periods) {
      if (period < periodOf(member.joinedOn)) continue;
      // A member who asked to leave owes no month after the one they leave in.
      if (member.leavingOn && period > periodOf(member.leavingOn)) continue;
      const forPeriod = subsOf.get(monthKey({ userId: member.id, period })) ?? [];
      const mark = markOf.get(monthKey({ userId: member.id, period }));
      const { dueFils, paidFils } = monthFigures(forPeriod, settings.monthlyDueFils);
      if (paidFils >= dueFils) continue;
      const pending = forPeriod.find((p) => p.status === 'pending');

      const remindOn = reminderOn(period, member.payday, settings);
      const due = dueOn(period, member.payday, settings);
      if (!mark?.remindedAt && !pending && remindOn && remindOn <= today && today <= due) {
        const instructions = paymentInstructionsIn(settings, member.language);
        toRemind.push({
          userId: member.id,
          period,
          dueOn: due,
          leftFils: dueFils - paidFils,
          instructions,
        });
      }

      const fineDay = fineOn(
        period,
        member.payday,
        mark?.salaryLateOn ?? null,
        settings,
        finesFromOf(member),
      );
      // A receipt sent within the grace is no lateness while it awaits review.
      const sentInTime = pending && fineDay !== null && localDate(pending.createdAt) < fineDay;
      if (!mark?.finedAt && fineDay !== null && fineDay <= today && !sentInTime)
        toFine.push({ userId: member.id, period });
    }
  }
  run.fines = await fineAll(db, toFine, now);
  run.reminders = await remindAll(db, toRemind, now);
  return run;
}

/**
 * The months' reminders, each at most once, a hundred to a transaction of two statements: the
 * months marked where no reminder was (in one order, so two processes at once wait for each
 * other rather than deadlock), and the notices of those this call marked. A hundred keeps each
 * transaction short: on the embedded database the requests beside it wait for it.
 */
async function remindAll(db: Db, notices: DuesDueSoon[], now: Date): Promise<number> {
  const ordered = [...notices].sort(
    (a, b) => a.userId - b.userId || a.period.localeCompare(b.period),
  );
  let sent = 0;
  for (const batch of inBatches(ordered, JOB_BATCH)) {
    await letOthersIn();
    sent += await db.transaction(async (tx) => {
      const marked = await tx
        .insert(duesMonths)
        .values(batch.map((n) => ({ userId: n.userId, period: n.period, remindedAt: now })))
        .onConflictDoUpdate({
          target: [duesMonths.userId, duesMonths.period],
          set: { remindedAt: now },
          setWhere: isNull(duesMonths.remindedAt),
        })
        .returning({ userId: duesMonths.userId, period: duesMonths.period });
      const won = new Set(marked.map(monthKey));
      const mine = batch.filter((n) => won.has(monthKey(n)));
      await notifyAll(
        tx,
        mine.map((n) => ({ ...duesDueSoonNotice(n), at: now })),
      );
      return mine.length;
    });
  }
  return sent;
}

/**
 * The months to fine, FINE_BATCH to a transaction of a few statements, in the order of their
 * members (as a payout locks them: two processes at once wait for each other rather than
 * deadlock).
 */
async function fineAll(db: Db, months: MemberMonth[], now: Date): Promise<number> {
  const ordered = [...months].sort(
    (a, b) => a.userId - b.userId || a.period.localeCompare(b.period),
  );
  let fined = 0;
  for (const batch of inBatches(ordered, FINE_BATCH)) {
    await letOthersIn();
    fined += await db.transaction((tx) => fineMonths(tx, batch, now));
  }
  return fined;
}

/** Fines one month still unpaid, at most once (fineMonths), in a transaction of its own. */
export async function chargeFine(
  db: Db,
  userId: number,
  period: string,
  now: Date,
): Promise<boolean> {
  return (await db.transaction((tx) => fineMonths(tx, [{ userId, period }], now))) > 0;
}

/**
 * Fines months still unpaid, each at most once: under the month's lock (which an approval takes
 * too, as does every process's fine day), the month is read again, and only a month still
 * unfined gets its fine, its entry (Dr the member's fines, Cr fines income) and the member's
 * notice. Answers how many it fined.
 */
async function fineMonths(tx: Tx, months: readonly MemberMonth[], now: Date): Promise<number> {
  // A member whose leaving is being paid out is waited for; one who left is never fined. The
  // rows before the months, in the payout's order; for update, as the fine's entry updates them.
  const members = await tx
    .select({ id: users.id, leftOn: users.leftOn })
    .from(users)
    .where(inArray(users.id, [...new Set(months.map((m) => m.userId))]))
    .orderBy(users.id)
    .for('update');
  const staying = new Set(members.filter((m) => !m.leftOn).map((m) => m.id));
  const open = months.filter((m) => staying.has(m.userId));
  if (open.length === 0) return 0;
  for (const m of open) await lockMonth(tx, m.userId, m.period);
  const figures = await monthsOf(tx, open);
  const settings = await getSettings(tx);
  const fines = open.flatMap((m) => {
    const month = figures.get(monthKey(m))!;
    if (month.fined) return []; // another process fined it first
    const fineFils = month.paidFils >= month.dueFils ? 0 : lateFineFils(month.dueFils, settings);
    return fineFils === 0 ? [] : [{ ...m, fineFils }];
  });
  if (fines.length === 0) return 0;
  const entryIds = await postEntries(
    tx,
    fines.map((f) => fineEntry(f.userId, f.period, f.fineFils, now)),
  );
  // The month's mark with its entry in one statement (a second would raise the member's
  // account version again); the condition stays, so a fine written twice cannot commit.
  const marked = await tx
    .insert(duesMonths)
    .values(fines.map((f, i) => ({ ...f, finedAt: now, fineEntryId: entryIds[i] })))
    .onConflictDoUpdate({
      target: [duesMonths.userId, duesMonths.period],
      set: {
        fineFils: sql`excluded.fine_fils`,
        finedAt: now,
        fineEntryId: sql`excluded.fine_entry_id`,
      },
      setWhere: isNull(duesMonths.finedAt),
    })
    .returning({ userId: duesMonths.userId });
  if (marked.length !== fines.length) throw new Error('a month was fined beside its lock');
  await notifyAll(
    tx,
    fines.map((f) => ({ ...fineNotice(f), at: now })),
  );
  return fines.length;
}

function fineEntry(userId: number, period: string, fineFils: Fils, now: Date): EntryInput {
  return {
    kind: 'fine',
    memo: `Late fine ${periodLabel(period)}`,
    occurredAt: now,
    createdBy: null,
    lines: [
      { account: { code: 'fines', userId }, amountFils: fineFils },
      { account: { code: 'fines_income' }, amountFils: -fineFils },
    ],
  };
}
