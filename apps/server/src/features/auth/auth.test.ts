import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loginFailures } from '../../db/schema/auth.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import { DEMO_PASSWORD } from '../demo/seed.ts';
import { bearer, createTestApp, expectError, type TestApp } from '../../../test/harness.ts';
import { THROTTLE } from './throttle.ts';

const WRONG_CREDENTIALS = 'The email or password is not correct.';
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/; // 32 random bytes, base64url without padding

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const uniqueEmail = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.test`;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/**
 * The app of one describe block, with every response kept so that the block can prove that
 * no body or header ever carried a password hash or a token hash.
 */
function suite(config: Parameters<typeof createTestApp>[0] = {}) {
  let t: TestApp;
  const seen: string[] = [];
  const ctx = {
    get t() {
      return t;
    },
    async send(options: InjectOptions): Promise<LightMyRequestResponse> {
      const res = await t.app.inject(options);
      expect(res.body).not.toContain('$argon2');
      seen.push(`${res.body}\n${JSON.stringify(res.headers)}`);
      return res;
    },
    signIn(email: string, password: string, extra: Partial<InjectOptions> = {}) {
      return ctx.send({
        method: 'POST',
        url: '/api/login',
        payload: { email, password },
        ...extra,
      });
    },
    async token(email: string, password = DEMO_PASSWORD): Promise<string> {
      const res = await ctx.signIn(email, password);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().access_token as string;
    },
    profile(token: string) {
      return ctx.send({ method: 'GET', url: '/api/profile', headers: bearer(token) });
    },
    changePassword(token: string, body: Record<string, unknown>) {
      return ctx.send({
        method: 'POST',
        url: '/api/profile/password/update',
        headers: bearer(token),
        payload: body,
      });
    },
    /** No response seen so far carried a password hash or the hash of any session token. */
    async expectNoSecretsLeaked() {
      const tokenHashes = (await t.db.select({ h: sessions.tokenHash }).from(sessions)).map(
        (r) => r.h,
      );
      const passwordHashes = (await t.db.select({ h: users.passwordHash }).from(users)).map(
        (r) => r.h,
      );
      expect(seen.length).toBeGreaterThan(0);
      for (const text of seen) {
        expect(text).not.toContain('$argon2');
        for (const h of [...tokenHashes, ...passwordHashes]) expect(text).not.toContain(h);
      }
    },
  };
  beforeAll(async () => {
    t = await createTestApp(config);
  });
  afterAll(async () => {
    await ctx.expectNoSecretsLeaked();
    await t.close();
  });
  return ctx;
}

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

describe('sign-in throttling', () => {
  const s = suite();
  const THROTTLED = /too many/i;

  async function fail(email: string, times: number, remoteAddress = '127.0.0.1') {
    for (let i = 0; i < times; i++) {
      expectError(await s.signIn(email, `wrong-password-${i}`, { remoteAddress }), 401);
    }
  }

  it('refuses the 11th try after 10 failures, even with the right password', async () => {
    const user = await s.t.makeUser();
    await fail(user.email, 10, '192.0.2.1');
    const body = expectError(
      await s.signIn(user.email, DEMO_PASSWORD, { remoteAddress: '192.0.2.1' }),
      429,
    );
    expect(body.message).toMatch(THROTTLED);
    // A wrong password is refused the same way, and no session was made.
    expect(
      expectError(await s.signIn(user.email, 'wrong-again', { remoteAddress: '192.0.2.1' }), 429),
    ).toEqual(body);
    expect(await s.t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it('still lets an account in after 9 failures', async () => {
    const user = await s.t.makeUser();
    await fail(user.email, 9, '192.0.2.2');
    expect(
      (await s.signIn(user.email, DEMO_PASSWORD, { remoteAddress: '192.0.2.2' })).statusCode,
    ).toBe(200);
  });

  it('counts failures per account and address whatever the email case', async () => {
    const user = await s.t.makeUser({ email: uniqueEmail('Throttle.Case') });
    for (let i = 0; i < 10; i++) {
      const email = i % 2 ? user.email.toUpperCase() : user.email.toLowerCase();
      expectError(await s.signIn(email, 'wrong-password', { remoteAddress: '198.51.100.1' }), 401);
    }
    expectError(await s.signIn(user.email, DEMO_PASSWORD, { remoteAddress: '198.51.100.1' }), 429);
  });

  it('does not let others lock a member out: from many addresses the account is slowed, not refused', async () => {
    const user = await s.t.makeUser();
    for (let i = 0; i < 11; i++) {
      expectError(
        await s.signIn(user.email, 'wrong-password', { remoteAddress: `198.51.100.${i + 10}` }),
        401,
      );
    }
    // The member, from their own address, still gets in, after a short wait.
    const started = Date.now();
    const res = await s.signIn(user.email, DEMO_PASSWORD, { remoteAddress: '198.51.100.200' });
    expect(res.statusCode, res.body).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(THROTTLE.slowStepMs);
  });

  it('does not lock out other accounts', async () => {
    const victim = await s.t.makeUser();
    const other = await s.t.makeUser();
    await fail(victim.email, 10, '192.0.2.3');
    expectError(await s.signIn(victim.email, DEMO_PASSWORD, { remoteAddress: '192.0.2.3' }), 429);
    expect(
      (await s.signIn(other.email, DEMO_PASSWORD, { remoteAddress: '192.0.2.3' })).statusCode,
    ).toBe(200);
  });

  it('throttles an unknown email exactly like a real account', async () => {
    const known = await s.t.makeUser();
    const unknown = uniqueEmail('ghost');
    await fail(known.email, 10, '192.0.2.4');
    await fail(unknown, 10, '192.0.2.4');
    const a = expectError(
      await s.signIn(known.email, 'wrong', { remoteAddress: '192.0.2.4' }),
      429,
    );
    const b = expectError(await s.signIn(unknown, 'wrong', { remoteAddress: '192.0.2.4' }), 429);
    expect(b).toEqual(a);
  });

  it('holds to 10 password checks per account and address when the tries arrive all at once', async () => {
    const user = await s.t.makeUser();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        s.signIn(user.email, `parallel-guess-${i}`, { remoteAddress: '192.0.2.200' }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(
      statuses.every((code) => code === 401 || code === 429),
      statuses.join(','),
    ).toBe(true);
    // Each 401 is a password that was checked: no more than the limit may be.
    expect(statuses.filter((code) => code === 401).length, statuses.join(',')).toBeLessThanOrEqual(
      THROTTLE.perAccount,
    );
    expectError(await s.signIn(user.email, DEMO_PASSWORD, { remoteAddress: '192.0.2.200' }), 429);
  });

  it('lets the account in again once its failures are older than 15 minutes', async () => {
    const user = await s.t.makeUser();
    await fail(user.email, 10, '192.0.2.5');
    expectError(await s.signIn(user.email, DEMO_PASSWORD, { remoteAddress: '192.0.2.5' }), 429);
    await s.t.db
      .update(loginFailures)
      .set({ at: minutesAgo(16) })
      .where(eq(loginFailures.accountKey, user.email.toLowerCase()));
    expect(
      (await s.signIn(user.email, DEMO_PASSWORD, { remoteAddress: '192.0.2.5' })).statusCode,
    ).toBe(200);
  });

  it('still refuses while the failures are inside the 15 minutes', async () => {
    const user = await s.t.makeUser();
    await fail(user.email, 10, '192.0.2.6');
    await s.t.db
      .update(loginFailures)
      .set({ at: minutesAgo(14) })
      .where(eq(loginFailures.accountKey, user.email.toLowerCase()));
    expectError(await s.signIn(user.email, DEMO_PASSWORD, { remoteAddress: '192.0.2.6' }), 429);
  });

  it("clears the account's failures on a success", async () => {
    const user = await s.t.makeUser();
    await fail(user.email, 9, '192.0.2.7');
    expect(
      (await s.signIn(user.email, DEMO_PASSWORD, { remoteAddress: '192.0.2.7' })).statusCode,
    ).toBe(200);
    // Without the reset these 9 would make 18 failures in the window.
    await fail(user.email, 9, '192.0.2.7');
    expect(
      (await s.signIn(user.email, DEMO_PASSWORD, { remoteAddress: '192.0.2.7' })).statusCode,
    ).toBe(200);
    // And the count starts again from zero: 10 new failures lock it.
    await fail(user.email, 10, '192.0.2.7');
    expectError(await s.signIn(user.email, DEMO_PASSWORD, { remoteAddress: '192.0.2.7' }), 429);
  });

  it('limits failures per address across many accounts, and only for that address', async () => {
    expect(THROTTLE.perAddress).toBeGreaterThan(THROTTLE.perAccount);
    expect(THROTTLE.perAddress).toBeLessThanOrEqual(100);
    const address = '203.0.113.9';
    const user = await s.t.makeUser();
    // Spread over accounts so that no single account reaches its own limit.
    for (let i = 0; i < THROTTLE.perAddress - 1; i++) {
      expectError(
        await s.signIn(`spray-${i}-${randomBytes(2).toString('hex')}@example.test`, 'Password1!', {
          remoteAddress: address,
        }),
        401,
      );
    }
    expect((await s.signIn(user.email, DEMO_PASSWORD, { remoteAddress: address })).statusCode).toBe(
      200,
    );
    expectError(
      await s.signIn(uniqueEmail('spray-last'), 'Password1!', { remoteAddress: address }),
      401,
    );
    const body = expectError(
      await s.signIn(user.email, DEMO_PASSWORD, { remoteAddress: address }),
      429,
    );
    expect(body.message).toMatch(THROTTLED);
    // A forged X-Forwarded-For does not get round it (no proxy is trusted by default).
    expectError(
      await s.signIn(user.email, DEMO_PASSWORD, {
        remoteAddress: address,
        headers: { 'x-forwarded-for': '192.0.2.250' },
      }),
      429,
    );
    // Another address is not affected.
    expect(
      (await s.signIn(user.email, DEMO_PASSWORD, { remoteAddress: '203.0.113.10' })).statusCode,
    ).toBe(200);
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

describe('sessions', () => {
  const s = suite();

  it('hands out an opaque token (not a JWT), a new one per sign-in', async () => {
    const user = await s.t.makeUser();
    const a = await s.token(user.email);
    const b = await s.token(user.email);
    for (const token of [a, b]) {
      expect(token).toMatch(TOKEN_SHAPE);
      expect(token).not.toContain('.');
      expect(token).not.toMatch(/^eyJ/);
    }
    expect(a).not.toBe(b);
  });

  it('stores only the SHA-256 of the token', async () => {
    const user = await s.t.makeUser();
    const token = await s.token(user.email);
    const rows = await s.t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.tokenHash).toBe(sha256(token));
    expect(row.tokenHash).not.toBe(token);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(row.revokedAt).toBeNull();
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(12 * 3_600_000);
  });

  it('signs out with POST /api/logout: that token then answers 401, other sessions go on', async () => {
    const user = await s.t.makeUser();
    const token = await s.token(user.email);
    const other = await s.token(user.email);
    expect((await s.profile(token)).statusCode).toBe(200);
    const res = await s.send({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['message']);
    expect(res.json().message).toEqual(expect.any(String));
    expectError(await s.profile(token), 401);
    expectError(
      await s.send({ method: 'GET', url: '/api/my-account-data', headers: bearer(token) }),
      401,
    );
    expectError(await s.send({ method: 'POST', url: '/api/logout', headers: bearer(token) }), 401);
    const [row] = await s.t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(token)));
    expect(row?.revokedAt).toBeInstanceOf(Date);
    expect((await s.profile(other)).statusCode).toBe(200);
  });

  it('answers 401 with the error shape to a request without a token', async () => {
    const body = expectError(await s.send({ method: 'GET', url: '/api/profile' }), 401);
    expect(body.message).toMatch(/sign in/i);
    expectError(await s.send({ method: 'POST', url: '/api/logout' }), 401);
    const valid = {
      old_password: DEMO_PASSWORD,
      password: 'a fine new password',
      password_confirmation: 'a fine new password',
    };
    expectError(
      await s.send({ method: 'POST', url: '/api/profile/password/update', payload: valid }),
      401,
    );
  });

  it('checks the token before the body: an anonymous call with a bad body is 401, not 422', async () => {
    // Otherwise anyone learns the validation rules, and bodies are parsed for strangers.
    expectError(
      await s.send({ method: 'POST', url: '/api/profile/password/update', payload: {} }),
      401,
    );
  });

  it.each([
    ['an empty header', ''],
    ['the scheme only', 'Bearer'],
    ['the scheme and a space', 'Bearer '],
    ['Basic credentials', `Basic ${Buffer.from('a@example.test:jamiya-demo').toString('base64')}`],
    ['a JWT-looking token', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOjF9.'],
    ['an unknown token', `Bearer ${randomBytes(32).toString('base64url')}`],
    ['a too short token', 'Bearer abc'],
    ['a too long token', `Bearer ${'a'.repeat(5000)}`],
  ])('answers 401 to %s', async (_label, authorization) => {
    expectError(
      await s.send({ method: 'GET', url: '/api/profile', headers: { authorization } }),
      401,
    );
  });

  it('answers 401 to a valid token with the wrong scheme or trailing junk', async () => {
    const user = await s.t.makeUser();
    const token = await s.token(user.email);
    for (const authorization of [
      token,
      `Token ${token}`,
      `Bearer ${token} extra`,
      `Bearer ${token}x`,
      `Bearer ${token.slice(0, -1)}`,
    ]) {
      expectError(
        await s.send({ method: 'GET', url: '/api/profile', headers: { authorization } }),
        401,
      );
    }
    expect((await s.profile(token)).statusCode).toBe(200);
  });

  it('never takes the token from the URL', async () => {
    const user = await s.t.makeUser();
    const token = await s.token(user.email);
    for (const url of [
      `/api/profile?token=${token}`,
      `/api/profile?access_token=${token}`,
      `/api/my-account-data?access_token=${token}`,
    ]) {
      expectError(await s.send({ method: 'GET', url }), 401);
    }
  });

  it('answers 401 once the session has been idle for more than 30 minutes', async () => {
    const user = await s.t.makeUser();
    const token = await s.token(user.email);
    await s.t.db
      .update(sessions)
      .set({ lastSeenAt: minutesAgo(31) })
      .where(eq(sessions.tokenHash, sha256(token)));
    const body = expectError(await s.profile(token), 401);
    expect(body.message).toMatch(/sign in/i);
    // Idle means ended: a call does not wake it up.
    expectError(await s.profile(token), 401);
  });

  it('keeps a session that is used within 30 minutes, and each use restarts the idle clock', async () => {
    const user = await s.t.makeUser();
    const token = await s.token(user.email);
    await s.t.db
      .update(sessions)
      .set({ lastSeenAt: minutesAgo(29) })
      .where(eq(sessions.tokenHash, sha256(token)));
    expect((await s.profile(token)).statusCode).toBe(200);
    const [row] = await s.t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(token)));
    expect(Date.now() - row!.lastSeenAt.getTime()).toBeLessThan(60_000);
    // 29 more minutes later it is still alive, because the last call counted.
    await s.t.db
      .update(sessions)
      .set({ lastSeenAt: minutesAgo(29) })
      .where(eq(sessions.tokenHash, sha256(token)));
    expect((await s.profile(token)).statusCode).toBe(200);
  });

  it('answers 401 once the absolute expiry has passed, even if the session was just used', async () => {
    const user = await s.t.makeUser();
    const token = await s.token(user.email);
    await s.t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, sha256(token)));
    expectError(await s.profile(token), 401);
  });
});

// The server reads the time from Date only, so these tests set it rather than sleep: a slow
// machine cannot then stretch a gap past a limit the test means to stay under.
describe('session expiry (sessionTtlMs 1.5 s)', () => {
  const s = suite({ sessionTtlMs: 1500 });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers 401 after the configured lifetime', async () => {
    const user = await s.t.makeUser();
    vi.useFakeTimers({ toFake: ['Date'] });
    const before = Date.now();
    const res = await s.signIn(user.email, DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const { access_token: token, expires_at: expiresAt } = res.json();
    expect(Date.parse(expiresAt)).toBe(before + 1500);
    vi.setSystemTime(before + 1499);
    expect((await s.profile(token)).statusCode).toBe(200);
    vi.setSystemTime(before + 1500);
    expectError(await s.profile(token), 401);
    expectError(await s.send({ method: 'POST', url: '/api/logout', headers: bearer(token) }), 401);
  });
});

describe('session idle timeout (sessionIdleMs 1.5 s)', () => {
  const s = suite({ sessionIdleMs: 1500 });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers 401 after the configured idle time', async () => {
    const user = await s.t.makeUser();
    const token = await s.token(user.email);
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    expect((await s.profile(token)).statusCode).toBe(200);
    vi.setSystemTime(start + 1501);
    expectError(await s.profile(token), 401);
  });

  it('keeps a session alive while it is used more often than the idle time', async () => {
    const user = await s.t.makeUser();
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const token = await s.token(user.email);
    // 3.5 s of calls every 0.5 s: never idle for 1.5 s, though idle longer than that in all.
    for (let i = 1; i <= 7; i++) {
      vi.setSystemTime(start + i * 500);
      const res = await s.profile(token);
      expect(res.statusCode, `call ${i} after ${i * 0.5} s`).toBe(200);
    }
  });
});

describe('POST /api/profile/password/update', () => {
  const s = suite();
  const NEW_PASSWORD = 'correct horse battery';

  it('changes the password and ends every other session but this one', async () => {
    const user = await s.t.makeUser();
    const current = await s.token(user.email);
    const other = await s.token(user.email);
    const third = await s.token(user.email);
    const res = await s.changePassword(current, {
      old_password: DEMO_PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json())).toEqual(['message']);
    expect(res.json().message).toMatch(/password/i);

    expect((await s.profile(current)).statusCode).toBe(200);
    expectError(await s.profile(other), 401);
    expectError(await s.profile(third), 401);

    expect(expectError(await s.signIn(user.email, DEMO_PASSWORD), 401).message).toBe(
      WRONG_CREDENTIALS,
    );
    const fresh = await s.token(user.email, NEW_PASSWORD);
    expect((await s.profile(fresh)).statusCode).toBe(200);

    const [row] = await s.t.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain(NEW_PASSWORD);
  });

  it("leaves other members' sessions alone", async () => {
    const user = await s.t.makeUser();
    const bystander = await s.t.makeUser();
    const bystanderToken = await s.token(bystander.email);
    const token = await s.token(user.email);
    const res = await s.changePassword(token, {
      old_password: DEMO_PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect((await s.profile(bystanderToken)).statusCode).toBe(200);
  });

  it('hashes new passwords with argon2id at m >= 19456 KiB, t >= 2, p = 1', async () => {
    const user = await s.t.makeUser();
    const token = await s.token(user.email);
    expect(
      (
        await s.changePassword(token, {
          old_password: DEMO_PASSWORD,
          password: NEW_PASSWORD,
          password_confirmation: NEW_PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
    const [row] = await s.t.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, user.id));
    const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(row!.passwordHash);
    expect(match).not.toBeNull();
    expect(Number(match![1])).toBeGreaterThanOrEqual(19_456);
    expect(Number(match![2])).toBeGreaterThanOrEqual(2);
    expect(Number(match![3])).toBe(1);
  });

  it('answers 422 to a wrong current password and changes nothing', async () => {
    const user = await s.t.makeUser();
    const token = await s.token(user.email);
    const other = await s.token(user.email);
    const body = expectError(
      await s.changePassword(token, {
        old_password: 'not-the-password',
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      }),
      422,
    );
    expect(Object.keys(body.errors ?? {})).toEqual(['old_password']);
    expect((await s.profile(other)).statusCode).toBe(200);
    expect((await s.signIn(user.email, DEMO_PASSWORD)).statusCode).toBe(200);
    expectError(await s.signIn(user.email, NEW_PASSWORD), 401);
  });

  it('answers 422 with errors.password_confirmation when the confirmation differs', async () => {
    const user = await s.t.makeUser();
    const token = await s.token(user.email);
    const body = expectError(
      await s.changePassword(token, {
        old_password: DEMO_PASSWORD,
        password: NEW_PASSWORD,
        password_confirmation: `${NEW_PASSWORD}!`,
      }),
      422,
    );
    expect(Object.keys(body.errors ?? {})).toEqual(['password_confirmation']);
    expect(body.errors?.password_confirmation?.[0]).toMatch(/match/i);
    expect((await s.signIn(user.email, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('answers 422 with an error per missing field', async () => {
    const user = await s.t.makeUser();
    const token = await s.token(user.email);
    const body = expectError(await s.changePassword(token, {}), 422);
    expect(Object.keys(body.errors ?? {}).sort()).toEqual([
      'old_password',
      'password',
      'password_confirmation',
    ]);
  });

  it.each([
    ['7 characters', 'abcdefg'],
    ['129 characters', 'k'.repeat(64) + 'q'.repeat(65)],
  ])('refuses a new password of %s with 422 on errors.password', async (_label, password) => {
    const user = await s.t.makeUser();
    const token = await s.token(user.email);
    const body = expectError(
      await s.changePassword(token, {
        old_password: DEMO_PASSWORD,
        password,
        password_confirmation: password,
      }),
      422,
    );
    expect(Object.keys(body.errors ?? {})).toContain('password');
    expect((await s.signIn(user.email, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it.each([
    ['exactly 8 characters', 'a7#kPq2z', 8],
    ['64 characters', 'Z'.repeat(20) + '-0123456789-'.repeat(3) + 'y'.repeat(8), 64],
    ['exactly 128 characters', 'm'.repeat(60) + 'Ω-ünïcødé-' + 'n'.repeat(58), 128],
    ['spaces at both ends', '  spaced out passphrase  ', 25],
  ])('accepts a new password of %s, and it then signs in', async (_label, password, length) => {
    expect(password).toHaveLength(length);
    const user = await s.t.makeUser();
    const token = await s.token(user.email);
    const res = await s.changePassword(token, {
      old_password: DEMO_PASSWORD,
      password,
      password_confirmation: password,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await s.signIn(user.email, password)).statusCode).toBe(200);
    // The password is taken as typed: a variant of it does not sign in.
    expectError(
      await s.signIn(
        user.email,
        password.trim() === password ? password.slice(0, -1) : password.trim(),
      ),
      401,
    );
  });

  it.each(['password123', 'Password123', '12345678', 'qwerty123'])(
    'refuses the common password %j with 422',
    async (password) => {
      const user = await s.t.makeUser();
      const token = await s.token(user.email);
      const body = expectError(
        await s.changePassword(token, {
          old_password: DEMO_PASSWORD,
          password,
          password_confirmation: password,
        }),
        422,
      );
      expect(Object.keys(body.errors ?? {})).toEqual(['password']);
      expectError(await s.signIn(user.email, password), 401);
    },
  );

  it('refuses a new password equal to the current one', async () => {
    const user = await s.t.makeUser();
    const token = await s.token(user.email);
    const other = await s.token(user.email);
    const body = expectError(
      await s.changePassword(token, {
        old_password: DEMO_PASSWORD,
        password: DEMO_PASSWORD,
        password_confirmation: DEMO_PASSWORD,
      }),
      422,
    );
    expect(Object.keys(body.errors ?? {})).toEqual(['password']);
    expect((await s.profile(other)).statusCode).toBe(200);
  });

  it('answers 401 with a revoked token', async () => {
    const user = await s.t.makeUser();
    const token = await s.token(user.email);
    expect(
      (await s.send({ method: 'POST', url: '/api/logout', headers: bearer(token) })).statusCode,
    ).toBe(200);
    expectError(
      await s.changePassword(token, {
        old_password: DEMO_PASSWORD,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      }),
      401,
    );
    expect((await s.signIn(user.email, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('answers 400 to malformed JSON', async () => {
    const user = await s.t.makeUser();
    const token = await s.token(user.email);
    expectError(
      await s.send({
        method: 'POST',
        url: '/api/profile/password/update',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: '{"old_password": ',
      }),
      400,
    );
  });
});
