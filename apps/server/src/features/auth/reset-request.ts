import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import { audit } from '../audit/public.ts';
import type { Mailer } from '../mail/public.ts';
import { findAccount } from './devices.ts';
import { issueAskedResetLink, issuePasswordLink, sendPasswordLinkMail } from './password-links.ts';
import { pruneAttempts, recordLimitedRequest, THROTTLE } from './throttle.ts';

// A forgotten password asked for (POST /api/password/forgot): counted, bounded, and a link
// issued when the email is an account's; the route mails it after its answer.

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

/**
 * The reset link to mail for a request, or null (an unknown email, or one past its account's
 * allowance): the answer is the same either way. Past the address's or the device's, 429.
 */
export async function askForResetLink(
  db: DbOrTx,
  asked: { email: string; deviceToken: string | null; ip: string; publicUrl: string },
  now: Date,
) {
  const { publicUrl } = asked;
  const email = asked.email.toLowerCase();
  const account = await findAccount(db, email, asked.deviceToken, now);
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
      client: `reset:${asked.ip}`,
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
  if (!account || !link) return null;
  await audit(db, {
    actorId: null,
    action: 'user.password_reset_requested',
    targetType: 'user',
    targetId: account.id,
    ip: asked.ip,
    at: now,
  });
  return { userId: account.id, link };
}

/**
 * Mails password links after the answer, so that a known email does not answer slower than an
 * unknown one; closing the app waits for `allSettled`, the mails under way.
 */
export function mailsInBackground(deps: { db: DbOrTx; mailer: Mailer }) {
  const underWay = new Set<Promise<void>>();
  return {
    send(log: FastifyBaseLogger, input: Parameters<typeof sendPasswordLinkMail>[1]): void {
      // A mail server's refusal is logged inside; what is left to catch is a database error.
      const job = sendPasswordLinkMail({ db: deps.db, mailer: deps.mailer, log }, input).then(
        () => undefined,
        (err: unknown) => log.error({ err, userId: input.userId }, 'the password link mail failed'),
      );
      underWay.add(job);
      void job.finally(() => underWay.delete(job));
    },
    allSettled: () => Promise.allSettled([...underWay]),
  };
}
