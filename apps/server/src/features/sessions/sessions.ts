import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.ts';
import { preparedPer } from '../../db/prepared.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';

type User = typeof users.$inferSelect;

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

/** A row that includes the session's id and last sight, whatever else its statement reads. */
export interface SessionRow {
  sessionId: string;
  lastSeenAt: Date;
}

// lastSeenAt is written at most once a minute per session (more often only when the idle
// timeout is shorter than two minutes), so most reads stay one round trip.
const TOUCH_EVERY_MS = 60_000;

/**
 * The condition on `sessions` (joined to `users`) that picks the live session of a token:
 * known, not revoked, not expired; with the placeholders of `sessionParams`, for prepared
 * statements. The idle timeout is checked after, by `keepSessionAlive`. A hot route may put
 * this condition in the statement that reads its data (see withSession in plugin.ts),
 * so that the session check costs no round trip of its own.
 */
export const liveSession: SQL = and(
  eq(sessions.tokenHash, sql.placeholder('tokenHash')),
  isNull(sessions.revokedAt),
  gt(sessions.expiresAt, sql.placeholder('now')),
)!;

/** The values of liveSession's placeholders, or null for a token that cannot be one of ours. */
export function sessionParams(token: string, now: Date): { tokenHash: string; now: string } | null {
  if (token.length < 20 || token.length > 100) return null;
  return { tokenHash: hashToken(token), now: now.toISOString() };
}

/** False when the session has been idle too long; otherwise true, noting that it was seen. */
export async function keepSessionAlive(
  db: DbOrTx,
  row: SessionRow,
  policy: SessionPolicy,
  now: Date,
): Promise<boolean> {
  const idleFor = now.getTime() - row.lastSeenAt.getTime();
  if (idleFor > policy.idleMs) return false;
  if (idleFor > Math.min(TOUCH_EVERY_MS, policy.idleMs / 2)) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
  }
  return true;
}

// Prepared once per database handle: PostgreSQL then parses and plans it once per
// connection, and drizzle builds its SQL once, not on every request.
export function sessionByTokenQuery(db: Db) {
  return selectInLiveSession(db, { user: users });
}

/**
 * The live session of a token (liveSession's placeholders) with its user: the session's id and
 * last sight, and `fields` of the user's row or of what they read (the member's account data
 * selects its sums): the start of one statement another feature finishes, the sessions table
 * staying this feature's.
 */
export function selectInLiveSession<T extends SelectedFields>(db: Db, fields: T) {
  return db
    .select({ sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt, ...fields })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveSession);
}
const sessionByToken = preparedPer((db) => sessionByTokenQuery(db).prepare('session_by_token'));

/**
 * The live session of a token with its user's row, or null when it is unknown, revoked,
 * expired or idle too long. One round trip (two when the last sight is written).
 */
export async function findSession(
  db: Db,
  token: string,
  policy: SessionPolicy,
  now: Date,
): Promise<(SessionUser & { user: User }) | null> {
  const params = sessionParams(token, now);
  if (!params) return null;
  const [row] = await sessionByToken(db).execute(params);
  if (!row || !(await keepSessionAlive(db, row, policy, now))) return null;
  const { user } = row;
  return { sessionId: row.sessionId, userId: user.id, role: user.role, status: user.status, user };
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
