import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginRequest, loginResponse, passwordChangeRequest } from '@jamiya/contracts/auth';
import { errorBody, messageBody } from '@jamiya/contracts/common';
import { unauthorized } from '../../lib/errors.ts';
import { currentUser, requireUser, revokeSession } from '../sessions/public.ts';
import { changePassword } from './change-password.ts';
import { verifyPassword } from './passwords.ts';
import { deviceTokenOf, findAccount, trustBrowser } from './devices.ts';
import { signIn } from './sign-in.ts';
import {
  clearClientFailures,
  pruneAttempts,
  recordAttempt,
  type SignInClient,
} from './throttle.ts';

const WRONG = /*i18n*/ 'The email or password is not correct.';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        operationId: 'auth.login',
        summary: 'Sign in with email and password',
        description:
          'Failed sign-ins are slowed, then refused (429) for a while: per account and address, per address, and per account (100 an hour) from browsers the account has not signed in on. ' +
          'A success sets the device cookie `jamiya_device` (HttpOnly, SameSite=Strict, Secure over https, Path /api/login and /api/password, 180 days): sent back, it gives that browser an allowance of its own (10 failures in 15 minutes), so that guesses from elsewhere cannot lock the owner out (decision 035).',
        body: loginRequest,
        response: { 200: loginResponse, 401: errorBody, 422: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const email = request.body.email.toLowerCase();
      const user = await findAccount(db, email, deviceTokenOf(request), now);
      const client: SignInClient = user?.deviceId
        ? { device: user.deviceId }
        : { address: request.ip };
      const { slowMs } = await recordAttempt(db, email, client, now);
      // An account failing from many addresses: each try from elsewhere than the owner's own
      // browsers waits a little.
      if (slowMs) await new Promise((resolve) => setTimeout(resolve, slowMs));
      // An unknown email still costs one password check, so it answers like a wrong password.
      const ok = await verifyPassword(user?.passwordHash ?? null, request.body.password);
      if (!user || !ok) {
        await pruneAttempts(db, now);
        throw unauthorized(WRONG);
      }
      await clearClientFailures(db, email, client);
      return signIn(app, request, reply, user.id, now, /*i18n*/ 'Signed in successfully.');
    },
  );

  app.post(
    '/logout',
    {
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        operationId: 'auth.logout',
        summary: 'Sign out: ends this session',
        description:
          "For anyone signed in, a member or an admin: ends the session of the token sent; the account's other sessions stay.",
        security: [{ bearer: [] }],
        response: { 200: messageBody, 401: errorBody },
      },
    },
    async (request) => {
      await revokeSession(db, currentUser(request).sessionId, new Date());
      return { message: /*i18n*/ 'You are signed out.' };
    },
  );

  app.post(
    '/profile/password/update',
    {
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        operationId: 'auth.changePassword',
        summary: 'Change the password; ends every other session',
        description:
          'Ends the trust of every browser the account signed in on, and sets a new device cookie `jamiya_device` for this one (see POST /api/login).',
        security: [{ bearer: [] }],
        body: passwordChangeRequest,
        response: { 200: messageBody, 401: errorBody, 422: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const now = new Date();
      await changePassword(db, { ...me, ip: request.ip }, request.body, now);
      await trustBrowser(db, request, reply, me.userId, now);
      return { message: /*i18n*/ 'Your password has been changed.' };
    },
  );
};
