import { tooManyRequests } from './errors.ts';

// What a member may send in a rolling window (issue 21): files an hour, messages an hour,
// recharge requests a day. Each feature reads the creation times of its own rows; the
// arithmetic, the waiting in line and the sentence are here.

export const HOUR_MS = 60 * 60_000;
export const DAY_MS = 24 * HOUR_MS;

/** "in 20 minutes", "in an hour", "in about 5 hours": when a member may send again. */
export function tryAgainIn(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes === 1) return 'in a minute';
  if (minutes < 60) return `in ${minutes} minutes`;
  if (minutes === 60) return 'in an hour';
  return `in about ${Math.ceil(minutes / 60)} hours`;
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

/**
 * Refuses (429) what would make more than `limit` in the window, saying what the limit is
 * (`what`: "messages an hour") and when the member may send again.
 */
export function refuseBeyondRate(
  newest: Date[],
  rate: { limit: number; windowMs: number; what: string; adding?: number },
  now: Date,
): void {
  const room = roomAt(newest, rate.limit, rate.adding ?? 1, rate.windowMs);
  if (room) {
    throw tooManyRequests(
      `You can send at most ${rate.limit} ${rate.what}. Please try again ${tryAgainIn(room.getTime() - now.getTime())}.`,
    );
  }
}

const queues = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * Runs `run` after the earlier runs with the same key (in this process) have finished, so a
 * member's requests sent all at once are counted one after the other, not all against the
 * same count. `scope` keeps apps (their databases) apart.
 */
export async function oneAtATime<T>(scope: object, key: string, run: () => Promise<T>): Promise<T> {
  let byKey = queues.get(scope);
  if (!byKey) queues.set(scope, (byKey = new Map()));
  const earlier = byKey.get(key) ?? Promise.resolve();
  const result = earlier.then(run, run);
  const settled = result.catch(() => undefined);
  byKey.set(key, settled);
  try {
    return await result;
  } finally {
    if (byKey.get(key) === settled) byKey.delete(key);
  }
}
