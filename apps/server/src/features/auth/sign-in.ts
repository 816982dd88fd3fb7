import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { loginResponse } from '@jamiya/contracts/auth';
import { createSession } from '../sessions/public.ts';
import { trustBrowser } from './devices.ts';

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
