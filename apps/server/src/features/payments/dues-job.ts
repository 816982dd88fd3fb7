import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import type { Db, DbOrTx } from '../../db/client.ts';
import { duesMonths, payments } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { inBatches, letOthersIn } from '../../lib/batches.ts';
import { localDate, periodLabel, periodOf } from '../../lib/calendar.ts';
import { postEntry } from '../ledger/public.ts';
import { duesDueSoonNotice, fineNotice, notify, notifyAll } from '../notifications/public.ts';
import { getSettings, paymentInstructionsIn } from '../settings/public.ts';
import { lateFineFils } from '@jamiya/money/fine';
import { dueOn, fineOn, finesFromOf, periodsAround, reminderOn } from './dues-calendar.ts';
import { lockMonth, monthFigures, monthOf } from './months.ts';

// The dues calendar's daily work, run by the notifications job in every process (app.ts): the
// reminders before a due day and the fines after the grace. The database decides who does each
// (a column of dues_months set only where it is null), never a process's memory, so two
// processes never remind or fine twice (docs/domain/dues.md).

type DuesDueSoon = Parameters<typeof duesDueSoonNotice>[0];

/** Reminders a transaction of the job writes (remindAll). */
const JOB_BATCH = 100;

/** What one run did. */
export interface DuesCalendarRun {
  reminders: number;
  fines: number;
}

/**
 * Reminds members whose due falls due within the reminder days and fines the months still
 * unpaid after their grace, for the active members' months around today. Returns how many
 * notices it sent (the job's count).
 */
export async function runDuesCalendar(db: Db, now: Date): Promise<number> {
  const { reminders, fines } = await duesCalendarRun(db, now);
  return reminders + fines;
}

export async function duesCalendarRun(db: Db, now: Date): Promise<DuesCalendarRun> {
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
    .where(and(eq(users.isMember, true), eq(users.status, 1), isNull(users.leftOn)));
  if (members.length === 0) return { reminders: 0, fines: 0 };
  const subs = await db
    .select({
      userId: payments.userId,
      period: payments.period,
      status: payments.status,
      amountFils: payments.amountFils,
      approvedAmountFils: payments.approvedAmountFils,
      reviewNote: payments.reviewNote,
      monthDueFils: payments.monthDueFils,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(and(eq(payments.kind, 'dues'), inArray(payments.period, periods)));
  const marks = await db.select().from(duesMonths).where(inArray(duesMonths.period, periods));
  const key = (userId: number, period: string) => `${userId}:${period}`;
  const subsOf = new Map<string, typeof subs>();
  for (const sub of subs) {
    const k = key(sub.userId, sub.period!);
    subsOf.set(k, [...(subsOf.get(k) ?? []), sub]);
  }
  const markOf = new Map(marks.map((m) => [key(m.userId, m.period), m]));

  const run: DuesCalendarRun = { reminders: 0, fines: 0 };
  const toRemind: DuesDueSoon[] = [];
  for (const member of members) {
    for (const period of periods) {
      if (period < periodOf(member.joinedOn)) continue;
      // A member who asked to leave owes no month after the one they leave in.
      if (member.leavingOn && period > periodOf(member.leavingOn)) continue;
      const forPeriod = subsOf.get(key(member.id, period)) ?? [];
      const mark = markOf.get(key(member.id, period));
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
      if (!mark?.finedAt && fineDay !== null && fineDay <= today && !sentInTime) {
        // A fine is a transaction of its own (its month's lock, its entry): others go between.
        await letOthersIn();
        if (await chargeFine(db, member.id, period, now)) run.fines += 1;
      }
    }
  }
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
  const key = (n: { userId: number; period: string }) => `${n.userId}:${n.period}`;
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
      const won = new Set(marked.map(key));
      const mine = batch.filter((n) => won.has(key(n)));
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
 * Fines a month still unpaid, at most once: under the month's lock (which an approval takes
 * too), the month is read again, and the fine is written only where none was, with its entry
 * (Dr the member's fines, Cr fines income) and the member's notice, in one transaction.
 */
export async function chargeFine(
  db: Db,
  userId: number,
  period: string,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // A member whose leaving is being paid out is waited for; one who left is never fined. The
    // row before the month, in the payout's order; for update, as the fine's entry updates it.
    const [member] = await tx
      .select({ leftOn: users.leftOn })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!member || member.leftOn) return false;
    await lockMonth(tx, userId, period);
    const month = await monthOf(tx, userId, period);
    if (month.paidFils >= month.dueFils) return false;
    const settings = await getSettings(tx);
    const fineFils = lateFineFils(month.dueFils, settings);
    if (fineFils === 0) return false;
    const marked = await tx
      .insert(duesMonths)
      .values({ userId, period, fineFils, finedAt: now })
      .onConflictDoUpdate({
        target: [duesMonths.userId, duesMonths.period],
        set: { fineFils, finedAt: now },
        setWhere: isNull(duesMonths.finedAt),
      })
      .returning({ period: duesMonths.period });
    if (marked.length === 0) return false;
    const entryId = await postFine(tx, userId, period, fineFils, now);
    await tx
      .update(duesMonths)
      .set({ fineEntryId: entryId })
      .where(and(eq(duesMonths.userId, userId), eq(duesMonths.period, period)));
    await notify(tx, { ...fineNotice({ userId, period, fineFils }), at: now });
    return true;
  });
}

function postFine(tx: DbOrTx, userId: number, period: string, fineFils: Fils, now: Date) {
  return postEntry(tx, {
    kind: 'fine',
    memo: `Late fine ${periodLabel(period)}`,
    occurredAt: now,
    createdBy: null,
    lines: [
      { account: { code: 'fines', userId }, amountFils: fineFils },
      { account: { code: 'fines_income' }, amountFils: -fineFils },
    ],
  });
}
