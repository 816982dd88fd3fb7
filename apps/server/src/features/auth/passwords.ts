import { hash, verify } from '@node-rs/argon2';

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
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('not-a-real-password-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

// The most common passwords of public breach lists: refused as new passwords.
const COMMON = new Set([
  'password',
  'password1',
  'password12',
  'password123',
  'passw0rd',
  '12345678',
  '123456789',
  '1234567890',
  '11111111',
  '00000000',
  '12341234',
  '87654321',
  'qwertyui',
  'qwerty123',
  'qwertyuiop',
  '1q2w3e4r',
  '1qaz2wsx',
  'iloveyou',
  'abc12345',
  'abcd1234',
  'asdfghjk',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'welcome1',
  'welcome123',
  'letmein1',
  'trustno1',
  'superman',
  'starwars',
  'whatever',
  'dragon123',
  'monkey123',
  'michael1',
  'jennifer',
  'computer',
  'internet',
  'pakistan',
  'bangladesh',
  'india123',
  'dubai123',
  'jamiya123',
  'changeme',
  'admin123',
  'administrator',
  'master123',
  'zaq12wsx',
]);

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
