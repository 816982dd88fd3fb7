import { and, count as sqlCount, eq, gt, like, lt, not, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { loginFailures } from '../../db/schema/auth.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import type { Say } from '../../lib/i18n.ts';

// Unsuccessful sign-ins are counted in the database so that every process sees the same count.
// Decision 035 (after 024): a browser where the account signed in before (a device) has its own
// bound; every other client is bounded per account and address, per address, and, all of them
// together, per account: at most 100 guesses an hour on one account, however many addresses
// they come from. A device's failures count against that device only, so guessing from
// elsewhere cannot lock the owner's own browser out.
export const THROTTLE = {
  windowMs: 15 * 60_000,
  /** Failures of one account from one address (without a device cookie). */
  perAccount: 10,
  /** Failures from one address, any accounts (without a device cookie). */
  perAddress: 50,
  /** Failures of one device cookie (on its own account). */
  perDevice: 10,
  /** Failures of one account from every client without its device cookie, in accountWindowMs. */
  perAccountHour: 100,
  accountWindowMs: 60 * 60_000,
  /** Each failure of the account beyond perAccount, without a device cookie, adds this much wait. */
  slowStepMs: 250,
  slowMaxMs: 3_000,
} as const;

/** Who is trying: the account's own browser (a device id), or a client known by its address. */
export type SignInClient = { device: string } | { address: string };

// Rows of a device are kept under its id in place of an address: they count for it alone.
const DEVICE_PREFIX = 'device:';
const clientKey = (client: SignInClient) =>
  'device' in client ? `${DEVICE_PREFIX}${client.device}` : client.address;

/**
 * How many rows match, counted up to `limit + 1` only: enough to tell whether a bound is passed,
 * and a flood of attempts (each one a row) does not make each count slower.
 */
const countUpTo = (where: SQL | undefined, limit: number) =>
  sql`(select count(*) from (select 1 from ${loginFailures} where ${where} limit ${limit + 1}) as found)::int`;

/** Why an attempt is refused, if it is. */
function refusalOf(
  client: SignInClient,
  counts: { byClient: number; byAddress: number; byAccountHour: number },
  accountWide: boolean,
): Say | null {
  const tooMany =
    'device' in client
      ? counts.byClient > THROTTLE.perDevice
      : counts.byClient > THROTTLE.perAccount || counts.byAddress > THROTTLE.perAddress;
  if (tooMany) {
    return /*i18n*/ 'Too many failed sign-ins. Please wait 15 minutes and try again, or reset your password.';
  }
  if (accountWide && !('device' in client) && counts.byAccountHour > THROTTLE.perAccountHour) {
    return /*i18n*/ 'Too many failed sign-ins to this account. Please try again in an hour, sign in on a phone or computer you have signed in on before, or reset your password.';
  }
  return null;
}

/**
 * Records a sign-in attempt and refuses it (429) when its client, or the account from clients
 * without its device cookie, has failed too often; answers how long to wait before checking the
 * password when the account has failed often from such clients. The attempt is written before
 * it is counted, so attempts arriving all at once cannot all slip under a bound, and a refused
 * one counts too, so a guesser who keeps trying stays refused; a success clears its client's
 * rows. `accountWide: false` leaves the bound per account out: a
 * signed-in member changing the password is not refused for others' guesses.
 */
export async function recordAttempt(
  db: DbOrTx,
  accountKey: string,
  client: SignInClient,
  now: Date,
  { accountWide = true }: { accountWide?: boolean } = {},
): Promise<{ slowMs: number }> {
  const ip = clientKey(client);
  await db.insert(loginFailures).values({ accountKey, ip, at: now });
  const since = gt(loginFailures.at, new Date(now.getTime() - THROTTLE.windowMs));
  const sinceHour = gt(loginFailures.at, new Date(now.getTime() - THROTTLE.accountWindowMs));
  const ofAccount = eq(loginFailures.accountKey, accountKey);
  const withoutDevice = and(ofAccount, not(like(loginFailures.ip, `${DEVICE_PREFIX}%`)));
  const result = (await db.execute(sql`select
      ${countUpTo(and(ofAccount, eq(loginFailures.ip, ip), since), Math.max(THROTTLE.perAccount, THROTTLE.perDevice))} as "byClient",
      ${countUpTo(and(eq(loginFailures.ip, ip), since), THROTTLE.perAddress)} as "byAddress",
      ${countUpTo(and(withoutDevice, since), THROTTLE.perAccount + THROTTLE.slowMaxMs / THROTTLE.slowStepMs)} as "byAccount",
      ${countUpTo(and(withoutDevice, sinceHour), THROTTLE.perAccountHour)} as "byAccountHour"`)) as unknown as {
    rows: { byClient: number; byAddress: number; byAccount: number; byAccountHour: number }[];
  };
  const counts = result.rows[0]!;
  const refusal = refusalOf(client, counts, accountWide);
  if (refusal) throw tooManyRequests(refusal);
  // Only clients without the account's device cookie are slowed: the owner's browser is not.
  const beyond = 'device' in client ? 0 : counts.byAccount - THROTTLE.perAccount;
  return { slowMs: beyond > 0 ? Math.min(THROTTLE.slowMaxMs, beyond * THROTTLE.slowStepMs) : 0 };
}

// The longest window an attempt counts in: the account's hour, and Join Now's (membership/join.ts).
const ATTEMPTS_KEPT_MS = Math.max(THROTTLE.accountWindowMs, 60 * 60_000);

/** Keeps the table small: rows older than the longest window no longer count. */
export async function pruneAttempts(db: DbOrTx, now: Date): Promise<void> {
  await db
    .delete(loginFailures)
    .where(lt(loginFailures.at, new Date(now.getTime() - ATTEMPTS_KEPT_MS)));
}

/**
 * After a success, the failures of that client on the account no longer count. Others' failures
 * stay: the owner signing in does not give a guesser elsewhere a new allowance.
 */
export async function clearClientFailures(
  db: DbOrTx,
  accountKey: string,
  client: SignInClient,
): Promise<void> {
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.accountKey, accountKey), eq(loginFailures.ip, clientKey(client))));
}

/** All the account's failures: its password was set with a one-time link. */
export async function clearFailures(db: DbOrTx, accountKey: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.accountKey, accountKey));
}

/**
 * A request limited per client (Join Now's applications, password links): recorded under
 * `accountKey` and `client`, then counted, this one included, within `windowMs`. Written before
 * counted, like the sign-in throttle, so a burst cannot slip under the limit.
 */
export async function recordLimitedRequest(
  db: DbOrTx,
  request: { accountKey: string; client: string; windowMs: number; now: Date },
): Promise<number> {
  await db
    .insert(loginFailures)
    .values({ accountKey: request.accountKey, ip: request.client, at: request.now });
  const since = new Date(request.now.getTime() - request.windowMs);
  const [recent] = await db
    .select({ n: sqlCount() })
    .from(loginFailures)
    .where(and(eq(loginFailures.ip, request.client), gt(loginFailures.at, since)));
  return recent?.n ?? 0;
}
