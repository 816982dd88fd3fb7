import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/sessions.ts';
import { DEMO_PASSWORD } from '../demo/seed.ts';
import { bearer, expectError } from '../../../test/harness.ts';
import { TOKEN_SHAPE, minutesAgo, suite } from './testing/auth-kit.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

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
