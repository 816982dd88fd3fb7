import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { loginFailures } from '../../db/schema/users.ts';
import { tooManyRequests } from '../../lib/errors.ts';

// Unsuccessful sign-ins are counted in the database so that every process sees the same count.
export const THROTTLE = {
  windowMs: 15 * 60_000,
  perAccount: 10,
  perAddress: 50,
} as const;

/**
 * Records a sign-in attempt and refuses it when the account or the address has had too many
 * unsuccessful ones in the window. The attempt is written before it is counted, so attempts
 * arriving all at once cannot all slip under the limit; a success clears the account's rows.
 */
export async function recordAttempt(
  db: DbOrTx,
  accountKey: string,
  ip: string,
  now: Date,
): Promise<void> {
  await db.insert(loginFailures).values({ accountKey, ip, at: now });
  const since = new Date(now.getTime() - THROTTLE.windowMs);
  const [byAccount] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.accountKey, accountKey), gt(loginFailures.at, since)));
  const [byAddress] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.ip, ip), gt(loginFailures.at, since)));
  if ((byAccount?.n ?? 0) > THROTTLE.perAccount || (byAddress?.n ?? 0) > THROTTLE.perAddress) {
    throw tooManyRequests(
      'Too many failed sign-ins. Please wait 15 minutes and try again, or reset your password.',
    );
  }
}

/** Keeps the table small: rows older than the window no longer count. */
// The longest window an attempt counts in: Join Now's hour (membership/join.ts).
const ATTEMPTS_KEPT_MS = Math.max(2 * THROTTLE.windowMs, 60 * 60_000);

export async function pruneAttempts(db: DbOrTx, now: Date): Promise<void> {
  await db
    .delete(loginFailures)
    .where(lt(loginFailures.at, new Date(now.getTime() - ATTEMPTS_KEPT_MS)));
}

export async function clearFailures(db: DbOrTx, accountKey: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.accountKey, accountKey));
}
