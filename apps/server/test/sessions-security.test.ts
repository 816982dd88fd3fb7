import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { loginFailures } from '../src/db/schema/auth.ts';
import { sessions } from '../src/db/schema/sessions.ts';
import { users } from '../src/db/schema/users.ts';
import { COMMON_PASSWORDS } from '../src/features/auth/common-passwords.ts';
import { THROTTLE } from '../src/features/auth/throttle.ts';
import { DEMO_PASSWORD } from '../src/features/demo/seed.ts';
import { bearer, createTestApp, expectError, type TestApp, useTestApp } from './harness.ts';

/** ASVS V2 (authentication) and V3 (sessions), through the HTTP API. */

const email = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.test`;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

function signIn(
  t: TestApp,
  address: string,
  password: string,
  extra: Partial<InjectOptions> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: address, password },
    remoteAddress: '127.0.0.1',
    ...extra,
  });
}

// Failures by HTTP cost an argon2 verify each; all but the last few of an address's limit are
// written straight to the table, so the tries that matter go through the API.
const BY_HTTP = 6;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

async function seedAddressFailures(t: TestApp, ip: string): Promise<void> {
  const at = new Date();
  await t.db.insert(loginFailures).values(
    Array.from({ length: THROTTLE.perAddress - BY_HTTP }, (_, i) => ({
      accountKey: email(`seed${i}`),
      ip,
      at,
    })),
  );
}

async function sessionIp(t: TestApp, token: string): Promise<string | null> {
  const [row] = await t.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashOf(token)));
  return row?.ip ?? null;
}

// One app with the test config (no proxy trusted, 12 h lifetime, 30 min idle) for most blocks;
// the proxy and the short lifetimes get their own.
const t = useTestApp();

describe('throttling without a configured proxy (TRUST_PROXY unset)', () => {
  it('ignores X-Forwarded-For: the session records the socket address', async () => {
    const user = await t.makeUser();
    const res = await signIn(t, user.email, DEMO_PASSWORD, {
      remoteAddress: '192.0.2.10',
      headers: { 'x-forwarded-for': '198.51.100.1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await sessionIp(t, res.json().access_token)).toBe('192.0.2.10');
  });

  it('holds per account when every try sends another X-Forwarded-For', async () => {
    const user = await t.makeUser();
    for (let i = 0; i < THROTTLE.perAccount; i++) {
      expectError(
        await signIn(t, user.email, `wrong-${i}`, {
          remoteAddress: '192.0.2.20',
          headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
        }),
        401,
      );
    }
    expectError(
      await signIn(t, user.email, DEMO_PASSWORD, {
        remoteAddress: '192.0.2.20',
        headers: { 'x-forwarded-for': '198.51.100.250' },
      }),
      429,
    );
  });

  it('holds per address when every try sends another X-Forwarded-For', async () => {
    const user = await t.makeUser();
    await seedAddressFailures(t, '192.0.2.30');
    for (let i = 0; i < BY_HTTP; i++) {
      expectError(
        await signIn(t, email(`spray${i}`), 'Password-guess-1', {
          remoteAddress: '192.0.2.30',
          headers: { 'x-forwarded-for': `203.0.113.${(i % 250) + 1}, 10.0.0.1` },
        }),
        401,
      );
    }
    const body = expectError(
      await signIn(t, user.email, DEMO_PASSWORD, {
        remoteAddress: '192.0.2.30',
        headers: { 'x-forwarded-for': '203.0.113.251' },
      }),
      429,
    );
    expect(body.message).toMatch(/too many/i);
    // Someone else, at another address, is not affected.
    expect(
      (await signIn(t, user.email, DEMO_PASSWORD, { remoteAddress: '192.0.2.31' })).statusCode,
    ).toBe(200);
  });
});

describe('throttling behind a configured proxy (trustProxy: ["10.0.0.1"])', () => {
  let behind: TestApp;
  beforeAll(async () => {
    behind = await createTestApp({ trustProxy: ['10.0.0.1'] });
  });
  afterAll(() => behind.close());

  it('TRUST_PROXY is read as a list of addresses, and unset means no proxy is trusted', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.0.2',
    ]);
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it("takes the client's address from X-Forwarded-For only when the request comes from the proxy", async () => {
    const user = await behind.makeUser();
    const viaProxy = await signIn(behind, user.email, DEMO_PASSWORD, {
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(viaProxy.statusCode).toBe(200);
    expect(await sessionIp(behind, viaProxy.json().access_token)).toBe('198.51.100.7');
    const direct = await signIn(behind, user.email, DEMO_PASSWORD, {
      remoteAddress: '192.0.2.40',
      headers: { 'x-forwarded-for': '198.51.100.8' },
    });
    expect(direct.statusCode).toBe(200);
    expect(await sessionIp(behind, direct.json().access_token)).toBe('192.0.2.40');
  });

  it("counts failures per client address behind the proxy, and a direct caller's forged header does not help", async () => {
    const user = await behind.makeUser();
    await seedAddressFailures(behind, '198.51.100.60');
    for (let i = 0; i < BY_HTTP; i++) {
      expectError(
        await signIn(behind, email(`p${i}`), 'Password-guess-1', {
          remoteAddress: '10.0.0.1',
          headers: { 'x-forwarded-for': '198.51.100.60' },
        }),
        401,
      );
    }
    expectError(
      await signIn(behind, user.email, DEMO_PASSWORD, {
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': '198.51.100.60' },
      }),
      429,
    );
    // Another client behind the same proxy is not locked out with the first.
    expect(
      (
        await signIn(behind, user.email, DEMO_PASSWORD, {
          remoteAddress: '10.0.0.1',
          headers: { 'x-forwarded-for': '198.51.100.61' },
        })
      ).statusCode,
    ).toBe(200);
    // A caller that is not the proxy cannot pose as that other client.
    await seedAddressFailures(behind, '192.0.2.50');
    for (let i = 0; i < BY_HTTP; i++) {
      expectError(
        await signIn(behind, email(`d${i}`), 'Password-guess-1', {
          remoteAddress: '192.0.2.50',
          headers: { 'x-forwarded-for': `198.51.100.${100 + (i % 100)}` },
        }),
        401,
      );
    }
    expectError(
      await signIn(behind, user.email, DEMO_PASSWORD, {
        remoteAddress: '192.0.2.50',
        headers: { 'x-forwarded-for': '198.51.100.61' },
      }),
      429,
    );
  });
});

describe('unknown email and wrong password', () => {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

  it('get the same answer, byte for byte', async () => {
    const user = await t.makeUser();
    const wrong = await signIn(t, user.email, 'not-the-password', { remoteAddress: '192.0.2.60' });
    const unknown = await signIn(t, email('nobody'), 'not-the-password', {
      remoteAddress: '192.0.2.61',
    });
    expectError(wrong, 401);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.headers['content-type']).toBe(wrong.headers['content-type']);
  });

  it(
    'take a similar time (median ratio within 0.5–2): the unknown email also costs an argon2 verify',
    { tags: ['timing'] },
    async () => {
      const accounts = await Promise.all(Array.from({ length: 7 }, () => t.makeUser()));
      let last = '';
      // A busy machine can skew one round; a missing verify skews every round (ratio ~0.2).
      for (let round = 0; round < 3; round++) {
        const wrong: number[] = [];
        const unknown: number[] = [];
        for (const [i, account] of accounts.entries()) {
          const address = `198.18.${round}.${i}`;
          let start = performance.now();
          expectError(
            await signIn(t, account.email, `wrong-${round}`, { remoteAddress: address }),
            401,
          );
          wrong.push(performance.now() - start);
          start = performance.now();
          expectError(
            await signIn(t, email('ghost'), `wrong-${round}`, { remoteAddress: address }),
            401,
          );
          unknown.push(performance.now() - start);
        }
        const ratio = median(unknown) / median(wrong);
        last = `round ${round}: unknown ${median(unknown).toFixed(1)} ms, wrong ${median(wrong).toFixed(1)} ms, ratio ${ratio.toFixed(2)}`;
        if (ratio > 0.5 && ratio < 2) return;
      }
      expect.fail(last);
    },
  );
});

describe('password rules', () => {
  let admin: { token: string };
  beforeAll(async () => {
    const a = await t.makeUser({ role: 'admin' });
    admin = { token: await t.login(a.email) };
  });

  function change(token: string, old: string, password: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/profile/password/update',
      headers: bearer(token),
      payload: { old_password: old, password, password_confirmation: password },
    });
  }
  async function resetLinkToken(userId: number): Promise<string> {
    // Mail is set up here: the link goes to the account, not to the admin.
    const [user] = await t.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    const mailsTo = () => t.sentMails.filter((m) => m.to === user!.email);
    const before = mailsTo().length;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/members/${userId}/password-reset`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().set_password_link).toBeNull();
    await vi.waitFor(() => expect(mailsTo().length).toBeGreaterThan(before));
    const url = /https?:\/\/\S+\/set-password\?token=[\w-]+/.exec(mailsTo().at(-1)!.text)![0];
    return new URL(url).searchParams.get('token')!;
  }
  function setWithLink(token: string, password: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/password/set',
      payload: { token, password, password_confirmation: password },
    });
  }

  it('accepts a 64-character password on change, and signs in with it', async () => {
    const user = await t.makeUser();
    const token = await t.login(user.email);
    const long = `${randomBytes(24).toString('base64url')}-É-${'x'.repeat(64)}`.slice(0, 64);
    expect(long).toHaveLength(64);
    const res = await change(token, DEMO_PASSWORD, long);
    expect(res.statusCode, res.body).toBe(200);
    expect((await signIn(t, user.email, long)).statusCode).toBe(200);
    // 128 is the upper bound (docs/product.md section 6); 129 is refused with the error shape.
    expect((await change(token, long, 'y'.repeat(20) + 'z'.repeat(108))).statusCode).toBe(200);
    expect(
      expectError(await change(token, 'y'.repeat(20) + 'z'.repeat(108), 'w'.repeat(129)), 422)
        .errors,
    ).toHaveProperty('password');
  });

  it('accepts a 64-character password set with a one-time link', async () => {
    const user = await t.makeUser();
    const long = 'correct horse battery staple, and then some more words'.padEnd(64, '!');
    expect(long).toHaveLength(64);
    const before = await t.login(user.email);
    const res = await setWithLink(await resetLinkToken(user.id), long);
    expect(res.statusCode, res.body).toBe(200);
    expect((await signIn(t, user.email, long)).statusCode).toBe(200);
    // Setting a password with a link ends every session the account had.
    expectError(await t.app.inject({ url: '/api/profile', headers: bearer(before) }), 401);
  });

  it('refuses common passwords, in any case, on change and with a link', async () => {
    const user = await t.makeUser();
    const token = await t.login(user.email);
    for (const common of ['Password123', 'qwerty12345', 'iloveyou1', 'BISMILLAH', 'dubai2026']) {
      const body = expectError(await change(token, DEMO_PASSWORD, common), 422);
      expect(body.errors, common).toHaveProperty('password');
    }
    const link = await resetLinkToken(user.id);
    expect(expectError(await setWithLink(link, 'Football123'), 422).errors).toHaveProperty(
      'password',
    );
    // The link still works for a good password after the refusal.
    expect((await setWithLink(link, 'a sound new passphrase')).statusCode).toBe(200);
  });

  it('checks against a list of a few hundred common passwords, not a token list', () => {
    expect(COMMON_PASSWORDS.length).toBeGreaterThanOrEqual(300);
    for (const p of COMMON_PASSWORDS) {
      expect(p.length, p).toBeGreaterThanOrEqual(8);
      expect(p, p).toBe(p.toLowerCase());
    }
    expect(new Set(COMMON_PASSWORDS).size).toBe(COMMON_PASSWORDS.length);
  });
});

describe('sessions end', () => {
  let adminToken: string;
  beforeAll(async () => {
    const admin = await t.makeUser({ role: 'admin' });
    adminToken = await t.login(admin.email);
  });

  const profile = (token: string, url = '/api/profile') =>
    t.app.inject({ url, headers: bearer(token) });

  it('never takes the token from the URL (?token=, ?access_token=)', async () => {
    const user = await t.makeUser();
    const token = await t.login(user.email);
    for (const url of [
      `/api/profile?token=${token}`,
      `/api/profile?access_token=${token}`,
      `/api/my-account-data?access_token=${token}&token=${token}`,
      `/api/profile?authorization=Bearer%20${token}`,
    ]) {
      expectError(await t.app.inject({ url }), 401);
    }
    // The same token in the header works: the 401s above are about where it was put.
    expect((await profile(token)).statusCode).toBe(200);
  });

  it('logout ends that session only', async () => {
    const user = await t.makeUser();
    const one = await t.login(user.email);
    const two = await t.login(user.email);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(one) });
    expect(out.statusCode).toBe(200);
    expectError(await profile(one), 401);
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(one) }),
      401,
    );
    expect((await profile(two)).statusCode).toBe(200);
  });

  it('a password change ends every other session and keeps this one', async () => {
    const user = await t.makeUser();
    const current = await t.login(user.email);
    const others = [await t.login(user.email), await t.login(user.email)];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profile/password/update',
      headers: bearer(current),
      payload: {
        old_password: DEMO_PASSWORD,
        password: 'a brand new passphrase',
        password_confirmation: 'a brand new passphrase',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const token of others) expectError(await profile(token), 401);
    expect((await profile(current)).statusCode).toBe(200);
    expectError(await signIn(t, user.email, DEMO_PASSWORD, { remoteAddress: '192.0.2.70' }), 401);
  });

  it('deactivation (POST /api/admin/members/:id/status) ends all sessions of the member', async () => {
    const user = await t.makeUser();
    const tokens = [await t.login(user.email), await t.login(user.email)];
    const other = await t.makeUser();
    const otherToken = await t.login(other.email);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/members/${user.id}/status`,
      headers: bearer(adminToken),
      payload: { status: 'inactive', reason: 'left the association' },
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const token of tokens) expectError(await profile(token), 401);
    expect((await profile(otherToken)).statusCode).toBe(200);
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]!.status).toBe(0);
    // An inactive member may sign in again to read (docs/product.md section 5), with a new session.
    expect((await profile(await t.login(user.email))).statusCode).toBe(200);
  });

  it('an admin who is deactivated loses the admin routes at once', async () => {
    const second = await t.makeUser({ role: 'admin' });
    const token = await t.login(second.email);
    expect((await profile(token, '/api/admin/members')).statusCode).toBe(200);
    const deactivate = (by: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/members/${second.id}/status`,
        headers: bearer(by),
        payload: { status: 'inactive' },
      });
    // Two admins active: one proposes, a second (here the admin concerned) confirms.
    expect((await deactivate(adminToken)).statusCode).toBe(202);
    const res = await deactivate(token);
    expect(res.statusCode, res.body).toBe(200);
    expectError(await profile(token, '/api/admin/members'), 401);
    const again = await t.login(second.email);
    expectError(await profile(again, '/api/admin/members'), 403);
  });

  it('the absolute lifetime ends a session even while it is in use', async () => {
    const user = await t.makeUser();
    const res = await signIn(t, user.email, DEMO_PASSWORD);
    const token = res.json().access_token as string;
    const expiresAt = Date.parse(res.json().expires_at);
    expect(Math.abs(expiresAt - Date.now() - 12 * 60 * 60_000)).toBeLessThan(60_000);
    expect((await profile(token)).statusCode).toBe(200);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000), lastSeenAt: new Date() })
      .where(eq(sessions.tokenHash, hashOf(token)));
    expectError(await profile(token), 401);
  });

  it('the idle timeout ends a session unused for longer than 30 minutes', async () => {
    const user = await t.makeUser();
    const idle = await t.login(user.email);
    const recent = await t.login(user.email);
    await t.db
      .update(sessions)
      .set({ lastSeenAt: minutesAgo(31) })
      .where(eq(sessions.tokenHash, hashOf(idle)));
    await t.db
      .update(sessions)
      .set({ lastSeenAt: minutesAgo(29) })
      .where(eq(sessions.tokenHash, hashOf(recent)));
    expectError(await profile(idle), 401);
    expect((await profile(recent)).statusCode).toBe(200);
    // Being used restarted the idle clock of the recent one.
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashOf(recent)));
    expect(Date.now() - row!.lastSeenAt.getTime()).toBeLessThan(60_000);
  });
});

describe('session lifetimes from the config (sessionTtlMs 1.5 s, sessionIdleMs 0.8 s)', () => {
  let short: TestApp;
  beforeAll(async () => {
    short = await createTestApp({ sessionTtlMs: 1500, sessionIdleMs: 800 });
  });
  afterAll(() => short.close());
  // The server reads the time from Date only, so the test sets it: a slow machine cannot
  // stretch a gap past a limit the test means to stay under (it did once in CI).
  afterEach(() => {
    vi.useRealTimers();
  });
  const profile = (token: string) =>
    short.app.inject({ url: '/api/profile', headers: bearer(token) });
  /** Two sessions of a new member, signed in at one moment; `at(ms)` sets the clock after it. */
  async function twoSessions() {
    const user = await short.makeUser();
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const first = await short.login(user.email);
    const second = await short.login(user.email);
    return { at: (ms: number) => vi.setSystemTime(start + ms), first, second };
  }

  it('ends an idle session after the idle time, and a used one after the lifetime', async () => {
    const { at, first: idle, second: used } = await twoSessions();
    for (const ms of [350, 700, 1050, 1400, 1499]) {
      at(ms);
      expect((await profile(used)).statusCode, `used at ${ms} ms`).toBe(200);
    }
    expectError(await profile(idle), 401);
    at(1501);
    expectError(await profile(used), 401);
  });

  it('keeps a session up to its idle time, and not a moment after', async () => {
    const { at, first: justInTime, second: tooLate } = await twoSessions();
    at(800);
    expect((await profile(justInTime)).statusCode).toBe(200);
    at(801);
    expectError(await profile(tooLate), 401);
    // Being used at 800 ms restarted the first one's idle clock: 600 ms later it still holds.
    at(1400);
    expect((await profile(justInTime)).statusCode).toBe(200);
  });
});
