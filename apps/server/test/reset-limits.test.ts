// Issue 32, point 7: requests for a password link. Nobody else's requests may stop the owner
// from getting a working link, and the mails one account receives stay bounded (decision 035).
// Clients are told apart as behind the load balancer: X-Forwarded-For under TRUST_PROXY.
import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { loginFailures, passwordTokens } from '../src/db/schema/auth.ts';
import { DEMO_PASSWORD } from '../src/features/demo/seed.ts';
import { RESET_LINK_SENT } from '../src/features/auth/password-routes.ts';
import { bearer, expectError, useTestApp } from './harness.ts';

const PROXY = '10.0.0.1';
const COOKIE = 'jamiya_device';
const PER_ACCOUNT_HOUR = 100;
const LINK = /\/set-password\?token=([A-Za-z0-9_-]{43})/;
const TOO_MANY_LINKS =
  'Too many requests for a password link. Please wait 15 minutes, then check your inbox and spam folder before asking again.';

let addressCount = 0;
const newAddress = () => {
  addressCount += 1;
  return `198.19.${Math.floor(addressCount / 250)}.${(addressCount % 250) + 1}`;
};
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const uniqueEmail = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.test`;

const t = useTestApp({ trustProxy: [PROXY] });

interface Client {
  address: string;
  cookie?: string | undefined;
}

function post(url: string, payload: Record<string, unknown>, client: Client, token?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: PROXY,
    headers: {
      'x-forwarded-for': client.address,
      ...(client.cookie ? { cookie: client.cookie } : {}),
      ...(token ? bearer(token) : {}),
    },
  });
}
const forgot = (email: string, client: Client) => post('/api/password/forgot', { email }, client);
const signIn = (email: string, password: string, client: Client) =>
  post('/api/login', { email, password }, client);
const setPassword = (token: string, password: string, client: Client) =>
  post('/api/password/set', { token, password, password_confirmation: password }, client);

function deviceCookieOf(res: LightMyRequestResponse): string {
  const header = res.headers['set-cookie'];
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
  const line = lines.find((c) => c.startsWith(`${COOKIE}=`));
  if (!line) throw new Error(`no device cookie in ${JSON.stringify(res.headers)}`);
  return line.split(';')[0]!;
}

async function deviceOf(email: string, address = newAddress(), password = DEMO_PASSWORD) {
  const res = await signIn(email, password, { address });
  expect(res.statusCode, res.body).toBe(200);
  return deviceCookieOf(res);
}

const mailsTo = (email: string) => t.sentMails.filter((m) => m.to === email);

/** The reset links issued to an account and not yet used or replaced. */
async function issuedLinks(userId: number) {
  const [row] = await t.db
    .select({ n: count() })
    .from(passwordTokens)
    .where(and(eq(passwordTokens.userId, userId), eq(passwordTokens.purpose, 'reset')));
  return row?.n ?? 0;
}

/**
 * Waits for the account's mails (sent after the answer) and answers the token of the one whose
 * link still works: the newest issued (mails sent at once may arrive in another order).
 */
async function newestLink(email: string, expected: number): Promise<string> {
  await vi.waitFor(() => expect(mailsTo(email)).toHaveLength(expected));
  const live = await t.db
    .select({ tokenHash: passwordTokens.tokenHash })
    .from(passwordTokens)
    .where(and(eq(passwordTokens.purpose, 'reset'), isNull(passwordTokens.usedAt)));
  const hashes = new Set(live.map((r) => r.tokenHash));
  const tokens = mailsTo(email).map((m) => LINK.exec(m.text)![1]!);
  const working = tokens.filter((token) => hashes.has(sha256(token)));
  expect(working).toHaveLength(1);
  return working[0]!;
}

async function seedAccountFailures(email: string, times: number) {
  await t.db.insert(loginFailures).values(
    Array.from({ length: times }, () => ({
      accountKey: email.toLowerCase(),
      ip: newAddress(),
      at: new Date(),
    })),
  );
}

describe('requests for a password link', () => {
  it("from many addresses are all answered alike, mail the account at most 3 times, and the owner's newest link works", async () => {
    const member = await t.makeUser();
    const ghost = uniqueEmail('ghost');
    const addresses = Array.from({ length: 15 }, newAddress);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => forgot(member.email, { address: addresses[i % 15]! })),
    );
    const forGhost = await Promise.all(
      Array.from({ length: 30 }, (_, i) => forgot(ghost, { address: addresses[i % 15]! })),
    );
    for (const res of [...answers, ...forGhost]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(RESET_LINK_SENT);
    }
    expect(await issuedLinks(member.id)).toBe(3);
    // The owner, on a new phone, asks too: the same answer, and the newest mail's link works.
    const owner = await forgot(member.email, { address: newAddress() });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().message).toBe(RESET_LINK_SENT);
    const token = await newestLink(member.email, 3);
    const set = await setPassword(token, 'a sound new passphrase', { address: newAddress() });
    expect(set.statusCode, set.body).toBe(200);
  });

  it('from the browser where the account signed in before get a fresh link, within an allowance of its own', async () => {
    const member = await t.makeUser();
    const home = newAddress();
    const cookie = await deviceOf(member.email, home);
    for (let i = 0; i < 6; i++) {
      expect((await forgot(member.email, { address: newAddress() })).statusCode).toBe(200);
    }
    await newestLink(member.email, 3);
    // The owner's browser: three more mails in 15 minutes, each link the newest and working.
    for (let i = 0; i < 3; i++) {
      const res = await forgot(member.email, { address: home, cookie });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(RESET_LINK_SENT);
      await newestLink(member.email, 4 + i);
    }
    const body = expectError(await forgot(member.email, { address: home, cookie }), 429);
    expect(body.message).toBe(TOO_MANY_LINKS);
    // Six mails in all: three from anyone's requests, three from the owner's browser.
    expect(await issuedLinks(member.id)).toBe(6);
    const token = await newestLink(member.email, 6);
    expect((await setPassword(token, 'a sound new passphrase', { address: home })).statusCode).toBe(
      200,
    );
  });

  it("are bounded per address, but not the member's browser behind the same address", async () => {
    const camp = newAddress();
    const member = await t.makeUser();
    const cookie = await deviceOf(member.email, camp);
    for (let i = 0; i < 10; i++) {
      expect((await forgot(uniqueEmail('spray'), { address: camp })).statusCode).toBe(200);
    }
    expect(expectError(await forgot(uniqueEmail('spray'), { address: camp }), 429).message).toBe(
      TOO_MANY_LINKS,
    );
    expectError(await forgot(member.email, { address: camp }), 429);
    const res = await forgot(member.email, { address: camp, cookie });
    expect(res.statusCode, res.body).toBe(200);
    await newestLink(member.email, 1);
  });
});

describe('a new password ends the trust of the other browsers', () => {
  it('set with a link: the browser that used the link is trusted, the old ones no longer', async () => {
    const member = await t.makeUser();
    const old = await deviceOf(member.email);
    const phone = newAddress();
    expect((await forgot(member.email, { address: phone })).statusCode).toBe(200);
    const res = await setPassword(await newestLink(member.email, 1), 'a sound new passphrase', {
      address: phone,
    });
    expect(res.statusCode, res.body).toBe(200);
    const trusted = deviceCookieOf(res);
    await seedAccountFailures(member.email, PER_ACCOUNT_HOUR);
    expect(
      (await signIn(member.email, 'a sound new passphrase', { address: phone, cookie: trusted }))
        .statusCode,
    ).toBe(200);
    expectError(
      await signIn(member.email, 'a sound new passphrase', { address: newAddress(), cookie: old }),
      429,
    );
  });

  it('changed while signed in: this browser stays trusted, the others no longer', async () => {
    const member = await t.makeUser();
    const other = await deviceOf(member.email);
    const here = newAddress();
    const first = await signIn(member.email, DEMO_PASSWORD, { address: here });
    const res = await post(
      '/api/profile/password/update',
      {
        old_password: DEMO_PASSWORD,
        password: 'a sound new passphrase',
        password_confirmation: 'a sound new passphrase',
      },
      { address: here },
      first.json().access_token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const trusted = deviceCookieOf(res);
    await seedAccountFailures(member.email, PER_ACCOUNT_HOUR);
    expect(
      (await signIn(member.email, 'a sound new passphrase', { address: here, cookie: trusted }))
        .statusCode,
    ).toBe(200);
    expectError(
      await signIn(member.email, 'a sound new passphrase', {
        address: newAddress(),
        cookie: other,
      }),
      429,
    );
  });

  it('no unused reset link is left behind by requests that mailed nothing', async () => {
    const member = await t.makeUser();
    for (let i = 0; i < 5; i++) await forgot(member.email, { address: newAddress() });
    const live = await t.db
      .select({ n: count() })
      .from(passwordTokens)
      .where(and(eq(passwordTokens.userId, member.id), isNull(passwordTokens.usedAt)));
    expect(live[0]?.n).toBe(1);
  });
});
