import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { and, asc, count, eq } from 'drizzle-orm';
import type { PasskeyView } from '@jamiya/contracts/passkeys';
import type { DbOrTx } from '../../db/client.ts';
import { passkeys } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/users.ts';
import {
  conflict,
  notFound,
  tooManyRequests,
  unauthorized,
  unprocessable,
} from '../../lib/errors.ts';
import { translate, type Say } from '../../lib/i18n.ts';
import { sentence } from '../../lib/sentence.ts';
import type { Language } from '@jamiya/contracts/languages';
import { audit } from '../audit/public.ts';
import {
  notify,
  notifyAll,
  passkeyAddedNotice,
  passkeySuspendedNotice,
} from '../notifications/public.ts';
import { deviceTokenOf, findAccount } from './devices.ts';
import {
  authenticationOptions,
  relyingParty,
  verifyAuthentication,
  verifyRegistration,
  type RelyingParty,
} from './passkey-ceremonies.ts';
import { signIn } from './sign-in.ts';
import {
  clearClientFailures,
  pruneAttempts,
  recordAttempt,
  recordLimitedRequest,
  type SignInClient,
} from './throttle.ts';

// A member's passkeys: added after a password sign-in, listed and removed on the profile, and
// used to sign in beside the password, never in its place (decision 064). Every refusal ends
// with the way that always works: the password.

const TOO_LATE =
  /*i18n*/ 'This took too long or was already used. Try again, or sign in with your password instead.';
const NOT_CHECKED = /*i18n*/ 'We could not check this passkey. Sign in with your password instead.';
const SUSPENDED =
  /*i18n*/ 'This passkey was stopped because it may have been copied. Sign in with your password instead.';

export const rpOf = (app: FastifyInstance): RelyingParty => relyingParty(app.deps.publicUrl);

/** Sign-in options an address may ask for: each is a row for 60 s, and asks nothing else. */
export const OPTIONS_LIMIT = { perAddress: 120, windowMs: 15 * 60_000 } as const;

/**
 * Options to sign in with a passkey (authenticationOptions), counted per address (429 beyond
 * OPTIONS_LIMIT; many members share one address, so the bound is wide).
 */
export async function signInOptions(app: FastifyInstance, ip: string, now: Date) {
  const { db } = app.deps;
  const key = `passkey-options:${ip}`;
  const recent = await recordLimitedRequest(db, {
    accountKey: key,
    client: key,
    windowMs: OPTIONS_LIMIT.windowMs,
    now,
  });
  if (recent > OPTIONS_LIMIT.perAddress)
    throw tooManyRequests(
      /*i18n*/ 'Too many sign-ins from here. Please wait 15 minutes, or sign in with your password instead.',
    );
  return { ...(await authenticationOptions(db, rpOf(app), now)) };
}

export function passkeyView(row: typeof passkeys.$inferSelect): PasskeyView {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    suspended: row.suspendedAt !== null,
  };
}

export async function passkeysOf(db: DbOrTx, userId: number): Promise<PasskeyView[]> {
  const rows = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.id));
  return rows.map(passkeyView);
}

/** Adds the passkey a registration response carries, once it answers this member's challenge. */
export async function addPasskey(
  app: FastifyInstance,
  request: FastifyRequest,
  user: { id: number; language: Language },
  input: { response: RegistrationResponseJSON; name?: string | undefined },
  now: Date,
): Promise<PasskeyView> {
  const userId = user.id;
  const { db } = app.deps;
  const result = await verifyRegistration(db, rpOf(app), userId, input.response, now);
  if ('failure' in result) {
    throw unprocessable(
      result.failure === 'expired'
        ? /*i18n*/ 'Adding the passkey took too long. Please try again.'
        : /*i18n*/ 'We could not add this passkey. Please try again, or keep signing in with your password.',
    );
  }
  return db.transaction(async (tx) => {
    const [{ n }] = (await tx
      .select({ n: count() })
      .from(passkeys)
      .where(eq(passkeys.userId, userId))) as [{ n: number }];
    const [row] = await tx
      .insert(passkeys)
      .values({
        userId,
        credentialId: result.credential.id,
        publicKey: result.credential.publicKey,
        counter: result.credential.counter,
        transports: result.credential.transports,
        // Named in the member's language until they name it.
        name:
          input.name ??
          translate(user.language, sentence(/*i18n*/ 'Passkey {number}', { number: n + 1 })),
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(/*i18n*/ 'This passkey is already added.');
    await notify(tx, passkeyAddedNotice(userId, row.name, now));
    await audit(tx, {
      actorId: userId,
      action: 'user.passkey_add',
      targetType: 'user',
      targetId: userId,
      details: { passkey: row.id, name: row.name },
      ip: request.ip,
      at: now,
    });
    return passkeyView(row);
  });
}

export async function removePasskey(
  db: DbOrTx,
  userId: number,
  id: number,
  ip: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
      .returning();
    if (!row) throw notFound(/*i18n*/ 'There is no such passkey.');
    await audit(tx, {
      actorId: userId,
      action: 'user.passkey_remove',
      targetType: 'user',
      targetId: userId,
      details: { passkey: row.id, name: row.name },
      ip,
      at: now,
    });
  });
}

/**
 * A passkey whose count went backwards was copied: it is stopped for good, and the member and
 * every admin hear of it, in the caller's transaction (the one that read its count).
 */
async function suspend(tx: DbOrTx, passkey: typeof passkeys.$inferSelect, ip: string, now: Date) {
  await tx.update(passkeys).set({ suspendedAt: now }).where(eq(passkeys.id, passkey.id));
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 1)));
  const [member] = await tx
    .select({ name: users.name, uniqueId: users.uniqueId })
    .from(users)
    .where(eq(users.id, passkey.userId));
  const readers = [...new Set([passkey.userId, ...admins.map((a) => a.id)])];
  await notifyAll(
    tx,
    readers.map((userId) =>
      passkeySuspendedNotice(userId, passkey, `${member!.name} (${member!.uniqueId})`, now),
    ),
  );
  await audit(tx, {
    actorId: null,
    action: 'user.passkey_suspend',
    targetType: 'user',
    targetId: passkey.userId,
    details: { passkey: passkey.id, name: passkey.name, counter: passkey.counter },
    ip,
    at: now,
  });
}

/**
 * Signs in with a passkey (POST /api/passkeys/authentication), throttled as the password is:
 * under the passkey's account when the passkey is known, else under the passkey's id.
 */
export async function signInWithPasskey(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  response: AuthenticationResponseJSON,
  now: Date,
) {
  const { db } = app.deps;
  const [passkey] = await db
    .select({ passkey: passkeys, email: users.email })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.credentialId, response.id));
  const accountKey = passkey ? passkey.email.toLowerCase() : `passkey:${response.id.slice(0, 100)}`;
  const account = passkey ? await findAccount(db, accountKey, deviceTokenOf(request), now) : null;
  const client: SignInClient = account?.deviceId
    ? { device: account.deviceId }
    : { address: request.ip };
  await recordAttempt(db, accountKey, client, now);
  const refuse = async (message: Say) => {
    await pruneAttempts(db, now);
    return unauthorized(message);
  };
  if (!passkey) throw await refuse(NOT_CHECKED);
  const result = await verifyAuthentication(db, rpOf(app), passkey.passkey, response, now);
  if ('failure' in result)
    throw await refuse(result.failure === 'expired' ? TOO_LATE : NOT_CHECKED);
  // The count is compared with the row locked: of two sign-ins at once with one passkey, the
  // second sees the first's count, and a true phone is never taken for a copy.
  const outcome = await db.transaction(async (tx) => {
    const [key] = await tx
      .select()
      .from(passkeys)
      .where(eq(passkeys.id, passkey.passkey.id))
      .for('update');
    if (!key || key.suspendedAt) return 'refused' as const;
    if ((result.newCounter > 0 || key.counter > 0) && result.newCounter <= key.counter) {
      await suspend(tx, key, request.ip, now);
      return 'suspended' as const;
    }
    await tx
      .update(passkeys)
      .set({ counter: result.newCounter, lastUsedAt: now })
      .where(eq(passkeys.id, key.id));
    return key.userId;
  });
  if (outcome === 'refused') throw await refuse(NOT_CHECKED);
  if (outcome === 'suspended') throw await refuse(SUSPENDED);
  await clearClientFailures(db, accountKey, client);
  return signIn(app, request, reply, outcome, now, /*i18n*/ 'Signed in successfully.');
}
