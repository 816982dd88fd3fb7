// What the auth test files share: the app of one describe block, which proves at its end that no
// response carried a secret, and the answers the tests expect.
import { randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { sessions } from '../../../db/schema/sessions.ts';
import { users } from '../../../db/schema/users.ts';
import { DEMO_PASSWORD } from '../../demo/public.ts';
import { bearer, createTestApp, type TestApp } from '../../../../test/harness.ts';

export const WRONG_CREDENTIALS = 'The email or password is not correct.';
export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/; // 32 random bytes, base64url without padding
export const uniqueEmail = (label: string) =>
  `${label}-${randomBytes(4).toString('hex')}@example.test`;
export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/**
 * The app of one describe block, with every response kept so that the block can prove that
 * no body or header ever carried a password hash or a token hash.
 */
export function suite(config: Parameters<typeof createTestApp>[0] = {}) {
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
