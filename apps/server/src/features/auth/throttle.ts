import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { loginFailures } from '../../db/schema/users.ts';
import { tooManyRequests } from '../../lib/errors.ts';

// Failed sign-ins are counted in the database so that every process sees the same count.
export const THROTTLE = {
  windowMs: 15 * 60_000,
  perAccount: 10,
  perAddress: 50,
} as const;

export async function assertNotThrottled(db: DbOrTx, accountKey: string, ip: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - THROTTLE.windowMs);
  const [byAccount] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.accountKey, accountKey), gt(loginFailures.at, since)));
  const [byAddress] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.ip, ip), gt(loginFailures.at, since)));
  if ((byAccount?.n ?? 0) >= THROTTLE.perAccount || (byAddress?.n ?? 0) >= THROTTLE.perAddress) {
    throw tooManyRequests('Too many failed sign-ins. Please wait 15 minutes and try again, or reset your password.');
  }
}

export async function recordFailure(db: DbOrTx, accountKey: string, ip: string, now: Date): Promise<void> {
  await db.insert(loginFailures).values({ accountKey, ip, at: now });
  // Keep the table small: rows older than the window no longer count.
  await db.delete(loginFailures).where(lt(loginFailures.at, new Date(now.getTime() - 2 * THROTTLE.windowMs)));
}

export async function clearFailures(db: DbOrTx, accountKey: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.accountKey, accountKey));
}
