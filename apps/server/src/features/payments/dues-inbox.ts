import { amongIds, type Db } from '../../db/client.ts';
import { duesJobInbox } from '../../db/schema/payments.ts';
import { localDate } from '../../lib/calendar.ts';
import { duesCalendarRun } from './dues-job.ts';

// The dues calendar as the job runs it each minute (docs/domain/dues.md, The job): every
// active member once a day (a day's reminders and fines come with the date), and between
// those passes only the members whose dues changed (the inbox the triggers of migration 0033
// fill). A minute with nothing to do costs the one statement that reads the inbox.

/** Beyond this many members changed at once (an import), one pass over everyone is cheaper. */
const NAMED_AT_MOST = 1_000;

/** The job's dues work for one process: it remembers the day of its last pass over everyone. */
export function scheduledDuesCalendar(): (db: Db, now: Date) => Promise<number> {
  let everyonePassedOn: string | null = null;
  return async (db, now) => {
    const today = localDate(now);
    const taken = await db
      .select({ id: duesJobInbox.id, userId: duesJobInbox.userId })
      .from(duesJobInbox);
    const everyone =
      everyonePassedOn !== today ||
      taken.length > NAMED_AT_MOST ||
      taken.some((t) => t.userId === null);
    if (!everyone && taken.length === 0) return 0;
    const named = [...new Set(taken.map((t) => t.userId!))];
    const run = await duesCalendarRun(db, now, everyone ? undefined : named);
    if (everyone) everyonePassedOn = today;
    // Only once the pass is done, and only the rows it read: a run that fails or a process that
    // dies leaves them for the next minute (a reminder is due until its day only), and rows
    // written meanwhile stay. Two processes may take the same rows: the marks keep each reminder
    // and fine to one.
    if (taken.length > 0)
      await db.delete(duesJobInbox).where(
        amongIds(
          duesJobInbox.id,
          taken.map((t) => t.id),
        ),
      );
    return run.reminders + run.fines;
  };
}
