// Issue 32, point 7: failed sign-ins are bounded per account from untrusted clients, and a
// browser where the account signed in before keeps an allowance of its own (OWASP, "Slow down
// online guessing attacks with device cookies"; decision 035). Clients are told apart as behind
// the load balancer: the proxy's X-Forwarded-For (and X-Forwarded-Proto) under TRUST_PROXY.
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loginFailures, signInDevices } from '../src/db/schema/auth.ts';
import { THROTTLE } from '../src/features/auth/throttle.ts';
import { DEMO_PASSWORD } from '../src/features/demo/seed.ts';
import { bearer, expectError, TEST_CONFIG, useTestApp } from './harness.ts';

const PROXY = '10.0.0.1';
const COOKIE = 'jamiya_device';
/** OWASP's bound: failed guesses an hour on one account from clients it does not know. */
const PER_ACCOUNT_HOUR = 100;
const TOO_MANY =
  'Too many failed sign-ins. Please wait 15 minutes and try again, or reset your password.';
const ACCOUNT_TOO_MANY =
  'Too many failed sign-ins to this account. Please try again in an hour, sign in on a phone or computer you have signed in on before, or reset your password.';
const ACCOUNT_TOO_MANY_AR =
  'محاولات تسجيل دخول فاشلة كثيرة إلى هذا الحساب. يُرجى المحاولة مرة أخرى بعد ساعة، أو تسجيل الدخول من هاتف أو حاسوب سجّلت الدخول منه من قبل، أو إعادة تعيين كلمة المرور.';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
let addressCount = 0;
/** A client address of its own for each use, so that the tests do not share bounds. */
const newAddress = () => {
  addressCount += 1;
  return `198.51.${Math.floor(addressCount / 250)}.${(addressCount % 250) + 1}`;
};

interface Client {
  address: string;
  /** `jamiya_device=…`, as the browser sends it. */
  cookie?: string | undefined;
  language?: string;
  https?: boolean;
}

const t = useTestApp({ trustProxy: [PROXY] });

function headersOf(client: Client): Record<string, string> {
  return {
    'x-forwarded-for': client.address,
    ...(client.cookie ? { cookie: client.cookie } : {}),
    ...(client.language ? { 'accept-language': client.language } : {}),
    ...(client.https ? { 'x-forwarded-proto': 'https' } : {}),
  };
}

function signIn(email: string, password: string, client: Client) {
  return t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
    remoteAddress: PROXY,
    headers: headersOf(client),
  });
}

function setCookies(res: LightMyRequestResponse): string[] {
  const header = res.headers['set-cookie'];
  if (header === undefined) return [];
  return Array.isArray(header) ? header : [header];
}

/** The device cookie a response set, as the browser sends it back. */
function deviceCookieOf(res: LightMyRequestResponse): string {
  const line = setCookies(res).find((c) => c.startsWith(`${COOKIE}=`));
  if (!line) throw new Error(`no device cookie in ${JSON.stringify(res.headers)}`);
  return line.split(';')[0]!;
}

/** Signs the account in from a browser of its own and answers that browser's device cookie. */
async function deviceOf(email: string, address = newAddress()): Promise<string> {
  const res = await signIn(email, DEMO_PASSWORD, { address });
  expect(res.statusCode, res.body).toBe(200);
  return deviceCookieOf(res);
}

/**
 * `times` failures of the account from untrusted clients, each from another address: written
 * to the table as the sign-in writes them (HTTP would cost an argon2 check and a wait each).
 */
async function seedAccountFailures(email: string, times: number, at = new Date()) {
  await t.db.insert(loginFailures).values(
    Array.from({ length: times }, () => ({
      accountKey: email.toLowerCase(),
      ip: newAddress(),
      at,
    })),
  );
}

/** `times` failures on other accounts from one address. */
async function seedAddressFailures(address: string, times: number) {
  await t.db.insert(loginFailures).values(
    Array.from({ length: times }, (_, i) => ({
      accountKey: `spray-${i}-${randomBytes(3).toString('hex')}@example.test`,
      ip: address,
      at: new Date(),
    })),
  );
}

describe('failed sign-ins per account, from clients it does not know', () => {
  it(`check at most ${PER_ACCOUNT_HOUR} passwords of 160 guesses from 16 addresses, then refuse clearly`, async () => {
    const user = await t.makeUser();
    const addresses = Array.from({ length: 16 }, newAddress);
    // The probe's attack: 10 guesses from each of 16 addresses, under each address's own bound,
    // in waves of 32 at once.
    const statuses: number[] = [];
    for (let wave = 0; wave < 5; wave++) {
      const results = await Promise.all(
        Array.from({ length: 32 }, (_, i) =>
          signIn(user.email, `guess-${wave}-${i}`, { address: addresses[i % 16]! }),
        ),
      );
      statuses.push(...results.map((r) => r.statusCode));
    }
    expect(
      statuses.every((s) => s === 401 || s === 429),
      statuses.join(','),
    ).toBe(true);
    const checked = statuses.filter((s) => s === 401).length;
    expect(checked, statuses.join(',')).toBeLessThanOrEqual(PER_ACCOUNT_HOUR);
    // Three waves fit under the bound whole.
    expect(checked).toBeGreaterThanOrEqual(96);
    // A new browser at a new address, even with the right password, is refused: in the error
    // shape, saying why and what to do, in the reader's language.
    const ar = expectError(
      await signIn(user.email, DEMO_PASSWORD, { address: newAddress(), language: 'ar' }),
      429,
    );
    expect(ar.message).toBe(ACCOUNT_TOO_MANY_AR);
    const en = expectError(
      await signIn(user.email, 'another-guess', { address: newAddress() }),
      429,
    );
    expect(en.message).toBe(ACCOUNT_TOO_MANY);
  }, 60_000);

  it('count failures for an hour, not 15 minutes, and forget them after the hour', async () => {
    const user = await t.makeUser();
    await seedAccountFailures(user.email, PER_ACCOUNT_HOUR, minutesAgo(50));
    const body = expectError(
      await signIn(user.email, DEMO_PASSWORD, { address: newAddress() }),
      429,
    );
    expect(body.message).toBe(ACCOUNT_TOO_MANY);
    await t.db
      .update(loginFailures)
      .set({ at: minutesAgo(61) })
      .where(eq(loginFailures.accountKey, user.email.toLowerCase()));
    expect((await signIn(user.email, DEMO_PASSWORD, { address: newAddress() })).statusCode).toBe(
      200,
    );
  });

  it('treat an unknown email exactly like an account', async () => {
    const user = await t.makeUser();
    const ghost = `ghost-${randomBytes(4).toString('hex')}@example.test`;
    await seedAccountFailures(user.email, PER_ACCOUNT_HOUR);
    await seedAccountFailures(ghost, PER_ACCOUNT_HOUR);
    const a = await signIn(user.email, 'wrong', { address: newAddress() });
    const b = await signIn(ghost, 'wrong', { address: newAddress() });
    expectError(a, 429);
    expect(b.statusCode).toBe(429);
    expect(b.body).toBe(a.body);
  });
});

describe('a browser where the account signed in before (device cookie)', () => {
  it('still signs the owner in during an attack, from any address, without the wait', async () => {
    const user = await t.makeUser();
    const cookie = await deviceOf(user.email);
    await seedAccountFailures(user.email, PER_ACCOUNT_HOUR + 20);
    expectError(await signIn(user.email, DEMO_PASSWORD, { address: newAddress() }), 429);
    // The phone moved from the home Wi-Fi to mobile data: another address, the same browser.
    const started = performance.now();
    const res = await signIn(user.email, DEMO_PASSWORD, { address: newAddress(), cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(performance.now() - started).toBeLessThan(THROTTLE.slowMaxMs);
    expect(
      (await t.app.inject({ url: '/api/profile', headers: bearer(res.json().access_token) }))
        .statusCode,
    ).toBe(200);
    // The cookie it answers works in turn; the one it replaced no longer does (a value planted
    // in the browser by someone else would not outlive the owner's next sign-in).
    const next = deviceCookieOf(res);
    expect(next).not.toBe(cookie);
    expect(
      (await signIn(user.email, DEMO_PASSWORD, { address: newAddress(), cookie: next })).statusCode,
    ).toBe(200);
    expectError(await signIn(user.email, DEMO_PASSWORD, { address: newAddress(), cookie }), 429);
  });

  it("is trusted for its own accounts only: another account's device cookie counts for nothing", async () => {
    const owner = await t.makeUser();
    const other = await t.makeUser();
    const othersCookie = await deviceOf(other.email);
    await seedAccountFailures(owner.email, PER_ACCOUNT_HOUR);
    expectError(
      await signIn(owner.email, DEMO_PASSWORD, { address: newAddress(), cookie: othersCookie }),
      429,
    );
  });

  it('keeps the trust of every account that signed in on it', async () => {
    const first = await t.makeUser();
    const second = await t.makeUser();
    const address = newAddress();
    let cookie = await deviceOf(first.email, address);
    const res = await signIn(second.email, DEMO_PASSWORD, { address, cookie });
    expect(res.statusCode).toBe(200);
    cookie = deviceCookieOf(res);
    await seedAccountFailures(first.email, PER_ACCOUNT_HOUR);
    await seedAccountFailures(second.email, PER_ACCOUNT_HOUR);
    // Each sign-in hands the browser a new token; the browser sends the newest.
    for (const user of [first, second, first]) {
      const again = await signIn(user.email, DEMO_PASSWORD, { address, cookie });
      expect(again.statusCode, again.body).toBe(200);
      cookie = deviceCookieOf(again);
    }
  });

  it('is locked out itself after 10 failures in 15 minutes, and the account is not', async () => {
    const user = await t.makeUser();
    const address = newAddress();
    const stolen = await deviceOf(user.email, address);
    const own = await deviceOf(user.email, newAddress());
    for (let i = 0; i < THROTTLE.perDevice; i++) {
      expectError(
        await signIn(user.email, `device-guess-${i}`, { address: newAddress(), cookie: stolen }),
        401,
      );
    }
    const body = expectError(
      await signIn(user.email, DEMO_PASSWORD, { address: newAddress(), cookie: stolen }),
      429,
    );
    expect(body.message).toBe(TOO_MANY);
    // The owner's other browser, and a new one, are not locked with it.
    expect((await signIn(user.email, DEMO_PASSWORD, { address, cookie: own })).statusCode).toBe(
      200,
    );
    expect((await signIn(user.email, DEMO_PASSWORD, { address: newAddress() })).statusCode).toBe(
      200,
    );
  });

  it('holds its own bound when its guesses arrive all at once', async () => {
    const user = await t.makeUser();
    const cookie = await deviceOf(user.email);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        signIn(user.email, `parallel-${i}`, { address: newAddress(), cookie }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401).length, statuses.join(',')).toBeLessThanOrEqual(
      THROTTLE.perDevice,
    );
    expectError(await signIn(user.email, DEMO_PASSWORD, { address: newAddress(), cookie }), 429);
  });
});

describe('one address shared by many (a camp Wi-Fi, a carrier NAT)', () => {
  it("does not lock out a member with a device cookie when someone there sprays other accounts or the member's own", async () => {
    const camp = newAddress();
    const member = await t.makeUser();
    const cookie = await deviceOf(member.email, camp);
    const newcomer = await t.makeUser();
    // Someone behind the camp's address tries the member's account 10 times, then many others.
    for (let i = 0; i < THROTTLE.perAccount; i++) {
      expectError(await signIn(member.email, `neighbour-${i}`, { address: camp }), 401);
    }
    await seedAddressFailures(camp, THROTTLE.perAddress - THROTTLE.perAccount);
    // The bound per address stops a guesser without a cookie...
    const guesser = expectError(
      await signIn(`spray-${randomBytes(3).toString('hex')}@example.test`, 'x-guess-1', {
        address: camp,
      }),
      429,
    );
    expect(guesser.message).toBe(TOO_MANY);
    expectError(await signIn(member.email, DEMO_PASSWORD, { address: camp }), 429);
    // ... and whoever signs in there for the first time (the cost of a shared address).
    expectError(await signIn(newcomer.email, DEMO_PASSWORD, { address: camp }), 429);
    // The member's own browser still gets in.
    const res = await signIn(member.email, DEMO_PASSWORD, { address: camp, cookie });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('the device cookie', () => {
  it('is HttpOnly, SameSite=Strict, scoped to the sign-in paths, long-lived, and Secure over https', async () => {
    const user = await t.makeUser();
    const overHttps = await signIn(user.email, DEMO_PASSWORD, {
      address: newAddress(),
      https: true,
    });
    expect(overHttps.statusCode).toBe(200);
    const lines = setCookies(overHttps).filter((c) => c.startsWith(`${COOKIE}=`));
    const paths = lines.map((c) => /;\s*Path=([^;]+)/i.exec(c)?.[1]).sort();
    expect(paths).toEqual(['/api/login', '/api/passkeys/authentication', '/api/password']);
    for (const line of lines) {
      const attributes = line.split(';').map((a) => a.trim().toLowerCase());
      expect(attributes).toContain('httponly');
      expect(attributes).toContain('samesite=strict');
      expect(attributes).toContain('secure');
      expect(attributes.some((a) => a.startsWith('domain='))).toBe(false);
      const maxAge = Number(/;\s*Max-Age=(\d+)/i.exec(line)?.[1]);
      expect(maxAge).toBeGreaterThanOrEqual(30 * 24 * 3600);
    }
    // They carry the same value: one browser, one device.
    expect(new Set(lines.map((c) => c.split(';')[0])).size).toBe(1);
    // Over plain http (a test server on a laptop) it cannot be Secure, or it would not come back.
    const overHttp = await signIn(user.email, DEMO_PASSWORD, { address: newAddress() });
    for (const line of setCookies(overHttp).filter((c) => c.startsWith(`${COOKIE}=`))) {
      expect(line.toLowerCase()).not.toMatch(/;\s*secure/);
    }
    // Nor does a caller that is not the proxy decide it with a header.
    const direct = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: DEMO_PASSWORD },
      remoteAddress: '192.0.2.99',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(direct.statusCode).toBe(200);
    for (const line of setCookies(direct).filter((c) => c.startsWith(`${COOKIE}=`))) {
      expect(line.toLowerCase()).not.toMatch(/;\s*secure/);
    }
  });

  it('is not set on a failed sign-in', async () => {
    const user = await t.makeUser();
    const res = await signIn(user.email, 'not-it', { address: newAddress() });
    expectError(res, 401);
    expect(setCookies(res).filter((c) => c.startsWith(`${COOKIE}=`))).toEqual([]);
  });

  it('is a random token stored hashed: a made-up or altered value is worth nothing', async () => {
    const user = await t.makeUser();
    const cookie = await deviceOf(user.email);
    const value = cookie.slice(COOKIE.length + 1);
    expect(value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.db.select().from(signInDevices).where(eq(signInDevices.userId, user.id));
    expect(rows.map((r) => r.tokenHash)).toEqual([sha256(value)]);
    expect(JSON.stringify(rows)).not.toContain(value);
    await seedAccountFailures(user.email, PER_ACCOUNT_HOUR);
    const altered = `${COOKIE}=${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const forged of [
      `${COOKIE}=${randomBytes(32).toString('base64url')}`,
      altered,
      `${COOKIE}=${sha256(value)}`,
      `${COOKIE}=${user.id}`,
    ]) {
      expectError(
        await signIn(user.email, DEMO_PASSWORD, { address: newAddress(), cookie: forged }),
        429,
      );
    }
    expect(
      (await signIn(user.email, DEMO_PASSWORD, { address: newAddress(), cookie })).statusCode,
    ).toBe(200);
  });

  it('made by one process is honoured by another over the same database', async () => {
    const user = await t.makeUser();
    const cookie = await deviceOf(user.email);
    await seedAccountFailures(user.email, PER_ACCOUNT_HOUR);
    const second = await buildApp(
      { ...TEST_CONFIG, trustProxy: [PROXY] },
      { db: t.db, storage: t.storage, mailer: { delivers: true, send: async () => {} } },
    );
    try {
      const res = await second.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: DEMO_PASSWORD },
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': newAddress(), cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await second.close();
    }
  });
});
