import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../../lib/actor.ts';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import { sentence } from '../../lib/i18n.ts';
import {
  findSession,
  keepSessionAlive,
  sessionParams,
  type SessionRow,
  type SessionUser,
} from './sessions.ts';
import type { users } from '../../db/schema/users.ts';

type User = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionUser | null;
    /** The signed-in user's row as the session check read it (requireUser, requireAdmin). */
    sessionUserRow: User | null;
  }
}

/** The bearer token of the request; never read from the URL. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

export function installAuth(app: FastifyInstance): void {
  app.decorateRequest('session', null);
  app.decorateRequest('sessionUserRow', null);
}

const sessionEnded = () => unauthorized(/*i18n*/ 'Your session has ended. Please sign in again.');

/** preHandler: a signed-in member or admin. */
export async function requireUser(this: FastifyInstance, request: FastifyRequest): Promise<void> {
  const token = bearerToken(request);
  if (!token) throw unauthorized();
  const found = await findSession(this.deps.db, token, this.deps.sessionPolicy, new Date());
  if (!found) throw sessionEnded();
  const { user, ...session } = found;
  request.session = session;
  request.sessionUserRow = user;
}

/**
 * For a hot route that reads its data and checks the session in one statement, built on
 * `liveSession` of sessions.ts: `load` gets the values of its placeholders and returns the
 * statement's row, or undefined. The same answers as requireUser: 401 without a token, 401
 * for an unknown, revoked, expired or idle session. Sets request.session.
 */
export async function withSession<
  T extends SessionRow & { userId: number; role: SessionUser['role']; status: number },
>(
  app: FastifyInstance,
  request: FastifyRequest,
  now: Date,
  load: (params: { tokenHash: string; now: string }) => Promise<T | undefined>,
): Promise<T> {
  const token = bearerToken(request);
  if (!token) throw unauthorized();
  const params = sessionParams(token, now);
  const row = params ? await load(params) : undefined;
  if (!row || !(await keepSessionAlive(app.deps.db, row, app.deps.sessionPolicy, now))) {
    throw sessionEnded();
  }
  request.session = {
    sessionId: row.sessionId,
    userId: row.userId,
    role: row.role,
    status: row.status,
  };
  return row;
}

/** preHandler: a signed-in admin. */
export async function requireAdmin(this: FastifyInstance, request: FastifyRequest): Promise<void> {
  await requireUser.call(this, request);
  // An admin who was made inactive keeps their sign-in to read as a member, not the admin powers.
  if (request.session?.role !== 'admin' || request.session.status !== 1) throw forbidden();
}

/** A member's call refused to an admin who is not a member (docs/domain/maker-checker.md). */
export const notAMember = () =>
  forbidden(
    /*i18n*/ 'This account is an admin account without membership, so it has no member area.',
  );

/** preHandler: a signed-in member (an admin who is also a member included). */
export async function requireMember(this: FastifyInstance, request: FastifyRequest): Promise<void> {
  await requireUser.call(this, request);
  if (request.sessionUserRow?.isMember !== true) throw notAMember();
}

/**
 * preHandler of a member's call that changes something (a payment, a loan, a guarantee, a
 * request): refused once the membership has ended, the account read-only (docs/domain/leaving.md).
 */
export async function requireCurrentMember(
  this: FastifyInstance,
  request: FastifyRequest,
): Promise<void> {
  await requireMember.call(this, request);
  const leftOn = request.sessionUserRow?.leftOn;
  if (leftOn)
    throw forbidden(
      sentence(
        /*i18n*/ 'Your membership ended on {day}, so your account is read-only; your statements stay here.',
        { day: { day: leftOn } },
      ),
    );
}

/** The signed-in user of a route guarded by requireUser. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.session) throw unauthorized();
  return request.session;
}

/** The signed-in user's row, read with the session by requireUser: no second query. */
export function currentUserRow(request: FastifyRequest): User {
  if (!request.sessionUserRow) throw unauthorized();
  return request.sessionUserRow;
}

/** The admin making this request. */
export function actorOf(request: FastifyRequest): Actor & { id: number; ip: string } {
  return { id: currentUser(request).userId, role: 'admin', ip: request.ip };
}
