import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginRequest, loginResponse, passwordChangeRequest } from '@jamiya/contracts/auth';
import { errorBody, messageBody } from '@jamiya/contracts/common';
import { currentUser, requireUser, revokeSession } from '../sessions/public.ts';
import { changePasswordOnThisBrowser } from './change-password.ts';
import { signInWithPassword } from './sign-in.ts';

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
          'A success sets the device cookie `jamiya_device` (HttpOnly, SameSite=Strict, Secure over https, Path /api/login, /api/password and /api/passkeys/authentication, 180 days): sent back, it gives that browser an allowance of its own (10 failures in 15 minutes), so that guesses from elsewhere cannot lock the owner out (decision 035).',
        body: loginRequest,
        response: { 200: loginResponse, 401: errorBody, 422: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => signInWithPassword(app, request, reply, request.body, new Date()),
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
      await changePasswordOnThisBrowser(db, request, reply, me, request.body, new Date());
      return { message: /*i18n*/ 'Your password has been changed.' };
    },
  );
};
