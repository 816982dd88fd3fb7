import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { unauthorized, unprocessable } from '../../lib/errors.ts';
import { audit } from '../audit/public.ts';
import { revokeOtherSessions } from '../sessions/public.ts';
import { forgetBrowsers, trustBrowser } from './devices.ts';
import { hashPassword, isCommonPassword, verifyPassword } from './passwords.ts';
import { clearClientFailures, recordAttempt } from './throttle.ts';

// A signed-in account's password changed (POST /api/profile/password/update): every other
// session ends, and every browser trusted for the old password is trusted no longer.

/** Changes the password of the session's account, from its current one (422 when wrong). */
export async function changePassword(
  db: Db,
  session: { userId: number; sessionId: string; ip: string },
  { old_password, password }: { old_password: string; password: string },
  now: Date,
): Promise<void> {
  const [user] = await db
    .select({ passwordHash: users.passwordHash, email: users.email })
    .from(users)
    .where(eq(users.id, session.userId));
  if (!user) throw unauthorized();
  // Guessing the current password from a stolen session counts like failed sign-ins, but
  // others' guesses at the account do not stop its member from changing the password.
  const accountKey = user.email.toLowerCase();
  const client = { address: session.ip };
  await recordAttempt(db, accountKey, client, now, { accountWide: false });
  if (!(await verifyPassword(user.passwordHash, old_password))) {
    throw unprocessable(/*i18n*/ 'Your current password is not correct.', {
      old_password: [/*i18n*/ 'The current password is not correct.'],
    });
  }
  if (isCommonPassword(password)) {
    throw unprocessable(/*i18n*/ 'This password is too common. Please choose another.', {
      password: [/*i18n*/ 'Choose a less common password.'],
    });
  }
  if (password === old_password) {
    throw unprocessable(/*i18n*/ 'The new password must differ from the current one.', {
      password: [/*i18n*/ 'Choose a new password.'],
    });
  }
  await clearClientFailures(db, accountKey, client);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.id, session.userId));
    await revokeOtherSessions(tx, session.userId, session.sessionId, now);
    // A browser trusted because it once knew the old password is trusted no longer.
    await forgetBrowsers(tx, session.userId);
    await audit(tx, {
      actorId: session.userId,
      action: 'user.password_change',
      targetType: 'user',
      targetId: session.userId,
      ip: session.ip,
      at: now,
    });
  });
}

/**
 * Changes the password (above) from this browser, then trusts it anew with a new device cookie:
 * the change ended the trust of every browser, this one included.
 */
export async function changePasswordOnThisBrowser(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  session: { userId: number; sessionId: string },
  passwords: { old_password: string; password: string },
  now: Date,
): Promise<void> {
  await changePassword(db, { ...session, ip: request.ip }, passwords, now);
  await trustBrowser(db, request, reply, session.userId, now);
}
