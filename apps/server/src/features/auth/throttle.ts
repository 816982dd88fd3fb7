import { and, count, eq, gt, lt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { loginFailures } from '../../db/schema/users.ts';
import { tooManyRequests } from '../../lib/errors.ts';

// Unsuccessful sign-ins are counted in the database so that every process sees the same count.
// Decision 024: refused per account and address together (and per address), so that nobody can
// lock a member out from elsewhere; an account failing from many addresses is slowed instead.
export const THROTTLE = {
  windowMs: 15 * 60_000,
  perAccount: 10,
  perAddress: 50,
  /** Each failure of the account beyond perAccount, from any address, adds this much wait. */
  slowStepMs: 250,
  slowMaxMs: 3_000,
} as const;

/**
 * Records a sign-in attempt and refuses it when this account from this address, or this
 * address, has had too many unsuccessful ones in the window; answers how long to wait before
 * checking the password when the account has failed too often from anywhere. The attempt is
 * written before it is counted, so attempts arriving all at once cannot all slip under the
 * limit; a success clears the account's rows.
 */
export async function recordAttempt(
  db: DbOrTx,
  accountKey: string,
  ip: string,
  now: Date,
): Promise<{ slowMs: number }> {
  await db.insert(loginFailures).values({ accountKey, ip, at: now });
  const since = new Date(now.getTime() - THROTTLE.windowMs);
  const countOf = async (where: SQL | undefined) => {
    const [row] = await db
      .select({ n: count() })
      .from(loginFailures)
      .where(and(where, gt(loginFailures.at, since)));
    return Number(row?.n ?? 0);
  };
  const byPair = await countOf(
    and(eq(loginFailures.accountKey, accountKey), eq(loginFailures.ip, ip)),
  );
  const byAddress = await countOf(eq(loginFailures.ip, ip));
  if (byPair > THROTTLE.perAccount || byAddress > THROTTLE.perAddress) {
    throw tooManyRequests(
      'Too many failed sign-ins. Please wait 15 minutes and try again, or reset your password.',
    );
  }
  const byAccount = await countOf(eq(loginFailures.accountKey, accountKey));
  const beyond = byAccount - THROTTLE.perAccount;
  return { slowMs: beyond > 0 ? Math.min(THROTTLE.slowMaxMs, beyond * THROTTLE.slowStepMs) : 0 };
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
