import { sql } from 'drizzle-orm';
import type { Tx } from './client.ts';
import { tooManyRequests } from '../lib/errors.ts';
import { sentence } from '../lib/i18n.ts';

// What a member may send in a rolling window (issue 21): files an hour, messages an hour,
// recharge requests a day. Each feature reads the creation times of its own rows; the
// arithmetic, the lock that makes the count exact and the sentence are here.

export const HOUR_MS = 60 * 60_000;
export const DAY_MS = 24 * HOUR_MS;

/**
 * When a member may send again, as a sentence's values: `hours` is 0 under an hour, and the
 * sentence says "in 20 minutes", "in an hour" or "in about 5 hours".
 */
export function waitOf(ms: number): { minutes: number; hours: number } {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return { minutes, hours: minutes < 60 ? 0 : Math.ceil(minutes / 60) };
}

/**
 * When the rows of a rolling window let `adding` more in: `newest` holds the window's
 * creation times, newest first, fetched with LIMIT `limit`. Null when there is room now.
 */
export function roomAt(
  newest: Date[],
  limit: number,
  adding: number,
  windowMs: number,
): Date | null {
  if (newest.length + adding <= limit) return null;
  // The newest limit - adding rows may stay; the next older one has to leave the window.
  const leaving = newest[Math.min(newest.length - 1, Math.max(0, limit - adding))];
  return new Date((leaving?.getTime() ?? Date.now()) + windowMs);
}

/** What a window counts, and its sentence: the limit, and when the member may send again. */
const LIMIT_SENTENCES = {
  files:
    /*i18n*/ 'You can send at most {limit, plural, one {# file} other {# files}} an hour. Please try again {hours, plural, =0 {in {minutes, plural, one {a minute} other {# minutes}}} =1 {in an hour} other {in about # hours}}.',
  messages:
    /*i18n*/ 'You can send at most {limit, plural, one {# message} other {# messages}} an hour. Please try again {hours, plural, =0 {in {minutes, plural, one {a minute} other {# minutes}}} =1 {in an hour} other {in about # hours}}.',
  recharges:
    /*i18n*/ 'You can send at most {limit, plural, one {# recharge request} other {# recharge requests}} a day. Please try again {hours, plural, =0 {in {minutes, plural, one {a minute} other {# minutes}}} =1 {in an hour} other {in about # hours}}.',
};

/**
 * Refuses (429) what would make more than `limit` in the window, saying what the limit is
 * and when the member may send again.
 */
export function refuseBeyondRate(
  newest: Date[],
  rate: { limit: number; windowMs: number; what: keyof typeof LIMIT_SENTENCES; adding?: number },
  now: Date,
): void {
  const room = roomAt(newest, rate.limit, rate.adding ?? 1, rate.windowMs);
  if (room) {
    throw tooManyRequests(
      sentence(LIMIT_SENTENCES[rate.what], {
        limit: rate.limit,
        ...waitOf(room.getTime() - now.getTime()),
      }),
    );
  }
}

/**
 * Holds, until `tx` ends, the lock on one member's count of `what`: a request that counts the
 * member's rows and adds its own under it is counted exactly, whatever process it reaches
 * (issue 32: two processes, each counting alone, let one more in).
 */
export async function lockMemberCount(
  tx: Tx,
  what: keyof typeof LIMIT_SENTENCES,
  memberId: number,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`jamiya:${what}:${memberId}`}))`);
}
