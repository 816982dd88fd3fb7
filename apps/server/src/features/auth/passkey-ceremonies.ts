import { createHmac } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { passkeyChallenges, passkeys } from '../../db/schema/auth.ts';

// The two passkey ceremonies with SimpleWebAuthn (decision 064). Each options call keeps its
// challenge for 60 s; the response takes it (deletes it), so it works once. Passkeys are
// discoverable (the phone offers the account), with the phone's screen lock or fingerprint
// always asked (user verification).

export const CEREMONY_MS = 60_000;

/** Where passkeys are used: the host and origin of PUBLIC_URL. */
export interface RelyingParty {
  rpID: string;
  origin: string;
  name: string;
}

export function relyingParty(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { rpID: url.hostname, origin: url.origin, name: 'Jamiya' };
}

async function keepChallenge(
  db: DbOrTx,
  challenge: string,
  purpose: 'registration' | 'authentication',
  userId: number | null,
  now: Date,
): Promise<void> {
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now));
  await db.insert(passkeyChallenges).values({
    challenge,
    purpose,
    userId,
    expiresAt: new Date(now.getTime() + CEREMONY_MS),
  });
}

/** The challenge a response answers, read from its client data (null when unreadable). */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && /^[A-Za-z0-9_-]{1,200}$/.test(challenge)
      ? challenge
      : null;
  } catch {
    return null;
  }
}

/** Takes the response's challenge: answers it when it was kept for this purpose and user, in time. */
async function takeChallenge(
  db: DbOrTx,
  clientDataJSON: string,
  purpose: 'registration' | 'authentication',
  userId: number | null,
  now: Date,
): Promise<string | null> {
  const challenge = challengeOf(clientDataJSON);
  if (!challenge) return null;
  const [kept] = await db
    .delete(passkeyChallenges)
    .where(and(eq(passkeyChallenges.challenge, challenge), eq(passkeyChallenges.purpose, purpose)))
    .returning();
  if (!kept || kept.expiresAt <= now || kept.userId !== userId) return null;
  return challenge;
}

/** The account's handle on the phone: the same for each of its passkeys, and no name in it. */
const userHandle = (sealKey: Buffer, userId: number) =>
  createHmac('sha256', sealKey).update(`passkey-user:${userId}`).digest().subarray(0, 16);

export async function registrationOptions(
  db: DbOrTx,
  rp: RelyingParty,
  sealKey: Buffer,
  user: { id: number; email: string; name: string },
  now: Date,
) {
  const mine = await db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.rpID,
    userID: new Uint8Array(userHandle(sealKey, user.id)),
    userName: user.email,
    userDisplayName: user.name,
    timeout: CEREMONY_MS,
    attestationType: 'none',
    excludeCredentials: mine.map((p) => ({
      id: p.id,
      transports: p.transports as AuthenticatorTransport[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: [-7, -257],
  });
  await keepChallenge(db, options.challenge, 'registration', user.id, now);
  return options;
}

/** A new passkey's key, once its response answers this user's challenge from this origin. */
export async function verifyRegistration(
  db: DbOrTx,
  rp: RelyingParty,
  userId: number,
  response: RegistrationResponseJSON,
  now: Date,
) {
  const challenge = await takeChallenge(
    db,
    response.response.clientDataJSON,
    'registration',
    userId,
    now,
  );
  if (!challenge) return { failure: 'expired' as const };
  const verified = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verified?.verified) return { failure: 'unverified' as const };
  const { credential } = verified.registrationInfo;
  // WebAuthn's ids are at most 1,023 bytes; a longer one could never sign in here.
  if (Buffer.from(credential.id, 'base64url').length > 1_023)
    return { failure: 'unverified' as const };
  return {
    credential: {
      id: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? response.response.transports ?? [],
    },
  };
}

/**
 * Options to sign in with any passkey of this site: the same whatever e-mail was given, so they
 * tell nobody whether an account exists.
 */
export async function authenticationOptions(db: DbOrTx, rp: RelyingParty, now: Date) {
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    timeout: CEREMONY_MS,
    userVerification: 'required',
    allowCredentials: [],
  });
  await keepChallenge(db, options.challenge, 'authentication', null, now);
  return options;
}

/**
 * Checks a sign-in's response against its passkey: the challenge taken, the origin, the
 * signature and the user verification. The count is compared by the caller (usePasskey), which
 * suspends a passkey whose count went backwards: the library would only refuse it.
 */
export async function verifyAuthentication(
  db: DbOrTx,
  rp: RelyingParty,
  passkey: { credentialId: string; publicKey: string; transports: string[] },
  response: AuthenticationResponseJSON,
  now: Date,
) {
  const challenge = await takeChallenge(
    db,
    response.response.clientDataJSON,
    'authentication',
    null,
    now,
  );
  if (!challenge) return { failure: 'expired' as const };
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: true,
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
      counter: 0,
      transports: passkey.transports as AuthenticatorTransport[],
    },
  }).catch(() => null);
  if (!verified?.verified) return { failure: 'unverified' as const };
  return { newCounter: verified.authenticationInfo.newCounter };
}
