import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loginResponse } from '@jamiya/contracts/auth';
import {
  bearer,
  createTestApp,
  expectError,
  type TestApp,
  useTestApp,
} from '../../../test/harness.ts';
import { startSmtpInbox, type SmtpInbox } from '../../../test/smtp-inbox.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { loginFailures, passwordTokens } from '../../db/schema/auth.ts';
import { membershipApplications } from '../../db/schema/membership.ts';
import { users } from '../../db/schema/users.ts';
import { DEMO_PASSWORD } from '../demo/seed.ts';
import {
  issuePasswordLink,
  PASSWORD_LINK_TTL_MS,
  sendPasswordLinkMail,
  setPasswordWithLink,
} from '../auth/password-links.ts';
import { createMailer } from '../mail/mailer.ts';
import { PASSWORD_SET, RESET_LINK_SENT } from '../auth/password-routes.ts';
import { RESET_LIMIT } from '../auth/reset-request.ts';
import { APPLICATION_RECEIVED } from './routes.ts';
import { APPLICATION_LIMIT } from './join.ts';

const LINK = /^http:\/\/jamiya\.test\/set-password\?token=([A-Za-z0-9_-]{43})$/m;
const NEW_PASSWORD = 'a brand new passphrase';
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const uniqueEmail = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.test`;
let addressCounter = 0;
/** A fresh client address per test, so that the limits per address do not mix tests. */
const newAddress = () => {
  addressCounter += 1;
  return `198.18.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

function tokenOf(text: string): string {
  const match = LINK.exec(text);
  if (!match) throw new Error(`no set-password link in:\n${text}`);
  return match[1]!;
}

function applicant(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Fatima Noor',
    email: uniqueEmail('applicant'),
    mobile: '+971 50 123 4567',
    national_id: 'P1234567',
    address: 'Flat 12, Al Nahda, Dubai',
    ...overrides,
  };
}

function client(get: () => TestApp) {
  const post = (url: string, payload: unknown, extra: Partial<InjectOptions> = {}) =>
    get().app.inject({
      method: 'POST',
      url,
      payload: payload as InjectOptions['payload'],
      ...extra,
    });
  return {
    apply: (body: unknown, remoteAddress = newAddress()) =>
      post('/api/applications', body, { remoteAddress }),
    forgot: (email: unknown, remoteAddress = newAddress()) =>
      post('/api/password/forgot', { email }, { remoteAddress }),
    setPassword: (token: string, password = NEW_PASSWORD, confirmation = password) =>
      post('/api/password/set', { token, password, password_confirmation: confirmation }),
    signIn: (email: string, password: string, remoteAddress = newAddress()) =>
      post('/api/login', { email, password }, { remoteAddress }),
  };
}

/** The reset mail goes out after the answer: wait for it. */
async function mailFor(t: TestApp, to: string) {
  return vi.waitFor(
    () => {
      const mails = t.sentMails.filter((m) => m.to === to);
      if (!mails.length) throw new Error(`no mail to ${to} yet`);
      return mails.at(-1)!;
    },
    { timeout: 5_000, interval: 10 },
  );
}

/** Asks for a reset link and answers its token, read from the mail. */
async function resetToken(t: TestApp, email: string): Promise<string> {
  const before = t.sentMails.length;
  const res = await client(() => t).forgot(email);
  expect(res.statusCode, res.body).toBe(200);
  await vi.waitFor(() => expect(t.sentMails.length).toBeGreaterThan(before), { timeout: 5_000 });
  return tokenOf((await mailFor(t, email)).text);
}

describe('POST /api/applications (Join Now)', () => {
  const t = useTestApp();
  const c = client(() => t);

  const rowsFor = (email: string) =>
    t.db
      .select()
      .from(membershipApplications)
      .where(eq(sql`lower(${membershipApplications.email})`, email.toLowerCase()));

  it('answers 201 with a message and stores a pending application with the address', async () => {
    const body = applicant({ name: '  Fatima Noor ', email: uniqueEmail('Join.Case') });
    const res = await c.apply(body, '192.0.2.10');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: APPLICATION_RECEIVED });
    const rows = await rowsFor(body.email as string);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Fatima Noor',
      email: body.email,
      mobile: '+971 50 123 4567',
      nationalId: 'P1234567',
      address: 'Flat 12, Al Nahda, Dubai',
      status: 'pending',
      ip: '192.0.2.10',
      memberId: null,
      decidedBy: null,
    });
    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'application.submit'), eq(auditLog.targetId, String(rows[0]!.id))),
      );
    expect(audited).toMatchObject({ actorId: null, targetType: 'membership_application' });
    expect(audited!.ip).toBe('192.0.2.10');
  });

  it('answers the same to a second application with the same email, and keeps one row', async () => {
    const body = applicant();
    const first = await c.apply(body);
    const again = await c.apply({ ...body, email: (body.email as string).toUpperCase() });
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    expect(await rowsFor(body.email as string)).toHaveLength(1);
  });

  it('answers the same to the email of a member, and stores nothing', async () => {
    const member = await t.makeUser();
    const stranger = await c.apply(applicant());
    const res = await c.apply(applicant({ email: member.email }));
    expect(res.statusCode).toBe(201);
    expect(res.body).toBe(stranger.body);
    expect(await rowsFor(member.email)).toEqual([]);
  });

  it('answers 422 with an error per missing field', async () => {
    const body = expectError(await c.apply({}), 422);
    expect(Object.keys(body.errors ?? {}).sort()).toEqual([
      'address',
      'email',
      'mobile',
      'name',
      'national_id',
    ]);
  });

  it.each([
    ['an email that is not one', { email: 'not-an-email' }, ['email']],
    ['a mobile with letters', { mobile: 'call me' }, ['mobile']],
    ['a too short mobile', { mobile: '12345' }, ['mobile']],
    ['a blank name', { name: '   ' }, ['name']],
    ['a name of 101 characters', { name: 'n'.repeat(101) }, ['name']],
    ['an ID of 41 characters', { national_id: '9'.repeat(41) }, ['national_id']],
    ['an address with a control character', { address: 'Dubai\u0000' }, ['address']],
    ['a number for the address', { address: 42 }, ['address']],
  ])('answers 422 to %s', async (_label, overrides, fields) => {
    const body = expectError(await c.apply(applicant(overrides)), 422);
    expect(Object.keys(body.errors ?? {}).sort()).toEqual(fields);
  });

  it('answers 400 in the error shape to a body that is not JSON', async () => {
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/applications',
        headers: { 'content-type': 'application/json' },
        payload: '{"name":',
      }),
      400,
    );
  });

  it(`takes at most ${APPLICATION_LIMIT.perAddress} applications per address and hour`, async () => {
    const address = '203.0.113.50';
    for (let i = 0; i < APPLICATION_LIMIT.perAddress; i++) {
      expect((await c.apply(applicant(), address)).statusCode).toBe(201);
    }
    const refused = expectError(await c.apply(applicant(), address), 429);
    expect(refused.message).toMatch(/too many applications/i);
    // Refused the same way for a member's email: the limit tells nothing about who is a member.
    const member = await t.makeUser();
    expect(expectError(await c.apply(applicant({ email: member.email }), address), 429)).toEqual(
      refused,
    );
    const [{ n }] = (await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(membershipApplications)
      .where(eq(membershipApplications.ip, address))) as [{ n: number }];
    expect(n).toBe(APPLICATION_LIMIT.perAddress);
    // Another address is not affected.
    expect((await c.apply(applicant(), '203.0.113.51')).statusCode).toBe(201);
    // An hour later the address may apply again.
    await t.db
      .update(loginFailures)
      .set({ at: new Date(Date.now() - APPLICATION_LIMIT.windowMs - 60_000) })
      .where(eq(loginFailures.ip, `apply:${address}`));
    expect((await c.apply(applicant(), address)).statusCode).toBe(201);
  });

  it("counts every attempt, so a member's email answers like any other to the end", async () => {
    // A known email stores no application: counted by rows, the sixth attempt would pass and
    // tell the sender that the five emails were members'.
    const address = '203.0.113.70';
    const member = await t.makeUser();
    for (let i = 0; i < APPLICATION_LIMIT.perAddress; i++) {
      expect((await c.apply(applicant({ email: member.email }), address)).statusCode).toBe(201);
    }
    expectError(await c.apply(applicant(), address), 429);
    expectError(await c.apply(applicant({ email: member.email }), address), 429);
  });

  it('holds to the limit when the applications arrive all at once', async () => {
    const address = '203.0.113.60';
    const results = await Promise.all(
      Array.from({ length: 12 }, () => c.apply(applicant(), address)),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(APPLICATION_LIMIT.perAddress);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - APPLICATION_LIMIT.perAddress);
  });
});

describe('forgot password and the one-time link', () => {
  const t = useTestApp();
  const c = client(() => t);

  it('answers the same to an unknown and a known email, and mails only the known one', async () => {
    const member = await t.makeUser();
    const unknownEmail = uniqueEmail('nobody');
    const unknown = await c.forgot(unknownEmail);
    const known = await c.forgot(member.email.toUpperCase());
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: RESET_LINK_SENT });
    expect(known.headers['content-type']).toBe(unknown.headers['content-type']);

    const mail = await mailFor(t, member.email);
    expect(mail.subject).toMatch(/password/i);
    expect(mail.text).toContain(`Dear ${member.name},`);
    expect(mail.text).toMatch(/works once, until .* \(UAE time\)/);
    const token = tokenOf(mail.text);
    expect(t.sentMails.some((m) => m.to === unknownEmail)).toBe(false);

    // Only the SHA-256 of the token is stored, with a 24-hour expiry.
    const rows = await t.db
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.userId, member.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.purpose).toBe('reset');
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(PASSWORD_LINK_TTL_MS);
  });

  it('sets the password with the link: the new one signs in, the old does not, sessions end', async () => {
    const member = await t.makeUser();
    const session = await t.login(member.email);
    const token = await resetToken(t, member.email);
    // Asking for a link changes nothing yet.
    expect((await t.app.inject({ url: '/api/profile', headers: bearer(session) })).statusCode).toBe(
      200,
    );

    const res = await c.setPassword(token);
    expect(res.statusCode, res.body).toBe(200);
    // This browser is signed in (issue 33): the link came to the member's mailbox.
    const answer = loginResponse.parse(res.json());
    expect(answer).toMatchObject({ message: PASSWORD_SET, token_type: 'Bearer' });
    const mine = await t.app.inject({ url: '/api/profile', headers: bearer(answer.access_token) });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().userData.id).toBe(member.id);

    expectError(await t.app.inject({ url: '/api/profile', headers: bearer(session) }), 401);
    expectError(await c.signIn(member.email, DEMO_PASSWORD), 401);
    const signedIn = await c.signIn(member.email, NEW_PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);

    const [row] = await t.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, member.id));
    expect(row!.hash).toMatch(/^\$argon2id\$/);
    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'user.password_set_by_link'),
          eq(auditLog.targetId, `${member.id}`),
        ),
      );
    expect(audited).toMatchObject({ actorId: member.id, targetType: 'user' });
  });

  it('works once: a second use answers 422 on errors.token', async () => {
    const member = await t.makeUser();
    const token = await resetToken(t, member.email);
    expect((await c.setPassword(token)).statusCode).toBe(200);
    const body = expectError(await c.setPassword(token, 'yet another passphrase'), 422);
    expect(body.message).toBe('This link has expired or was already used. Ask for a new one.');
    expect(Object.keys(body.errors ?? {})).toEqual(['token']);
    expect((await c.signIn(member.email, NEW_PASSWORD)).statusCode).toBe(200);
    expectError(await c.signIn(member.email, 'yet another passphrase'), 401);
  });

  it('expires after 24 hours', async () => {
    const member = await t.makeUser();
    const token = await resetToken(t, member.email);
    const later = new Date(Date.now() + 25 * 3_600_000);
    await expect(
      setPasswordWithLink(t.db, { token, password: NEW_PASSWORD, now: later }),
    ).rejects.toMatchObject({ statusCode: 422, errors: { token: [expect.any(String)] } });
    // The same through the API, once the clock has passed the expiry.
    await t.db
      .update(passwordTokens)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(passwordTokens.tokenHash, sha256(token)));
    expectError(await c.setPassword(token), 422);
    expect((await c.signIn(member.email, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('still works just before the 24 hours are up', async () => {
    const member = await t.makeUser();
    const now = new Date();
    const link = await issuePasswordLink(t.db, {
      userId: member.id,
      purpose: 'reset',
      createdBy: null,
      publicUrl: 'http://jamiya.test',
      now,
    });
    expect(link.expiresAt.getTime()).toBe(now.getTime() + PASSWORD_LINK_TTL_MS);
    expect(link.url).toBe(`http://jamiya.test/set-password?token=${link.token}`);
    await expect(
      setPasswordWithLink(t.db, {
        token: link.token,
        password: NEW_PASSWORD,
        now: new Date(now.getTime() + 23 * 3_600_000),
      }),
    ).resolves.toEqual({ userId: member.id });
  });

  it('voids the earlier links when a newer one is issued', async () => {
    const member = await t.makeUser();
    const older = await resetToken(t, member.email);
    const newer = await resetToken(t, member.email);
    expect(newer).not.toBe(older);
    expectError(await c.setPassword(older), 422);
    expect((await c.setPassword(newer)).statusCode).toBe(200);
  });

  it('keeps an invitation when anyone asks for a reset; using either link ends the other', async () => {
    const member = await t.makeUser();
    const invite = await issuePasswordLink(t.db, {
      userId: member.id,
      purpose: 'invite',
      createdBy: null,
      publicUrl: 'http://jamiya.test',
    });
    // An anonymous request for the invitee's email must not cancel the invitation.
    const reset = await resetToken(t, member.email);
    expect((await c.setPassword(invite.token)).statusCode).toBe(200);
    expectError(await c.setPassword(reset), 422);
  });

  it('refuses a common password and keeps the link usable', async () => {
    const member = await t.makeUser();
    const token = await resetToken(t, member.email);
    const body = expectError(await c.setPassword(token, 'Password123'), 422);
    expect(Object.keys(body.errors ?? {})).toEqual(['password']);
    expect((await c.setPassword(token)).statusCode).toBe(200);
  });

  it('answers 422 on errors.password_confirmation when the two passwords differ', async () => {
    const member = await t.makeUser();
    const token = await resetToken(t, member.email);
    const body = expectError(await c.setPassword(token, NEW_PASSWORD, `${NEW_PASSWORD}!`), 422);
    expect(Object.keys(body.errors ?? {})).toEqual(['password_confirmation']);
    expect((await c.setPassword(token)).statusCode).toBe(200);
  });

  it('answers 422 to an unknown token, a missing field and a too short password', async () => {
    const unknown = expectError(await c.setPassword(randomBytes(32).toString('base64url')), 422);
    expect(Object.keys(unknown.errors ?? {})).toEqual(['token']);
    const empty = expectError(
      await t.app.inject({ method: 'POST', url: '/api/password/set', payload: {} }),
      422,
    );
    expect(Object.keys(empty.errors ?? {}).sort()).toEqual([
      'password',
      'password_confirmation',
      'token',
    ]);
    const short = expectError(
      await c.setPassword(randomBytes(32).toString('base64url'), 'short'),
      422,
    );
    expect(Object.keys(short.errors ?? {})).toEqual(['password']);
    const bad = expectError(await c.forgot('not-an-email'), 422);
    expect(Object.keys(bad.errors ?? {})).toEqual(['email']);
  });

  it('sends a link to an inactive member too, and to an admin', async () => {
    const inactive = await t.makeUser();
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, inactive.id));
    const admin = await t.makeUser({ role: 'admin' });
    for (const user of [inactive, admin]) {
      expect((await c.setPassword(await resetToken(t, user.email))).statusCode).toBe(200);
    }
    expect((await c.signIn(admin.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('lets a member locked out by failed sign-ins in with the new password', async () => {
    const member = await t.makeUser();
    const address = newAddress();
    for (let i = 0; i < 10; i++)
      expectError(await c.signIn(member.email, `wrong-${i}`, address), 401);
    expectError(await c.signIn(member.email, DEMO_PASSWORD, address), 429);
    expect((await c.setPassword(await resetToken(t, member.email))).statusCode).toBe(200);
    expect((await c.signIn(member.email, NEW_PASSWORD, address)).statusCode).toBe(200);
  });

  it(`mails one email at most ${RESET_LIMIT.perEmail} times in 15 minutes, and answers alike, known or not`, async () => {
    const member = await t.makeUser();
    const unknownEmail = uniqueEmail('ghost');
    const answers = [];
    for (const email of [member.email, unknownEmail]) {
      for (let i = 0; i < RESET_LIMIT.perEmail + 2; i++) answers.push(await c.forgot(email));
    }
    // Beyond the bound nothing is mailed, and the answer says nothing more (decision 035): the
    // newest link mailed keeps working, so that others' requests cannot void the member's.
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: RESET_LINK_SENT });
    }
    await vi.waitFor(() =>
      expect(t.sentMails.filter((m) => m.to === member.email)).toHaveLength(RESET_LIMIT.perEmail),
    );
    const newest = tokenOf(t.sentMails.filter((m) => m.to === member.email).at(-1)!.text);
    expect((await c.setPassword(newest)).statusCode).toBe(200);
  });

  it(`takes at most ${RESET_LIMIT.perAddress} requests per address in 15 minutes`, async () => {
    const address = '203.0.113.70';
    for (let i = 0; i < RESET_LIMIT.perAddress; i++) {
      expect((await c.forgot(uniqueEmail('spray'), address)).statusCode).toBe(200);
    }
    expectError(await c.forgot(uniqueEmail('spray'), address), 429);
    expect((await c.forgot(uniqueEmail('spray'), '203.0.113.71')).statusCode).toBe(200);
  });

  it('does not count requests for links as failed sign-ins', async () => {
    const member = await t.makeUser();
    const address = '203.0.113.80';
    for (let i = 0; i < RESET_LIMIT.perEmail; i++) await c.forgot(member.email, address);
    for (let i = 0; i < 9; i++) expectError(await c.signIn(member.email, `wrong-${i}`), 401);
    expect((await c.signIn(member.email, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('keeps the link when the mail cannot be sent: sendPasswordLinkMail answers false', async () => {
    const member = await t.makeUser();
    const link = await issuePasswordLink(t.db, {
      userId: member.id,
      purpose: 'invite',
      createdBy: null,
      publicUrl: 'http://jamiya.test',
    });
    const failing = {
      delivers: true,
      send: async () => {
        throw new Error('connection refused');
      },
    };
    await expect(
      sendPasswordLinkMail(
        { db: t.db, mailer: failing },
        { userId: member.id, ...link, purpose: 'invite' },
      ),
    ).resolves.toBe(false);
    const sent: { to: string; text: string }[] = [];
    const recording = {
      delivers: true,
      send: async (m: { to: string; text: string }) => void sent.push(m),
    };
    await expect(
      sendPasswordLinkMail(
        { db: t.db, mailer: recording },
        { userId: member.id, ...link, purpose: 'invite' },
      ),
    ).resolves.toBe(true);
    expect(sent[0]!.to).toBe(member.email);
    expect(sent[0]!.text).toMatch(/Welcome to /);
    expect(tokenOf(sent[0]!.text)).toBe(link.token);
    // Written to the log only: nobody received it, so the caller must hand the link over.
    const logOnly = { delivers: false, send: async () => {} };
    await expect(
      sendPasswordLinkMail(
        { db: t.db, mailer: logOnly },
        { userId: member.id, ...link, purpose: 'invite' },
      ),
    ).resolves.toBe(false);
    expect((await c.setPassword(link.token)).statusCode).toBe(200);
  });

  it('lets exactly one of two simultaneous uses of a link through', async () => {
    const member = await t.makeUser();
    const token = await resetToken(t, member.email);
    const tries = 6;
    const results = await Promise.all(
      Array.from({ length: tries }, (_, i) => c.setPassword(token, `${NEW_PASSWORD} ${i}`)),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(
      statuses.filter((s) => s === 200),
      statuses.join(','),
    ).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(tries - 1);
    const winner = results.findIndex((r) => r.statusCode === 200);
    expect((await c.signIn(member.email, `${NEW_PASSWORD} ${winner}`)).statusCode).toBe(200);
    const [used] = await t.db
      .select({ usedAt: passwordTokens.usedAt })
      .from(passwordTokens)
      .where(eq(passwordTokens.tokenHash, sha256(token)));
    expect(used!.usedAt).toBeInstanceOf(Date);
  });
});

describe('the reset link through a real SMTP server', () => {
  let inbox: SmtpInbox;
  let t: TestApp;
  const c = client(() => t);
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    const mailer = createMailer({
      smtpUrl: inbox.url,
      from: 'Jamiya <no-reply@jamiya.test>',
      log: () => {
        throw new Error('mail must go through SMTP here');
      },
    });
    t = await createTestApp({}, { mailer });
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  it('mails a link that sets the password, once', async () => {
    const member = await t.makeUser({ name: 'Rahul Menon' });
    expect((await c.forgot(member.email)).statusCode).toBe(200);
    const mail = await inbox.next(member.email);
    expect(mail.from).toBe('no-reply@jamiya.test');
    expect(mail.to).toEqual([member.email]);
    expect(mail.subject).toBe('Set a new password for Jamiya');
    expect(mail.text).toContain('Dear Rahul Menon,');
    const token = tokenOf(mail.text);

    expect((await c.setPassword(token)).statusCode).toBe(200);
    expect((await c.signIn(member.email, NEW_PASSWORD)).statusCode).toBe(200);
    expectError(await c.signIn(member.email, DEMO_PASSWORD), 401);
    expectError(await c.setPassword(token, 'another fine passphrase'), 422);
  });

  it('answers the forgot request the same when the mail server refuses the mail', async () => {
    const refusing = await startSmtpInbox();
    refusing.refuseAll();
    const other = await createTestApp(
      {},
      { mailer: createMailer({ smtpUrl: refusing.url, from: 'x@jamiya.test', log: () => {} }) },
    );
    try {
      const member = await other.makeUser();
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/password/forgot',
        payload: { email: member.email },
      });
      expect(res.json()).toEqual({ message: RESET_LINK_SENT });
      // The link was made all the same (an admin can issue a new one to hand over).
      const rows = await other.db
        .select()
        .from(passwordTokens)
        .where(eq(passwordTokens.userId, member.id));
      expect(rows).toHaveLength(1);
    } finally {
      await other.close();
      await refusing.close();
    }
  });
});
