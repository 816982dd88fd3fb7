import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginResponse } from '@jamiya/contracts/auth';
import { errorBody, messageBody } from '@jamiya/contracts/common';
import { forgotPasswordRequest, setPasswordRequest } from '@jamiya/contracts/membership';
import type { DbOrTx } from '../../db/client.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import { audit } from '../audit/public.ts';
import { deviceTokenOf, findAccount } from './devices.ts';
import {
  issueAskedResetLink,
  issuePasswordLink,
  sendPasswordLinkMail,
  setPasswordWithLink,
} from './password-links.ts';
import { signIn } from './sign-in.ts';
import { pruneAttempts, recordLimitedRequest, THROTTLE } from './throttle.ts';

// A forgotten password: a one-time link by mail, and setting the password with a link (an
// invitation's too), which signs the browser in.

export const RESET_LINK_SENT =
  /*i18n*/ 'If an account exists for this email, we have sent a link to set a new password. It works once, for 24 hours.';
export const PASSWORD_SET = /*i18n*/ 'Your password is set, and you are signed in.';

// Within the sign-in throttle's window (its rows are pruned after an hour). Decision 035:
// requests from anyone are bounded per address, and the links they mail per account; the
// browser where the account signed in before has an allowance of its own.
export const RESET_LIMIT = {
  /** Links mailed to one account for requests from anyone (the newest keeps working). */
  perEmail: 3,
  /** Requests from one address, without the account's device cookie. */
  perAddress: 10,
  /** Requests from one browser where the account signed in (device cookie). */
  perDevice: 3,
  windowMs: THROTTLE.windowMs,
} as const;

/**
 * Counts a request for a reset link in the sign-in throttle's table, under keys of its own
 * ("reset:" for an address, "reset-device:" for a device), so that it neither counts as a
 * failed sign-in nor gets cleared by a sign-in, and refuses it beyond `limit` in the window.
 * Written before counted, like the sign-in throttle, so a burst cannot slip under the limit.
 * An unknown email is counted exactly like a known one.
 */
async function recordResetRequest(
  db: DbOrTx,
  input: { email: string; client: string; limit: number; now: Date },
) {
  const recent = await recordLimitedRequest(db, {
    accountKey: `reset:${input.email}`,
    client: input.client,
    windowMs: RESET_LIMIT.windowMs,
    now: input.now,
  });
  if (recent > input.limit) {
    throw tooManyRequests(
      /*i18n*/ 'Too many requests for a password link. Please wait 15 minutes, then check your inbox and spam folder before asking again.',
    );
  }
}

export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, mailer, publicUrl } = app.deps;

  // The reset mail goes out after the answer, so that a known email does not answer slower
  // than an unknown one; closing the app waits for the mails under way.
  const mailsUnderWay = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...mailsUnderWay]);
  });
  function mailInBackground(
    log: FastifyBaseLogger,
    input: Parameters<typeof sendPasswordLinkMail>[1],
  ): void {
    // A mail server's refusal is logged inside; what is left to catch is a database error.
    const job = sendPasswordLinkMail({ db, mailer, log }, input).then(
      () => undefined,
      (err: unknown) => log.error({ err, userId: input.userId }, 'the password link mail failed'),
    );
    mailsUnderWay.add(job);
    void job.finally(() => mailsUnderWay.delete(job));
  }

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
      const now = new Date();
      const email = request.body.email.toLowerCase();
      const account = await findAccount(db, email, deviceTokenOf(request), now);
      let link: Awaited<ReturnType<typeof issuePasswordLink>> | null = null;
      if (account?.deviceId) {
        // The account's own browser: its allowance, whatever others asked for.
        await recordResetRequest(db, {
          email,
          client: `reset-device:${account.deviceId}`,
          limit: RESET_LIMIT.perDevice,
          now,
        });
        link = await issuePasswordLink(db, {
          userId: account.id,
          purpose: 'reset',
          createdBy: null,
          publicUrl,
          now,
        });
      } else {
        await recordResetRequest(db, {
          email,
          client: `reset:${request.ip}`,
          limit: RESET_LIMIT.perAddress,
          now,
        });
        if (account) {
          link = await issueAskedResetLink(db, {
            userId: account.id,
            publicUrl,
            now,
            max: RESET_LIMIT.perEmail,
            windowMs: RESET_LIMIT.windowMs,
          });
        }
      }
      await pruneAttempts(db, now);
      if (account && link) {
        await audit(db, {
          actorId: null,
          action: 'user.password_reset_requested',
          targetType: 'user',
          targetId: account.id,
          ip: request.ip,
          at: now,
        });
        mailInBackground(request.log, {
          userId: account.id,
          url: link.url,
          purpose: 'reset',
          expiresAt: link.expiresAt,
        });
      }
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
    async (request, reply) => {
      const now = new Date();
      const { userId } = await setPasswordWithLink(db, {
        token: request.body.token,
        password: request.body.password,
        now,
        ip: request.ip,
      });
      return signIn(app, request, reply, userId, now, PASSWORD_SET);
    },
  );
};
