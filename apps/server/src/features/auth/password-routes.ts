import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginResponse } from '@jamiya/contracts/auth';
import { errorBody, messageBody } from '@jamiya/contracts/common';
import { forgotPasswordRequest, setPasswordRequest } from '@jamiya/contracts/membership';
import { deviceTokenOf } from './devices.ts';
import { askForResetLink, mailsInBackground } from './reset-request.ts';
import { signInWithLink } from './sign-in.ts';

// A forgotten password: a one-time link by mail, and setting the password with a link (an
// invitation's too), which signs the browser in.

export const RESET_LINK_SENT =
  /*i18n*/ 'If an account exists for this email, we have sent a link to set a new password. It works once, for 24 hours.';
export const PASSWORD_SET = /*i18n*/ 'Your password is set, and you are signed in.';

export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, mailer, publicUrl } = app.deps;

  // The reset mail goes out after the answer; closing the app waits for the mails under way.
  const resetMails = mailsInBackground({ db, mailer });
  app.addHook('onClose', async () => {
    await resetMails.allSettled();
  });

  app.post(
    '/password/forgot',
    {
      schema: {
        tags: ['auth'],
        operationId: 'auth.forgotPassword',
        summary: 'Forgot password: mails a one-time link to set a new password',
        description:
          'The same answer whether or not an account has this email. The link works once, for 24 hours, and voids the earlier reset links (never an invitation). ' +
          'At most 10 requests per address in 15 minutes (429), and at most 3 links mailed to one account in 15 minutes for requests from anyone: beyond that the answer is the same and the newest link mailed keeps working. ' +
          'A browser where the account signed in before sends its device cookie `jamiya_device` (see POST /api/login) and gets links of its own, 3 in 15 minutes (decision 035).',
        body: forgotPasswordRequest,
        response: { 200: messageBody, 400: errorBody, 422: errorBody, 429: errorBody },
      },
    },
    async (request) => {
      const asked = await askForResetLink(
        db,
        {
          email: request.body.email,
          deviceToken: deviceTokenOf(request),
          ip: request.ip,
          publicUrl,
        },
        new Date(),
      );
      if (asked)
        resetMails.send(request.log, {
          userId: asked.userId,
          url: asked.link.url,
          purpose: 'reset',
          expiresAt: asked.link.expiresAt,
        });
      return { message: RESET_LINK_SENT };
    },
  );

  app.post(
    '/password/set',
    {
      schema: {
        tags: ['auth'],
        operationId: 'auth.setPassword',
        summary:
          'Set a password with the token of a one-time link; ends all sessions and signs this browser in',
        description:
          'Ends every session and the trust of every browser the account signed in on, then signs this browser in: it answers as POST /api/login does, and sets the device cookie `jamiya_device` for it. It opened the link from the mailbox.',
        body: setPasswordRequest,
        response: { 200: loginResponse, 400: errorBody, 422: errorBody },
      },
    },
    async (request, reply) =>
      signInWithLink(app, request, reply, request.body, new Date(), PASSWORD_SET),
  );
};
