import { hash, verify } from '@node-rs/argon2';
import { COMMON_PASSWORDS } from './common-passwords.ts';

// OWASP's argon2id baseline (m=19 MiB, t=2, p=1).
const OPTIONS = {
  algorithm: 2 /* Argon2id */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Verified against when the email is unknown, so that answer takes as long as a wrong password.
// Made at start with the same options, so that even the first unknown email costs one verify.
const dummyHash = hashPassword('not-a-real-password-for-timing');
dummyHash.catch(() => undefined); // awaited (and its failure met) in verifyPassword

export async function verifyPassword(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    await dummyHash.then((h) => verify(h, password)).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

// Refused as new passwords (docs/product.md section 6; ASVS 2.1.7).
const COMMON = new Set(COMMON_PASSWORDS);

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
