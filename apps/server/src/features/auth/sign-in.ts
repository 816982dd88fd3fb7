import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { loginResponse } from '@jamiya/contracts/auth';
import { unauthorized } from '../../lib/errors.ts';
import { createSession } from '../sessions/public.ts';
import { deviceTokenOf, findAccount, trustBrowser } from './devices.ts';
import { setPasswordWithLink } from './password-links.ts';
import { verifyPassword } from './passwords.ts';
import {
  clearClientFailures,
  pruneAttempts,
  recordAttempt,
  type SignInClient,
} from './throttle.ts';

const WRONG = /*i18n*/ 'The email or password is not correct.';

/**
 * Signs this browser in as `userId` (a password checked, or set with a link): the browser is
 * trusted (its device cookie), a session starts, and the answer carries its token.
 */
export async function signIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  now: Date,
  message: string,
): Promise<z.infer<typeof loginResponse>> {
  await trustBrowser(app.deps.db, request, reply, userId, now);
  const session = await createSession(app.deps.db, userId, app.deps.sessionPolicy, now, {
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  });
  return {
    access_token: session.token,
    token_type: 'Bearer' as const,
    expires_at: session.expiresAt.toISOString(),
    message,
  };
}

/**
 * Signs this browser in with an email and password (POST /api/login), throttled per client
 * (throttle.ts); a wrong password and an unknown email get the same 401.
 */
export async function signInWithPassword(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  credentials: { email: string; password: string },
  now: Date,
): Promise<z.infer<typeof loginResponse>> {
  const { db } = app.deps;
  const email = credentials.email.toLowerCase();
  const user = await findAccount(db, email, deviceTokenOf(request), now);
  const client: SignInClient = user?.deviceId ? { device: user.deviceId } : { address: request.ip };
  const { slowMs } = await recordAttempt(db, email, client, now);
  // An account failing from many addresses: each try from elsewhere than the owner's own
  // browsers waits a little.
  if (slowMs) await new Promise((resolve) => setTimeout(resolve, slowMs));
  // An unknown email still costs one password check, so it answers like a wrong password.
  const ok = await verifyPassword(user?.passwordHash ?? null, credentials.password);
  if (!user || !ok) {
    await pruneAttempts(db, now);
    throw unauthorized(WRONG);
  }
  await clearClientFailures(db, email, client);
  return signIn(app, request, reply, user.id, now, /*i18n*/ 'Signed in successfully.');
}

/** Sets the password with a one-time link's token (POST /api/password/set), then signs in. */
export async function signInWithLink(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  link: { token: string; password: string },
  now: Date,
  message: string,
): Promise<z.infer<typeof loginResponse>> {
  const { userId } = await setPasswordWithLink(app.deps.db, {
    token: link.token,
    password: link.password,
    now,
    ip: request.ip,
  });
  return signIn(app, request, reply, userId, now, message);
}
