import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { findSession, type SessionUser } from '../features/auth/sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionUser | null;
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
}

/** preHandler: a signed-in member or admin. */
export async function requireUser(this: FastifyInstance, request: FastifyRequest): Promise<void> {
  const token = bearerToken(request);
  if (!token) throw unauthorized();
  const session = await findSession(this.deps.db, token, this.deps.sessionPolicy, new Date());
  if (!session) throw unauthorized('Your session has ended. Please sign in again.');
  request.session = session;
}

/** preHandler: a signed-in admin. */
export async function requireAdmin(this: FastifyInstance, request: FastifyRequest): Promise<void> {
  await requireUser.call(this, request);
  // An admin who was made inactive keeps their sign-in to read as a member, not the admin powers.
  if (request.session?.role !== 'admin' || request.session.status !== 1) throw forbidden();
}

/** The signed-in user of a route guarded by requireUser. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.session) throw unauthorized();
  return request.session;
}
