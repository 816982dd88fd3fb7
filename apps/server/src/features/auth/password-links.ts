import { randomBytes, randomUUID } from 'node:crypto';
import type { Language } from '@jamiya/contracts/languages';
import type { FastifyBaseLogger } from 'fastify';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { passkeys, passwordTokens } from '../../db/schema/auth.ts';
import { inBatches } from '../../lib/batches.ts';
import { users } from '../../db/schema/users.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import { audit } from '../audit/public.ts';
import { type Mailer, passwordLinkMail } from '../mail/public.ts';
import { getSettings } from '../settings/public.ts';
import { hashToken, revokeOtherSessions } from '../sessions/public.ts';
import { forgetBrowsers } from './devices.ts';
import { hashPassword, isCommonPassword } from './passwords.ts';
import { clearFailures } from './throttle.ts';

export const PASSWORD_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** An invitation waits a week: a new member may be handed it on their next day off. */
export const INVITATION_TTL_MS = 7 * PASSWORD_LINK_TTL_MS;
const ttlOf = (purpose: 'invite' | 'reset') =>
  purpose === 'invite' ? INVITATION_TTL_MS : PASSWORD_LINK_TTL_MS;

const LINK_NOT_VALID = /*i18n*/ 'This link has expired or was already used. Ask for a new one.';

/**
 * A one-time link to set a password: 32 random bytes, of which only the SHA-256 is stored.
 * The user's earlier unused links stop working, so only the newest one does.
 */
export async function issuePasswordLink(
  db: DbOrTx,
  input: {
    userId: number;
    purpose: 'invite' | 'reset';
    createdBy: number | null;
    publicUrl: string;
    now?: Date;
  },
): Promise<{ tokenId: string; token: string; url: string; expiresAt: Date }> {
  const now = input.now ?? new Date();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ttlOf(input.purpose));
  let language: Language = 'en';
  let tokenId = '';
  await db.transaction(async (tx) => {
    // The user's row lock orders two links issued at once: the later one voids the earlier.
    const [user] = await tx
      .select({ id: users.id, language: users.language })
      .from(users)
      .where(eq(users.id, input.userId))
      .for('update');
    if (!user) throw notFound(/*i18n*/ 'There is no such member.');
    language = user.language;
    // A new link voids the earlier ones of its kind only: anyone may ask for a reset, and that
    // must not cancel the invitation an admin sent.
    await tx
      .update(passwordTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordTokens.userId, input.userId),
          eq(passwordTokens.purpose, input.purpose),
          isNull(passwordTokens.usedAt),
        ),
      );
    const [row] = await tx
      .insert(passwordTokens)
      .values({
        userId: input.userId,
        purpose: input.purpose,
        tokenHash: hashToken(token),
        expiresAt,
        createdAt: now,
        createdBy: input.createdBy,
      })
      .returning({ id: passwordTokens.id });
    tokenId = row!.id;
  });
  return { tokenId, token, url: linkUrl(input.publicUrl, token, language), expiresAt };
}

/** The page opens in the account's language (plugins/web-app.ts), whatever the browser's. */
function linkUrl(publicUrl: string, token: string, language: Language): string {
  const lang = language === 'en' ? '' : `&lang=${language}`;
  return `${publicUrl}/set-password?token=${token}${lang}`;
}

/**
 * Invitations for accounts just made (features/imports brings a whole association in), in the
 * caller's transaction and one statement a thousand: as issuePasswordLink's, without its lock and voiding,
 * since a new account has no link yet. Answers each account's link by its id.
 */
export async function issueInvitations(
  db: DbOrTx,
  accounts: ReadonlyArray<{ id: number; language: Language }>,
  by: { createdBy: number; publicUrl: string; now: Date },
): Promise<Map<number, { tokenId: string; url: string; expiresAt: Date }>> {
  const expiresAt = new Date(by.now.getTime() + INVITATION_TTL_MS);
  const links = accounts.map((a) => ({
    ...a,
    tokenId: randomUUID(),
    token: randomBytes(32).toString('base64url'),
  }));
  for (const batch of inBatches(links))
    await db.insert(passwordTokens).values(
      batch.map((l) => ({
        id: l.tokenId,
        userId: l.id,
        purpose: 'invite' as const,
        tokenHash: hashToken(l.token),
        expiresAt,
        createdAt: by.now,
        createdBy: by.createdBy,
      })),
    );
  return new Map(
    links.map((l) => [
      l.id,
      { tokenId: l.tokenId, url: linkUrl(by.publicUrl, l.token, l.language), expiresAt },
    ]),
  );
}

/**
 * A reset link someone asked for without signing in (Forgot password), unless `max` of those
 * went to the account in the window: then null, and the newest of them is still the one that
 * works, so that others' requests can neither flood the member's inbox nor void the link the
 * member is about to open. The user's row lock makes the count hold when requests race.
 */
export async function issueAskedResetLink(
  db: DbOrTx,
  input: { userId: number; publicUrl: string; now: Date; max: number; windowMs: number },
): Promise<{ tokenId: string; token: string; url: string; expiresAt: Date } | null> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update');
    const [recent] = await tx
      .select({ n: count() })
      .from(passwordTokens)
      .where(
        and(
          eq(passwordTokens.userId, input.userId),
          eq(passwordTokens.purpose, 'reset'),
          isNull(passwordTokens.createdBy),
          gt(passwordTokens.createdAt, new Date(input.now.getTime() - input.windowMs)),
        ),
      );
    if ((recent?.n ?? 0) >= input.max) return null;
    return issuePasswordLink(tx, {
      userId: input.userId,
      purpose: 'reset',
      createdBy: null,
      publicUrl: input.publicUrl,
      now: input.now,
    });
  });
}

/**
 * Mails a link to its user; true when it went to a mail server. A failed mail, or one only
 * written to the log, answers false: the link stays valid to hand over.
 */
export async function sendPasswordLinkMail(
  deps: { db: DbOrTx; mailer: Mailer; log?: Pick<FastifyBaseLogger, 'warn'> },
  input: { userId: number; url: string; purpose: 'invite' | 'reset'; expiresAt: Date },
): Promise<boolean> {
  const [user] = await deps.db
    .select({ name: users.name, email: users.email, language: users.language })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!user) return false;
  const { associationName } = await getSettings(deps.db);
  const mail = passwordLinkMail(user.language, {
    name: user.name,
    url: input.url,
    purpose: input.purpose,
    associationName,
    expiresAt: input.expiresAt,
  });
  try {
    await deps.mailer.send({ to: user.email, ...mail });
    return deps.mailer.delivers;
  } catch (err) {
    deps.log?.warn({ err, userId: input.userId }, 'the password link mail could not be sent');
    return false;
  }
}

/**
 * Sets the password of a link's user, uses the link up and ends all of the user's sessions and
 * the trust of the browsers it signed in on.
 * Of two uses of one link at once, the row lock lets exactly one through.
 */
export async function setPasswordWithLink(
  db: Db,
  input: { token: string; password: string; now: Date; ip?: string | null },
): Promise<{ userId: number }> {
  const tokenHash = hashToken(input.token);
  const isUsable = (row: { usedAt: Date | null; expiresAt: Date } | undefined) =>
    row !== undefined && row.usedAt === null && row.expiresAt > input.now;
  const refuse = () => unprocessable(LINK_NOT_VALID, { token: [LINK_NOT_VALID] });

  // Checked before the password is hashed, so that a bad link costs no argon2 work.
  const [found] = await db
    .select({ usedAt: passwordTokens.usedAt, expiresAt: passwordTokens.expiresAt })
    .from(passwordTokens)
    .where(eq(passwordTokens.tokenHash, tokenHash));
  if (!isUsable(found)) throw refuse();
  if (isCommonPassword(input.password)) {
    throw unprocessable(/*i18n*/ 'This password is too common. Please choose another.', {
      password: [/*i18n*/ 'Choose a less common password.'],
    });
  }
  const passwordHash = await hashPassword(input.password);

  return db.transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.tokenHash, tokenHash))
      .for('update');
    if (!link || !isUsable(link)) throw refuse();
    // Used: it and every other link of the account are done, the password being set.
    await tx
      .update(passwordTokens)
      .set({ usedAt: input.now })
      .where(and(eq(passwordTokens.userId, link.userId), isNull(passwordTokens.usedAt)));
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: input.now })
      .where(eq(users.id, link.userId))
      .returning({ email: users.email });
    if (!user) throw refuse();
    await revokeOtherSessions(tx, link.userId, null, input.now);
    // Browsers trusted because they once knew the old password are trusted no longer, nor the
    // passkeys added then: a passkey added by whoever held a session must not outlive a reset.
    await forgetBrowsers(tx, link.userId);
    const removed = await tx
      .delete(passkeys)
      .where(eq(passkeys.userId, link.userId))
      .returning({ id: passkeys.id });
    // Whoever was locked out by failed sign-ins can sign in with the new password at once.
    await clearFailures(tx, user.email.toLowerCase());
    await audit(tx, {
      actorId: link.userId,
      action: 'user.password_set_by_link',
      targetType: 'user',
      targetId: link.userId,
      details: { purpose: link.purpose, passkeys_removed: removed.length },
      ip: input.ip ?? null,
      at: input.now,
    });
    return { userId: link.userId };
  });
}
