import { and, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { users } from '../../db/schema/users.ts';
import { forgetOldIdempotencyKeys } from '../../plugins/idempotency.ts';
import { type Mailer, notificationMail } from '../mail/public.ts';
import { getSettings } from '../settings/public.ts';
import { renderNotice } from './texts.ts';

// The scheduled work of notifications, safe to run in several processes over one PostgreSQL:
// the database decides who does what (a unique index for reminders, row locks for mails),
// never a process's memory.

export interface JobLog {
  info(fields: object, msg: string): void;
  warn(fields: object, msg: string): void;
  error(fields: object, msg: string): void;
}

export interface JobDeps {
  db: Db;
  mailer: Mailer;
  /** PUBLIC_URL: links in mails start with it. */
  publicUrl: string;
}

/**
 * The notices other features send on a schedule, each returning how many it sent (loans'
 * installment reminders): run first, so that they are mailed in the same run.
 */
export type ScheduledNotices = (db: Db, now: Date) => Promise<number>;

/** The mails other features send on a schedule (an import's invitations), each returning how many. */
export type ScheduledMails = (deps: JobDeps, now: Date, log: JobLog) => Promise<number>;

/**
 * Notifications older than this are not mailed: when SMTP is configured after months without
 * it, members get no flood of old news (they are in the app all the same).
 */
const MAIL_WITHIN_MS = 3 * 24 * 60 * 60_000;
const MAIL_BATCH = 50;
const MAX_BATCHES_PER_RUN = 20;

/**
 * Mails each notification not yet mailed (when the mailer delivers). Rows are claimed by
 * setting emailed_at in the same statement that locks them (FOR UPDATE SKIP LOCKED), so two
 * processes never claim one row: a notification is mailed at most once. A mail the server
 * refuses for good (5xx) stays claimed; any other failure gives the rest of the batch back for
 * the next run. Returns how many mails it sent.
 */
export async function mailNotifications(deps: JobDeps, now: Date, log: JobLog): Promise<number> {
  if (!deps.mailer.delivers) return 0;
  const { db } = deps;
  let associationName: string | null = null;
  let sent = 0;
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
    const claimable = db
      .select({ id: notifications.id })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(
        and(
          isNull(notifications.emailedAt),
          gt(notifications.createdAt, new Date(now.getTime() - MAIL_WITHIN_MS)),
          ne(users.email, ''),
        ),
      )
      .orderBy(notifications.id)
      .limit(MAIL_BATCH)
      .for('update', { of: notifications, skipLocked: true });
    const claimed = await db
      .update(notifications)
      .set({ emailedAt: now })
      .where(inArray(notifications.id, claimable))
      .returning();
    if (claimed.length === 0) break;
    claimed.sort((a, b) => a.id - b.id);
    associationName ??= (await getSettings(db)).associationName;
    const people = await db
      .select({ id: users.id, name: users.name, email: users.email, language: users.language })
      .from(users)
      .where(
        inArray(
          users.id,
          claimed.map((n) => n.userId),
        ),
      );
    const byId = new Map(people.map((p) => [p.id, p]));

    for (const [index, n] of claimed.entries()) {
      const person = byId.get(n.userId);
      if (!person) continue;
      try {
        // In the member's own language, as chosen on the profile: a mail answers no request.
        await deps.mailer.send({
          to: person.email,
          ...notificationMail(person.language, {
            name: person.name,
            ...renderNotice(n.params, person.language),
            url: n.link ? `${deps.publicUrl}${n.link}` : deps.publicUrl,
            associationName,
          }),
        });
        sent += 1;
      } catch (err) {
        const code = (err as { responseCode?: unknown }).responseCode;
        if (typeof code === 'number' && code >= 500) {
          log.warn({ err, notificationId: n.id }, 'the mail server refused a notification mail');
          continue;
        }
        const giveBack = claimed.slice(index).map((r) => r.id);
        await db
          .update(notifications)
          .set({ emailedAt: null })
          .where(inArray(notifications.id, giveBack));
        log.warn(
          { err, notifications: giveBack.length },
          'notification mails could not be sent; trying again on the next run',
        );
        return sent;
      }
    }
    if (claimed.length < MAIL_BATCH) break;
  }
  return sent;
}

/**
 * One run of the job: reminders first, so that they are mailed in the same run; then the
 * housekeeping that is safe in any number of processes (old idempotency keys).
 */
export async function runNotificationJob(
  deps: JobDeps,
  now: Date,
  log: JobLog,
  remind: ScheduledNotices,
  otherMails: readonly ScheduledMails[] = [],
): Promise<void> {
  const reminders = await remind(deps.db, now);
  let mails = await mailNotifications(deps, now, log);
  for (const send of otherMails) mails += await send(deps, now, log);
  const forgottenKeys = await forgetOldIdempotencyKeys(deps.db, now);
  if (reminders || mails || forgottenKeys) {
    log.info({ reminders, mails, forgottenKeys }, 'notifications job');
  }
}

export interface RunningJob {
  /** Stops the timer and waits for a run in progress to finish. */
  stop(): Promise<void>;
}

/** Runs the job now and then every `intervalMs` after each run ends (runs never overlap). */
export function startNotificationJob(
  deps: JobDeps,
  options: {
    intervalMs: number;
    log: JobLog;
    remind: ScheduledNotices;
    otherMails?: readonly ScheduledMails[];
    now?: () => Date;
  },
): RunningJob {
  const { intervalMs, log, remind, otherMails = [], now = () => new Date() } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    running = runNotificationJob(deps, now(), log, remind, otherMails)
      .catch((err: unknown) => log.error({ err }, 'the notifications job failed'))
      .finally(() => {
        running = null;
        if (!stopped) {
          timer = setTimeout(tick, intervalMs);
          // The job never keeps a process alive on its own.
          timer.unref();
        }
      });
  };
  tick();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** Starts the job when the app is ready and stops it (waiting for a run) when it closes. */
export function installNotificationJob(
  app: FastifyInstance,
  intervalMs: number,
  remind: ScheduledNotices,
  otherMails: readonly ScheduledMails[] = [],
): void {
  let job: RunningJob | null = null;
  app.addHook('onReady', async () => {
    job = startNotificationJob(app.deps, { intervalMs, log: app.log, remind, otherMails });
  });
  app.addHook('onClose', async () => {
    await job?.stop();
  });
}
