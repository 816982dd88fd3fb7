import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parse, serialize } from 'cookie';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { signInDevices } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/users.ts';
import { hashToken } from '../sessions/public.ts';

// Decision 035 (OWASP, "Slow down online guessing attacks with device cookies"): a browser where
// an account signed in keeps an allowance of failed sign-ins of its own, so that guesses from
// elsewhere, which are bounded per account, cannot lock the owner out. The cookie holds a random
// token; the database holds its SHA-256 once per account that signed in on that browser, so
// every process knows it.

export const DEVICE_COOKIE = 'jamiya_device';
// Sent only where it counts: sign-in (with a password or a passkey), and /api/password/*
// (forgot, set).
const DEVICE_COOKIE_PATHS = [
  '/api/login',
  '/api/password',
  '/api/passkeys/authentication',
] as const;
/** A browser stays trusted for this long after the account last signed in on it. */
export const DEVICE_TTL_MS = 180 * 24 * 60 * 60_000;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/; // 32 random bytes, base64url

/** The device token the request carries, if it has the shape of one of ours. */
export function deviceTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  const token = parse(header)[DEVICE_COOKIE];
  return token && TOKEN_SHAPE.test(token) ? token : null;
}

/**
 * The account of an email, with the id of the request's browser when the account signed in on
 * it within DEVICE_TTL_MS (`deviceId`, else null): one round trip.
 */
export async function findAccount(db: DbOrTx, email: string, token: string | null, now: Date) {
  const [account] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, deviceId: signInDevices.id })
    .from(users)
    .leftJoin(
      signInDevices,
      and(
        eq(signInDevices.userId, users.id),
        token ? eq(signInDevices.tokenHash, hashToken(token)) : sql`false`,
        gt(signInDevices.lastSignedInAt, new Date(now.getTime() - DEVICE_TTL_MS)),
      ),
    )
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return account;
}

/**
 * Marks the request's browser as one the account signed in on, and sets its cookie. The token is
 * new each time (a value planted in the browser before is not kept); the other accounts that
 * signed in on this browser move to the new token with it. Trust older than DEVICE_TTL_MS goes.
 */
export async function trustBrowser(
  db: DbOrTx,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  now: Date,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashToken(token);
  const previous = deviceTokenOf(request);
  if (previous) {
    await db
      .update(signInDevices)
      .set({ tokenHash })
      .where(eq(signInDevices.tokenHash, hashToken(previous)));
  }
  await db
    .insert(signInDevices)
    .values({ tokenHash, userId, createdAt: now, lastSignedInAt: now })
    .onConflictDoUpdate({
      target: [signInDevices.tokenHash, signInDevices.userId],
      set: { lastSignedInAt: now },
    });
  await db
    .delete(signInDevices)
    .where(
      and(
        eq(signInDevices.userId, userId),
        lt(signInDevices.lastSignedInAt, new Date(now.getTime() - DEVICE_TTL_MS)),
      ),
    );
  // Secure whenever the browser came over https (X-Forwarded-Proto from a trusted proxy); over
  // plain http a Secure cookie would never come back.
  const secure = request.protocol === 'https';
  reply.header(
    'set-cookie',
    DEVICE_COOKIE_PATHS.map((path) =>
      serialize(DEVICE_COOKIE, token, {
        path,
        maxAge: DEVICE_TTL_MS / 1000,
        httpOnly: true,
        sameSite: 'strict',
        secure,
      }),
    ),
  );
}

/** Ends the trust of every browser of the account: its password changed. */
export async function forgetBrowsers(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(signInDevices).where(eq(signInDevices.userId, userId));
}
