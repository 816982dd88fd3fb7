import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { errorBody, messageBody } from '@jamiya/contracts/common';
import {
  forgotPasswordRequest,
  joinRequest,
  setPasswordRequest,
} from '@jamiya/contracts/membership';
import type { DbOrTx } from '../../db/client.ts';
import { loginFailures, users } from '../../db/schema/users.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import { audit } from '../audit/audit.ts';
import {
  issuePasswordLink,
  sendPasswordLinkMail,
  setPasswordWithLink,
} from '../auth/password-links.ts';
import { pruneAttempts, THROTTLE } from '../auth/throttle.ts';
import { submitApplication } from './join.ts';

export const APPLICATION_RECEIVED =
  'Thank you. Your application was received; the committee will contact you.';
export const RESET_LINK_SENT =
  'If an account exists for this email, we have sent a link to set a new password. It works once, for 24 hours.';
export const PASSWORD_SET = 'Your password is set. You can sign in now.';

// Within the sign-in throttle's window (its rows are pruned after two windows).
export const RESET_LIMIT = { perEmail: 3, perAddress: 10, windowMs: THROTTLE.windowMs } as const;

/**
 * Counts requests for a reset link in the sign-in throttle's table, under keys of their own
 * ("reset:"), so that they neither count as failed sign-ins nor get cleared by a sign-in.
 * Written before counted, like the sign-in throttle, so a burst cannot slip under the limit;
 * an unknown email is counted exactly like a known one.
 */
async function recordResetRequest(db: DbOrTx, email: string, ip: string, now: Date) {
  const accountKey = `reset:${email}`;
  const address = `reset:${ip}`;
  await db.insert(loginFailures).values({ accountKey, ip: address, at: now });
  const since = new Date(now.getTime() - RESET_LIMIT.windowMs);
  const [byEmail] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.accountKey, accountKey), gt(loginFailures.at, since)));
  const [byAddress] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.ip, address), gt(loginFailures.at, since)));
  if ((byEmail?.n ?? 0) > RESET_LIMIT.perEmail || (byAddress?.n ?? 0) > RESET_LIMIT.perAddress) {
    throw tooManyRequests(
      'Too many requests for a password link. Please wait 15 minutes, then check your inbox and spam folder before asking again.',
    );
  }
}

export const membershipRoutes: FastifyPluginAsyncZod = async (app) => {
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
    '/applications',
    {
      schema: {
        tags: ['public'],
        summary: 'Join Now: apply to become a member',
        description:
          'The same answer whether or not the email already belongs to a member or to a pending application. At most 5 applications per address and hour.',
        body: joinRequest,
        response: { 201: messageBody, 400: errorBody, 422: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      await submitApplication(db, request.body, { ip: request.ip, now: new Date() });
      return reply.status(201).send({ message: APPLICATION_RECEIVED });
    },
  );

  app.post(
    '/password/forgot',
    {
      schema: {
        tags: ['public'],
        summary: 'Forgot password: mails a one-time link to set a new password',
        description:
          'The same answer whether or not an account has this email. The link works once, for 24 hours, and voids the earlier reset links (never an invitation).',
        body: forgotPasswordRequest,
        response: { 200: messageBody, 400: errorBody, 422: errorBody, 429: errorBody },
      },
    },
    async (request) => {
      const now = new Date();
      const email = request.body.email.toLowerCase();
      await recordResetRequest(db, email, request.ip, now);
      await pruneAttempts(db, now);
      const [user] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email));
      if (user) {
        const link = await issuePasswordLink(db, {
          userId: user.id,
          purpose: 'reset',
          createdBy: null,
          publicUrl,
          now,
        });
        await audit(db, {
          actorId: null,
          action: 'user.password_reset_requested',
          targetType: 'user',
          targetId: user.id,
          ip: request.ip,
          at: now,
        });
        mailInBackground(request.log, {
          userId: user.id,
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
        tags: ['public'],
        summary: 'Set a password with the token of a one-time link; ends all sessions',
        body: setPasswordRequest,
        response: { 200: messageBody, 400: errorBody, 422: errorBody },
      },
    },
    async (request) => {
      await setPasswordWithLink(db, {
        token: request.body.token,
        password: request.body.password,
        now: new Date(),
        ip: request.ip,
      });
      return { message: PASSWORD_SET };
    },
  );
};
