import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/users.ts';

export interface SessionPolicy {
  ttlMs: number;
  idleMs: number;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Opaque 32-byte random token; only its SHA-256 is stored. */
export async function createSession(
  db: DbOrTx,
  userId: number,
  policy: SessionPolicy,
  now: Date,
  meta: { ip: string | null; userAgent: string | null },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + policy.ttlMs);
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return { token, expiresAt };
}

export interface SessionUser {
  sessionId: string;
  userId: number;
  role: 'member' | 'admin';
  status: number;
}

// lastSeenAt is written at most once a minute per session (more often only when the idle
// timeout is shorter than two minutes), so most reads stay one round trip.
const TOUCH_EVERY_MS = 60_000;

/** The live session of a token, or null when it is unknown, revoked, expired or idle too long. */
export async function findSession(
  db: DbOrTx,
  token: string,
  policy: SessionPolicy,
  now: Date,
): Promise<SessionUser | null> {
  if (token.length < 20 || token.length > 100) return null;
  const [row] = await db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      lastSeenAt: sessions.lastSeenAt,
      role: users.role,
      status: users.status,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    );
  if (!row) return null;
  const idleFor = now.getTime() - row.lastSeenAt.getTime();
  if (idleFor > policy.idleMs) return null;
  if (idleFor > Math.min(TOUCH_EVERY_MS, policy.idleMs / 2)) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
  }
  return { sessionId: row.sessionId, userId: row.userId, role: row.role, status: row.status };
}

export async function revokeSession(db: DbOrTx, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user except `keep` (after a password change). */
export async function revokeOtherSessions(
  db: DbOrTx,
  userId: number,
  keep: string | null,
  now: Date,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keep ? ne(sessions.id, keep) : sql`true`,
      ),
    );
}
