import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { loginRequest, loginResponse, passwordChangeRequest } from '@jamiya/contracts/auth';
import { errorBody, messageBody } from '@jamiya/contracts/common';
import { users } from '../../db/schema/users.ts';
import { unauthorized, unprocessable } from '../../lib/errors.ts';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { audit } from '../audit/audit.ts';
import { hashPassword, isCommonPassword, verifyPassword } from './passwords.ts';
import { createSession, revokeOtherSessions, revokeSession } from './sessions.ts';
import { clearFailures, pruneAttempts, recordAttempt } from './throttle.ts';

const WRONG = 'The email or password is not correct.';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: loginRequest,
        response: { 200: loginResponse, 401: errorBody, 422: errorBody, 429: errorBody },
      },
    },
    async (request) => {
      const now = new Date();
      const email = request.body.email.toLowerCase();
      const { slowMs } = await recordAttempt(db, email, request.ip, now);
      // An account failing from many addresses: each try waits a little, the owner's too.
      if (slowMs) await new Promise((resolve) => setTimeout(resolve, slowMs));
      const [user] = await db
        .select({ id: users.id, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email));
      // An unknown email still costs one password check, so it answers like a wrong password.
      const ok = await verifyPassword(user?.passwordHash ?? null, request.body.password);
      if (!user || !ok) {
        await pruneAttempts(db, now);
        throw unauthorized(WRONG);
      }
      await clearFailures(db, email);
      const session = await createSession(db, user.id, app.deps.sessionPolicy, now, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      return {
        access_token: session.token,
        token_type: 'Bearer' as const,
        expires_at: session.expiresAt.toISOString(),
        message: 'Signed in successfully.',
      };
    },
  );

  app.post(
    '/logout',
    {
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Sign out: ends this session',
        security: [{ bearer: [] }],
        response: { 200: messageBody, 401: errorBody },
      },
    },
    async (request) => {
      await revokeSession(db, currentUser(request).sessionId, new Date());
      return { message: 'You are signed out.' };
    },
  );

  app.post(
    '/profile/password/update',
    {
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Change the password; ends every other session',
        security: [{ bearer: [] }],
        body: passwordChangeRequest,
        response: { 200: messageBody, 401: errorBody, 422: errorBody, 429: errorBody },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const now = new Date();
      const { old_password, password } = request.body;
      const [user] = await db
        .select({ passwordHash: users.passwordHash, email: users.email })
        .from(users)
        .where(eq(users.id, me.userId));
      if (!user) throw unauthorized();
      // Guessing the current password from a stolen session counts like failed sign-ins.
      const accountKey = user.email.toLowerCase();
      await recordAttempt(db, accountKey, request.ip, now);
      if (!(await verifyPassword(user.passwordHash, old_password))) {
        throw unprocessable('Your current password is not correct.', {
          old_password: ['The current password is not correct.'],
        });
      }
      if (isCommonPassword(password)) {
        throw unprocessable('This password is too common. Please choose another.', {
          password: ['Choose a less common password.'],
        });
      }
      if (password === old_password) {
        throw unprocessable('The new password must differ from the current one.', {
          password: ['Choose a new password.'],
        });
      }
      await clearFailures(db, accountKey);
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, me.userId));
        await revokeOtherSessions(tx, me.userId, me.sessionId, now);
        await audit(tx, {
          actorId: me.userId,
          action: 'user.password_change',
          targetType: 'user',
          targetId: me.userId,
          ip: request.ip,
          at: now,
        });
      });
      return { message: 'Your password has been changed.' };
    },
  );
};
