import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/sessions.ts';
import { DEMO_PASSWORD } from '../demo/seed.ts';
import { expectError } from '../../../test/harness.ts';
import { TOKEN_SHAPE, WRONG_CREDENTIALS, suite, uniqueEmail } from './testing/auth-kit.ts';

describe('POST /api/login', () => {
  const s = suite();

  it('answers the token, its type, its expiry and a message', async () => {
    const user = await s.t.makeUser();
    const before = Date.now();
    const res = await s.signIn(user.email, DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    // A response carrying a token must not be cached (RFC 6749 section 5.1).
    expect(res.headers['cache-control']).toContain('no-store');
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual([
      'access_token',
      'expires_at',
      'message',
      'token_type',
    ]);
    expect(body.token_type).toBe('Bearer');
    expect(body.access_token).toMatch(TOKEN_SHAPE);
    expect(typeof body.message).toBe('string');
    expect(body.message.length).toBeGreaterThan(0);
    // Default absolute lifetime: 12 hours from now.
    const expiresAt = Date.parse(body.expires_at);
    expect(new Date(expiresAt).toISOString()).toBe(body.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 12 * 3_600_000 - 1_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 12 * 3_600_000 + 1_000);
    // The token works.
    const profile = await s.profile(body.access_token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().userData.id).toBe(user.id);
  });

  it('treats the email case-insensitively and ignores surrounding spaces', async () => {
    const user = await s.t.makeUser({ email: 'Mixed.Case-Login@Example.test' });
    for (const email of [
      'mixed.case-login@example.test',
      'MIXED.CASE-LOGIN@EXAMPLE.TEST',
      '  Mixed.Case-Login@Example.test  ',
    ]) {
      const res = await s.signIn(email, DEMO_PASSWORD);
      expect(res.statusCode, email).toBe(200);
      const profile = await s.profile(res.json().access_token);
      expect(profile.json().userData.id).toBe(user.id);
    }
  });

  it('does not treat the password case-insensitively', async () => {
    const user = await s.t.makeUser();
    const body = expectError(await s.signIn(user.email, DEMO_PASSWORD.toUpperCase()), 401);
    expect(body.message).toBe(WRONG_CREDENTIALS);
  });

  it('answers a wrong password and an unknown email with the same 401', async () => {
    const user = await s.t.makeUser();
    const wrong = await s.signIn(user.email, 'not-the-password');
    const unknown = await s.signIn(uniqueEmail('nobody'), 'not-the-password');
    const a = expectError(wrong, 401);
    const b = expectError(unknown, 401);
    expect(a).toEqual({ status_code: 401, message: WRONG_CREDENTIALS });
    expect(b).toEqual(a);
    expect(wrong.headers['content-type']).toBe(unknown.headers['content-type']);
    expect(wrong.body).toBe(unknown.body);
  });

  it('creates no session for a failed sign-in', async () => {
    const user = await s.t.makeUser();
    expectError(await s.signIn(user.email, 'not-the-password'), 401);
    expect(await s.t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it('answers 422 with an error per missing field', async () => {
    const body = expectError(await s.send({ method: 'POST', url: '/api/login', payload: {} }), 422);
    expect(Object.keys(body.errors ?? {}).sort()).toEqual(['email', 'password']);
    expect(body.errors?.email?.[0]).toEqual(expect.any(String));
    expect(body.errors?.password?.[0]).toEqual(expect.any(String));
  });

  it.each([
    ['an email that is not an email', { email: 'not-an-email', password: 'whatever1' }, ['email']],
    ['an empty email', { email: '   ', password: 'whatever1' }, ['email']],
    ['an email that is a number', { email: 42, password: 'whatever1' }, ['email']],
    ['an empty password', { email: 'someone@example.test', password: '' }, ['password']],
    [
      'a password that is a number',
      { email: 'someone@example.test', password: 12345678 },
      ['password'],
    ],
    [
      'a password longer than 128 characters',
      { email: 'someone@example.test', password: 'x'.repeat(129) },
      ['password'],
    ],
  ])('answers 422 for %s', async (_label, payload, fields) => {
    const body = expectError(await s.send({ method: 'POST', url: '/api/login', payload }), 422);
    expect(Object.keys(body.errors ?? {}).sort()).toEqual(fields);
  });

  it('answers 400 with the error shape to malformed JSON', async () => {
    const res = await s.send({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@example.test", "password": ',
    });
    const body = expectError(res, 400);
    expect(body.message).not.toMatch(/Unexpected|JSON at position|SyntaxError/);
  });

  it('answers 400 with the error shape to an empty JSON body', async () => {
    expectError(
      await s.send({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/json' },
        payload: '',
      }),
      400,
    );
  });
});

describe('sign-in timing', () => {
  const s = suite();

  function median(values: number[]): number {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  }

  it(
    'takes about as long for an unknown email as for a wrong password',
    { tags: ['timing'] },
    async () => {
      const accounts = await Promise.all(Array.from({ length: 9 }, () => s.t.makeUser()));
      // Warm up both paths (the unknown-email path hashes its dummy password once).
      expectError(
        await s.signIn(uniqueEmail('warm'), 'warm-up-password', { remoteAddress: '192.0.2.90' }),
        401,
      );
      expectError(
        await s.signIn(accounts[0]!.email, 'warm-up-password', { remoteAddress: '192.0.2.91' }),
        401,
      );
      const wrong: number[] = [];
      const unknown: number[] = [];
      for (const [i, account] of accounts.entries()) {
        let start = performance.now();
        expectError(
          await s.signIn(account.email, 'wrong-password', { remoteAddress: `192.0.2.${100 + i}` }),
          401,
        );
        wrong.push(performance.now() - start);
        start = performance.now();
        expectError(
          await s.signIn(uniqueEmail('unknown'), 'wrong-password', {
            remoteAddress: `192.0.2.${150 + i}`,
          }),
          401,
        );
        unknown.push(performance.now() - start);
      }
      const ratio = median(unknown) / median(wrong);
      expect(
        ratio,
        `unknown ${median(unknown).toFixed(1)} ms, wrong ${median(wrong).toFixed(1)} ms`,
      ).toBeGreaterThan(0.5);
      expect(ratio).toBeLessThan(2);
    },
  );
});
