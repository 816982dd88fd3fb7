import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeys } from '../src/db/schema/auth.ts';
import { sessions } from '../src/db/schema/sessions.ts';
import { users } from '../src/db/schema/users.ts';
import { loanGuarantees, loans } from '../src/db/schema/loans.ts';
import { notify } from '../src/features/notifications/notify.ts';
import {
  bearer,
  createTestApp,
  expectError,
  multipart,
  type TestApp,
  useTestApp,
} from './harness.ts';

/**
 * ASVS V4 / API1, API5: every route of the OpenAPI document, tried by seven callers. Path
 * parameters are member A's own resources, so member B's answers also prove that A's things
 * are out of B's reach.
 */

type Caller = 'none' | 'forged' | 'expired' | 'revoked' | 'memberA' | 'memberB' | 'admin';
const BAD_CALLERS: Caller[] = ['none', 'forged', 'expired', 'revoked'];
const CALLERS: Caller[] = [...BAD_CALLERS, 'memberB', 'memberA', 'admin'];

interface Route {
  method: string;
  path: string;
  access: 'public' | 'member' | 'admin';
  body: 'none' | 'json' | 'multipart';
}

interface Answer {
  caller: Caller;
  route: Route;
  url: string;
  res: LightMyRequestResponse;
}

function thisMonthInDubai(): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'Asia/Dubai' }).format(
    new Date(),
  );
}

const fileId = (url: string) => url.replace('/api/files/', '');

describe('the access matrix over every route of the OpenAPI document', () => {
  const t = useTestApp();
  let routes: Route[] = [];
  const tokens = {} as Record<Caller, string | null>;
  const answers: Answer[] = [];
  const ids = {
    userA: 0,
    loanA: 0,
    paymentA: 0,
    notificationA: 0,
    rechargeA: 0,
    guaranteeA: 0,
    passkeyA: 0,
  };
  const filesA = { receipt: '', photo: '', attachment: '' };
  // Strings that appear only in member A's data: B must never see them.
  const markerA = {
    account: `ACCT-A-${randomBytes(3).toString('hex')}`,
    message: `secret message of A ${randomBytes(3).toString('hex')}`,
    name: `Alice Matrix ${randomBytes(2).toString('hex')}`,
  };
  let uniqueIdA = '';
  let emailA = '';
  let emailB = '';
  let emailAdmin = '';

  async function send(options: InjectOptions): Promise<LightMyRequestResponse> {
    return t.app.inject(options);
  }

  function urlFor(route: Route): string {
    return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const p = route.path;
      if (p.startsWith('/api/files/')) return fileId(filesA.receipt);
      if (p.startsWith('/api/my-loans/') || p.startsWith('/api/admin/loans/'))
        return String(ids.loanA);
      if (p.startsWith('/api/notifications/')) return String(ids.notificationA);
      if (p.startsWith('/api/passkeys/')) return String(ids.passkeyA);
      if (p.startsWith('/api/guarantees/')) return String(ids.guaranteeA);
      if (p.startsWith('/api/admin/payments/')) return String(ids.paymentA);
      if (p.startsWith('/api/admin/recharge-requests/')) return String(ids.rechargeA);
      if (name === 'period') return '2020-01';
      if (p.startsWith('/api/admin/members/') || name === 'memberId') return String(ids.userA);
      return '1';
    });
  }

  async function call(route: Route, caller: Caller): Promise<Answer> {
    let token = tokens[caller];
    // Signing out as a good caller would end the session the rest of the walk uses.
    if (route.path === '/api/logout' && (caller === 'memberA' || caller === 'memberB')) {
      token = await t.login(caller === 'memberA' ? emailA : emailB);
    }
    if (route.path === '/api/logout' && caller === 'admin') token = await t.login(emailAdmin);
    const url = urlFor(route);
    const options: InjectOptions = {
      method: route.method as InjectOptions['method'],
      url,
      headers: token ? bearer(token) : {},
    };
    if (route.body === 'json') options.payload = {};
    if (route.body === 'multipart') {
      const { payload, headers } = multipart({});
      options.payload = payload;
      options.headers = { ...options.headers, ...headers };
    }
    const res = await send(options);
    const answer = { caller, route, url, res };
    answers.push(answer);
    return answer;
  }

  beforeAll(async () => {
    const jpeg = await sharp({
      create: { width: 24, height: 16, channels: 3, background: '#e0e0e0' },
    })
      .jpeg()
      .toBuffer();
    const a = await t.makeUser({ joinedOn: '2025-01-01' });
    const b = await t.makeUser({ joinedOn: '2025-01-01' });
    // An admin who is a member too passes both guards; an admin-only account is refused the
    // member area (test/money-rules.test.ts).
    const admin = await t.makeUser({ role: 'admin', isMember: true });
    ids.userA = a.id;
    emailA = a.email;
    emailB = b.email;
    emailAdmin = admin.email;
    uniqueIdA = (await t.db.select().from(users).where(eq(users.id, a.id)))[0]!.uniqueId;
    tokens.none = null;
    tokens.forged = randomBytes(32).toString('base64url');
    tokens.memberA = await t.login(a.email);
    tokens.memberB = await t.login(b.email);
    tokens.admin = await t.login(admin.email);
    tokens.expired = await t.login(a.email);
    tokens.revoked = await t.login(a.email);
    expect(
      (await send({ method: 'POST', url: '/api/logout', headers: bearer(tokens.revoked) }))
        .statusCode,
    ).toBe(200);
    // The newest live session of A is the one to age past its absolute expiry.
    const aSessions = await t.db.select().from(sessions).where(eq(sessions.userId, a.id));
    const newestLive = aSessions
      .filter((s) => !s.revokedAt)
      .sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime())[0]!;
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.id, newestLive.id));
    expectError(await send({ url: '/api/profile', headers: bearer(tokens.expired) }), 401);
    expect((await send({ url: '/api/profile', headers: bearer(tokens.memberA) })).statusCode).toBe(
      200,
    );

    // Member A's own things: a payment with its receipt, a profile photo, a message with an
    // attachment, a loan application, a recharge request and a notification.
    const asA = (extra: InjectOptions) =>
      send({ ...extra, headers: { ...extra.headers, ...bearer(tokens.memberA!) } });
    const paid = multipart(
      { payment_amount: '200', month: thisMonthInDubai(), account_number: markerA.account },
      { photo: { filename: 'r.jpg', contentType: 'image/jpeg', data: jpeg } },
    );
    const payment = await asA({
      method: 'POST',
      url: '/api/save-monthly-payment',
      payload: paid.payload,
      headers: paid.headers,
    });
    expect(payment.statusCode, payment.body).toBe(200);
    ids.paymentA = payment.json().payment.id;
    const myPayments = await asA({ url: '/api/my-payments' });
    filesA.receipt = myPayments.json().items[0].receipt_url;

    const profile = multipart(
      { name: markerA.name, address: 'Deira, Dubai', wallet: '0501234567' },
      { image: { filename: 'me.jpg', contentType: 'image/jpeg', data: jpeg } },
    );
    const updated = await asA({
      method: 'POST',
      url: '/api/profile/update',
      payload: profile.payload,
      headers: profile.headers,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    filesA.photo = updated.json().userData.image;

    const msg = multipart(
      { body: markerA.message },
      { attachment: { filename: 'a.jpg', contentType: 'image/jpeg', data: jpeg } },
    );
    const sent = await asA({
      method: 'POST',
      url: '/api/messages',
      payload: msg.payload,
      headers: msg.headers,
    });
    expect([200, 201], sent.body).toContain(sent.statusCode);
    filesA.attachment = sent.json().item.attachment.url;

    const loan = multipart({
      loan_amount: '1000',
      duration_month: '3',
      bank_account: markerA.account,
      passport_or_nid: 'P-A-1',
    });
    const applied = await asA({
      method: 'POST',
      url: '/api/loan-application',
      payload: loan.payload,
      headers: loan.headers,
    });
    expect([200, 201], applied.body).toContain(applied.statusCode);
    ids.loanA = applied.json().loan.id;

    const recharge = await asA({
      method: 'POST',
      url: '/api/recharge-requests',
      payload: { operator: 'jio', number: '9876543210', amount: 50 },
    });
    expect([200, 201], recharge.body).toContain(recharge.statusCode);
    ids.rechargeA = recharge.json().request.id;
    // A is asked to stand guarantor for another member's loan.
    const c = await t.makeUser({ joinedOn: '2025-01-01' });
    const [loanC] = await t.db
      .insert(loans)
      .values({
        userId: c.id,
        loanType: 'personal',
        amountFils: 100_000,
        termMonths: 6,
        interestPermille: 70,
        totalFils: 107_000,
        perMonthFils: 17_833,
        bankAccount: '1',
        passportOrNid: 'P1',
      })
      .returning();
    const [guarantee] = await t.db
      .insert(loanGuarantees)
      .values({ loanId: loanC!.id, guarantorId: a.id, amountFils: 10_000 })
      .returning();
    ids.guaranteeA = guarantee!.id;

    await notify(t.db, {
      userId: a.id,
      kind: 'payment_approved',
      text: 'asWritten',
      values: { title: 'For A only', body: markerA.message },
    });
    const [passkey] = await t.db
      .insert(passkeys)
      .values({ userId: a.id, credentialId: 'cred-a', publicKey: 'key', transports: [], name: 'A' })
      .returning();
    ids.passkeyA = passkey!.id;
    const inbox = await asA({ url: '/api/notifications' });
    ids.notificationA = inbox.json().items[0].id;
    for (const url of Object.values(filesA)) expect(url).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);

    const doc = (await send({ url: '/api/openapi.json' })).json() as {
      paths: Record<
        string,
        Record<string, { security?: unknown[]; requestBody?: { content: Record<string, unknown> } }>
      >;
    };
    routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => {
        const content = Object.keys(op.requestBody?.content ?? {});
        return {
          method: method.toUpperCase(),
          path,
          access: !op.security?.length
            ? ('public' as const)
            : path.startsWith('/api/admin/')
              ? ('admin' as const)
              : ('member' as const),
          body: content.includes('application/json')
            ? ('json' as const)
            : content.includes('multipart/form-data')
              ? ('multipart' as const)
              : ('none' as const),
        };
      }),
    );
    for (const caller of CALLERS) for (const route of routes) await call(route, caller);
  });

  it('found every route of the document, public, member and admin', () => {
    expect(routes.length).toBeGreaterThan(60);
    // A new route without a token check has to be added here on purpose.
    expect(
      routes
        .filter((r) => r.access === 'public')
        .map((r) => `${r.method} ${r.path}`)
        .sort(),
    ).toEqual([
      'GET /api/health',
      'GET /api/settings',
      'POST /api/applications',
      'POST /api/login',
      'POST /api/passkeys/authentication',
      'POST /api/passkeys/authentication/options',
      'POST /api/password/forgot',
      'POST /api/password/set',
    ]);
    expect(routes.filter((r) => r.access === 'admin').length).toBeGreaterThan(30);
    // Every route under /api/admin is declared as secured.
    expect(routes.filter((r) => r.path.startsWith('/api/admin/') && r.access !== 'admin')).toEqual(
      [],
    );
    expect(answers.length).toBe(routes.length * CALLERS.length);
  });

  it('never answers 500, to anyone', () => {
    const failures = answers
      .filter((a) => a.res.statusCode >= 500)
      .map((a) => `${a.caller} ${a.route.method} ${a.url} → ${a.res.statusCode} ${a.res.body}`);
    expect(failures).toEqual([]);
  });

  it('public routes answer every caller, whatever token comes with the request', () => {
    const failures = answers
      .filter((a) => a.route.access === 'public' && [401, 403].includes(a.res.statusCode))
      .map((a) => `${a.caller} ${a.route.method} ${a.url} → ${a.res.statusCode}`);
    expect(failures).toEqual([]);
  });

  it('member and admin routes answer 401 with the error shape to no, forged, expired and revoked tokens', () => {
    const failures: string[] = [];
    for (const a of answers) {
      if (a.route.access === 'public' || !BAD_CALLERS.includes(a.caller)) continue;
      try {
        expectError(a.res, 401);
      } catch (error) {
        failures.push(`${a.caller} ${a.route.method} ${a.url}: ${(error as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('admin routes answer 403 to members A and B, and the admin gets past the guard', () => {
    const failures: string[] = [];
    for (const a of answers) {
      if (a.route.access !== 'admin') continue;
      if (a.caller === 'memberA' || a.caller === 'memberB') {
        try {
          expectError(a.res, 403);
        } catch (error) {
          failures.push(`${a.caller} ${a.route.method} ${a.url}: ${(error as Error).message}`);
        }
      }
      if (a.caller === 'admin' && [401, 403].includes(a.res.statusCode))
        failures.push(`admin ${a.route.method} ${a.url} → ${a.res.statusCode} ${a.res.body}`);
    }
    expect(failures).toEqual([]);
  });

  it('member routes let members A and B and the admin past the guard', () => {
    const failures = answers
      .filter(
        (a) =>
          a.route.access === 'member' &&
          ['memberA', 'memberB', 'admin'].includes(a.caller) &&
          [401, 403].includes(a.res.statusCode),
      )
      .map((a) => `${a.caller} ${a.route.method} ${a.url} → ${a.res.statusCode} ${a.res.body}`);
    expect(failures).toEqual([]);
  });

  it("member B gets 404 for each of A's resources addressed by id in the walk", () => {
    const byId = answers.filter(
      (a) => a.caller === 'memberB' && a.route.access === 'member' && a.route.path.includes('{'),
    );
    expect(byId.map((a) => a.route.path).sort()).toEqual([
      '/api/files/{id}',
      '/api/guarantees/{id}/accept',
      '/api/guarantees/{id}/decline',
      '/api/my-dues/{period}/salary-late',
      '/api/my-loans/{id}/repayments',
      '/api/my-loans/{id}/withdraw',
      '/api/notifications/{id}/read',
      '/api/passkeys/{id}',
    ]);
    for (const a of byId) {
      // The walk sends an empty form: a repayment's fields are checked before its loan is
      // looked up, so nothing about A's loan is told (the 404 is in test/money-rules.test.ts).
      expectError(a.res, a.route.path === '/api/my-loans/{id}/repayments' ? 422 : 404);
    }
  });

  it("member B gets 404 for A's receipt, profile photo and message attachment, as for no file at all", async () => {
    const missing = expectError(
      await send({
        url: '/api/files/00000000-0000-4000-8000-000000000000',
        headers: bearer(tokens.memberB!),
      }),
      404,
    );
    for (const url of Object.values(filesA)) {
      const res = await send({ url, headers: bearer(tokens.memberB!) });
      expect(expectError(res, 404), url).toEqual(missing);
      // A itself and the admin do read them.
      expect((await send({ url, headers: bearer(tokens.admin!) })).statusCode, url).toBe(200);
    }
  });

  it("member B withdrawing A's loan or reading A's notification answers 404 and changes nothing", async () => {
    const fresh = await t.makeUser({ joinedOn: '2025-01-01' });
    const token = await t.login(fresh.email);
    const loan = multipart({
      loan_amount: '1000',
      duration_month: '3',
      bank_account: 'X-1',
      passport_or_nid: 'P-X',
    });
    const applied = await send({
      method: 'POST',
      url: '/api/loan-application',
      payload: loan.payload,
      headers: { ...loan.headers, ...bearer(token) },
    });
    expect([200, 201], applied.body).toContain(applied.statusCode);
    const loanId = applied.json().loan.id as number;
    await notify(t.db, {
      userId: fresh.id,
      kind: 'payment_approved',
      text: 'asWritten',
      values: { title: 'T', body: 'B' },
    });
    const notificationId = (
      await send({ url: '/api/notifications', headers: bearer(token) })
    ).json().items[0].id as number;

    expectError(
      await send({
        method: 'POST',
        url: `/api/my-loans/${loanId}/withdraw`,
        headers: bearer(tokens.memberB!),
        payload: {},
      }),
      404,
    );
    expectError(
      await send({
        method: 'POST',
        url: `/api/notifications/${notificationId}/read`,
        headers: bearer(tokens.memberB!),
      }),
      404,
    );
    const loans = (await send({ url: '/api/my-loans', headers: bearer(token) })).json().items;
    expect(loans[0]).toMatchObject({ id: loanId, state: 'pending' });
    const unread = (
      await send({ url: '/api/notifications/unread-count', headers: bearer(token) })
    ).json();
    expect(unread).toEqual({ unread: 1 });
  });

  it("nothing of A's (payments, loans, messages, notifications, statement, recharges, files) shows in B's answers", async () => {
    const markers = [
      markerA.account,
      markerA.message,
      markerA.name,
      emailA,
      uniqueIdA,
      ...Object.values(filesA).map(fileId),
    ];
    const extra = ['/api/my-statement?format=csv', '/api/messages?limit=100'];
    const bodies = answers.filter((a) => a.caller === 'memberB').map((a) => a.res.body);
    for (const url of extra)
      bodies.push((await send({ url, headers: bearer(tokens.memberB!) })).body);
    expect(bodies.length).toBeGreaterThan(0);
    for (const body of bodies) for (const m of markers) expect(body).not.toContain(m);
    // The same lists do show A's things to A, so the check above is not vacuous.
    const own = answers
      .filter((a) => a.caller === 'memberA')
      .map((a) => a.res.body)
      .join('\n');
    for (const m of [markerA.account, markerA.message, markerA.name]) expect(own).toContain(m);
  });

  it('no answer of the walk carries a password hash or a token hash', async () => {
    const passwordHashes = (await t.db.select({ h: users.passwordHash }).from(users)).map(
      (r) => r.h,
    );
    const tokenHashes = (await t.db.select({ h: sessions.tokenHash }).from(sessions)).map(
      (r) => r.h,
    );
    expect(passwordHashes.every((h) => h.startsWith('$argon2'))).toBe(true);
    expect(tokenHashes.length).toBeGreaterThan(5);
    const secrets = [...passwordHashes, ...tokenHashes];
    const leaks: string[] = [];
    for (const a of answers) {
      const text = `${a.res.body}\n${JSON.stringify(a.res.headers)}`;
      if (text.includes('$argon2')) leaks.push(`${a.caller} ${a.url}: $argon2`);
      for (const s of secrets) if (text.includes(s)) leaks.push(`${a.caller} ${a.url}: ${s}`);
    }
    expect(leaks).toEqual([]);
  });
});

describe('mass assignment on POST /api/profile/update', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('ignores role, status, balance, unique_id and email, and changes only the profile fields', async () => {
    const member = await t.makeUser({ joinedOn: '2025-01-01' });
    const other = await t.makeUser();
    const token = await t.login(member.email);
    const [before] = await t.db.select().from(users).where(eq(users.id, member.id));
    const account = (
      await t.app.inject({ url: '/api/my-account-data', headers: bearer(token) })
    ).json().myAccountData;
    const { payload, headers } = multipart({
      name: 'Renamed Member',
      address: 'Karama, Dubai',
      wallet: '0509876543',
      role: 'admin',
      status: '0',
      balance: '999999',
      account_balance: '999999',
      unique_id: 'HACKED-1',
      email: other.email,
      id: String(other.id),
      password_hash: '$argon2id$v=19$m=19456,t=2,p=1$forged',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profile/update',
      payload,
      headers: { ...headers, ...bearer(token) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [after] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(after).toMatchObject({
      name: 'Renamed Member',
      address: 'Karama, Dubai',
      wallet: '0509876543',
      role: before!.role,
      status: before!.status,
      uniqueId: before!.uniqueId,
      email: before!.email,
      passwordHash: before!.passwordHash,
    });
    expect(after!.role).toBe('member');
    const [otherAfter] = await t.db.select().from(users).where(eq(users.id, other.id));
    expect(otherAfter!.name).toBe(other.name);
    const accountAfter = (
      await t.app.inject({ url: '/api/my-account-data', headers: bearer(token) })
    ).json().myAccountData;
    expect(accountAfter.account_balance).toBe(account.account_balance);
    expect(accountAfter.owner_data.unique_id).toBe(before!.uniqueId);
    // Still a member: the admin routes stay closed.
    expectError(await t.app.inject({ url: '/api/admin/members', headers: bearer(token) }), 403);
  });
});
