import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit.ts';
import { passkeyChallenges } from '../../db/schema/auth.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { bearer, expectError, useTestApp } from '../../../test/harness.ts';
import { SoftAuthenticator, type Bend } from '../../../test/support/authenticator.ts';
import { issuePasswordLink } from './password-links.ts';
import { OPTIONS_LIMIT } from './passkeys.ts';
import { THROTTLE } from './throttle.ts';

// Issue 54, point 1: passkeys beside the password, each ceremony with a software authenticator
// whose responses SimpleWebAuthn checks for real (signatures, origin, challenge, count), and
// each refusal a plain sentence ending with the password.

const t = useTestApp();
const ORIGIN = 'http://jamiya.test'; // the test app's PUBLIC_URL

async function member() {
  const user = await t.makeUser();
  return { ...user, token: await t.login(user.email) };
}

const post = (url: string, payload: object, token?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });

async function addPasskey(token: string, phone = new SoftAuthenticator(ORIGIN), bend: Bend = {}) {
  const options = (await post('/api/passkeys/registration/options', {}, token)).json();
  const res = await post(
    '/api/passkeys/registration',
    { response: phone.register(options, bend), name: 'My phone' },
    token,
  );
  return { phone, res };
}

async function signInWith(phone: SoftAuthenticator, bend: Bend = {}) {
  const options = (await post('/api/passkeys/authentication/options', {})).json();
  return post('/api/passkeys/authentication', { response: phone.authenticate(options, bend) });
}

describe('passkeys (issue 54, point 1)', () => {
  it('are added after a password sign-in, listed, used to sign in, and removed', async () => {
    const me = await member();
    const options = (await post('/api/passkeys/registration/options', {}, me.token)).json();
    expect(options).toMatchObject({
      rp: { id: 'jamiya.test' },
      user: { name: me.email },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      timeout: 60_000,
    });
    const { phone, res } = await addPasskey(me.token);
    expect(res.statusCode).toBe(201);
    expect(res.json().passkey).toMatchObject({ name: 'My phone', last_used_at: null });

    const signedIn = await signInWith(phone);
    expect(signedIn.statusCode).toBe(200);
    expect(Object.keys(signedIn.json()).sort()).toEqual([
      'access_token',
      'expires_at',
      'message',
      'token_type',
    ]);
    const profile = await t.app.inject({
      url: '/api/profile',
      headers: bearer(signedIn.json().access_token),
    });
    expect(profile.json().userData.id).toBe(me.id);

    const list = await t.app.inject({ url: '/api/passkeys', headers: bearer(me.token) });
    const [listed] = list.json().data;
    expect(listed).toMatchObject({ name: 'My phone', suspended: false });
    expect(listed.last_used_at).not.toBeNull();

    // Another member cannot remove it; its owner can, and it then signs nobody in.
    const other = await member();
    const del = (token: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/passkeys/${listed.id}`, headers: bearer(token) });
    expectError(await del(other.token), 404);
    expect((await del(me.token)).statusCode).toBe(200);
    expectError(await signInWith(phone), 401);
    const actions = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(me.id)));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['user.passkey_add', 'user.passkey_remove']),
    );
  });

  it("is named in the member's language until they name it", async () => {
    const user = await t.makeUser({ language: 'ml' });
    const token = await t.login(user.email);
    const options = (await post('/api/passkeys/registration/options', {}, token)).json();
    const res = await post(
      '/api/passkeys/registration',
      { response: new SoftAuthenticator(ORIGIN).register(options) },
      token,
    );
    expect(res.json().passkey.name).toBe('പാസ്‌കീ 1');
  });

  it('answers the same options whether or not the e-mail is known', async () => {
    const me = await member();
    const known = (await post('/api/passkeys/authentication/options', { email: me.email })).json();
    const unknown = (
      await post('/api/passkeys/authentication/options', { email: 'nobody@example.test' })
    ).json();
    expect(Object.keys(known).sort()).toEqual(Object.keys(unknown).sort());
    expect(known.allowCredentials).toEqual(unknown.allowCredentials);
    expect(known.challenge).not.toBe(unknown.challenge);
  });

  it('refuses a challenge used twice, expired, or of another ceremony', async () => {
    const me = await member();
    const { phone } = await addPasskey(me.token);
    const options = (await post('/api/passkeys/authentication/options', {})).json();
    const first = phone.authenticate(options);
    expect((await post('/api/passkeys/authentication', { response: first })).statusCode).toBe(200);
    const replay = expectError(
      await post('/api/passkeys/authentication', { response: first }),
      401,
    );
    expect(replay.message).toMatch(/sign in with your password instead\.$/);

    const late = (await post('/api/passkeys/authentication/options', {})).json();
    await t.db
      .update(passkeyChallenges)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(passkeyChallenges.challenge, late.challenge));
    expectError(
      await post('/api/passkeys/authentication', { response: phone.authenticate(late) }),
      401,
    );

    // A registration's challenge does not sign anyone in.
    const reg = (await post('/api/passkeys/registration/options', {}, me.token)).json();
    expectError(
      await post('/api/passkeys/authentication', { response: phone.authenticate(reg) }),
      401,
    );
  });

  it("refuses another origin, no user verification, and another account's challenge", async () => {
    const me = await member();
    const { phone } = await addPasskey(me.token);
    expectError(await signInWith(phone, { origin: 'https://evil.example' }), 401);
    expectError(await signInWith(phone, { rpId: 'evil.example' }), 401);
    expectError(await signInWith(phone, { userVerified: false }), 401);

    // Registration: another origin, and a challenge given to another member.
    const other = await member();
    const bad = await addPasskey(me.token, new SoftAuthenticator(ORIGIN), {
      origin: 'https://evil.example',
    });
    expectError(bad.res, 422);
    const theirs = (await post('/api/passkeys/registration/options', {}, other.token)).json();
    const stolen = await post(
      '/api/passkeys/registration',
      { response: new SoftAuthenticator(ORIGIN).register(theirs) },
      me.token,
    );
    expect(expectError(stolen, 422).message).toMatch(/took too long/);
    // The same passkey twice.
    const again = await addPasskey(me.token, phone);
    expectError(again.res, 409);
  });

  it('suspends a passkey whose count went backwards, and tells the member and the admins', async () => {
    const admin = await t.makeUser({ role: 'admin' });
    const me = await member();
    const { phone } = await addPasskey(me.token);
    expect((await signInWith(phone)).statusCode).toBe(200);
    expect((await signInWith(phone)).statusCode).toBe(200);
    const copied = expectError(await signInWith(phone, { counter: 1 }), 401);
    expect(copied.message).toMatch(/may have been copied\. Sign in with your password instead\.$/);
    // Suspended for good: the true phone is refused too, and the password still works.
    expectError(await signInWith(phone), 401);
    const list = await t.app.inject({ url: '/api/passkeys', headers: bearer(me.token) });
    expect(list.json().data[0].suspended).toBe(true);
    const told = await t.db.select().from(notifications).where(eq(notifications.kind, 'security'));
    expect(told.map((n) => n.userId)).toEqual(expect.arrayContaining([me.id, admin.id]));
    expect((await t.login(me.email)).length).toBeGreaterThan(0);
  });

  it('refuses an unknown passkey and a malformed answer, never with a 500', async () => {
    const stranger = new SoftAuthenticator(ORIGIN);
    expectError(await signInWith(stranger), 401);
    for (const response of [
      {},
      { id: 'x', rawId: 'x', type: 'public-key', response: {} },
      {
        id: '!!',
        rawId: '!!',
        type: 'public-key',
        response: { clientDataJSON: 'a', authenticatorData: 'b', signature: 'c' },
      },
      {
        id: 'x'.repeat(5000),
        rawId: 'x',
        type: 'public-key',
        response: { clientDataJSON: 'a', authenticatorData: 'b', signature: 'c' },
      },
    ]) {
      expectError(await post('/api/passkeys/authentication', { response }), 422);
    }
    const garbage = {
      id: 'abc',
      rawId: 'abc',
      type: 'public-key',
      response: { clientDataJSON: 'bm90IGpzb24', authenticatorData: 'AAAA', signature: 'AAAA' },
    };
    expectError(await post('/api/passkeys/authentication', { response: garbage }), 401);
    const me = await member();
    const reg = await post(
      '/api/passkeys/registration',
      {
        response: {
          ...garbage,
          response: { clientDataJSON: 'bm90IGpzb24', attestationObject: 'AAAA' },
        },
      },
      me.token,
    );
    expectError(reg, 422);
    expectError(await post('/api/passkeys/authentication', {}), 422);
    expectError(await post('/api/passkeys/registration/options', {}), 401);
    expectError(await t.app.inject({ url: '/api/passkeys' }), 401);
  });

  it('counts failed passkey sign-ins with the password throttle', async () => {
    const me = await member();
    const { phone } = await addPasskey(me.token);
    for (let i = 0; i < THROTTLE.perAccount; i++) {
      expectError(await signInWith(phone, { origin: 'https://evil.example' }), 401);
    }
    expectError(await signInWith(phone), 429);
  });

  it('tells the member a passkey was added, and a password set by a link removes every passkey', async () => {
    const me = await member();
    const { phone } = await addPasskey(me.token);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, me.id));
    expect(told.map((n) => (n.params as { text: string }).text)).toContain('passkeyAdded');
    // Whoever held a session and added a passkey loses it when the member resets the password.
    const link = await issuePasswordLink(t.db, {
      userId: me.id,
      purpose: 'reset',
      createdBy: null,
      publicUrl: ORIGIN,
    });
    const set = await post('/api/password/set', {
      token: link.token,
      password: 'a long new passphrase',
      password_confirmation: 'a long new passphrase',
    });
    expect(set.statusCode, set.body).toBe(200);
    expectError(await signInWith(phone), 401);
  });

  it('sets the device cookie for the passkey sign-in too, so the owner keeps an allowance', async () => {
    const me = await member();
    const { phone } = await addPasskey(me.token);
    const res = await signInWith(phone);
    expect(String(res.headers['set-cookie'])).toMatch(/Path=\/api\/passkeys\/authentication/);
  });

  it('refuses a challenge with characters no challenge has, and a name with a control character', async () => {
    const me = await member();
    const { phone } = await addPasskey(me.token);
    const options = (await post('/api/passkeys/authentication/options', {})).json();
    const response = phone.authenticate(options, { challenge: 'bad\u0000challenge' });
    expectError(await post('/api/passkeys/authentication', { response }), 401);
    const reg = (await post('/api/passkeys/registration/options', {}, me.token)).json();
    const named = await post(
      '/api/passkeys/registration',
      { response: new SoftAuthenticator(ORIGIN).register(reg), name: 'My\u0000phone' },
      me.token,
    );
    expectError(named, 422);
  });

  it('bounds the sign-in options one address may ask for', async () => {
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/passkeys/authentication/options',
        payload: {},
        remoteAddress: '198.51.100.7',
      });
    for (let i = 0; i < OPTIONS_LIMIT.perAddress; i++) expect((await ask()).statusCode).toBe(200);
    expect(expectError(await ask(), 429).message).toMatch(/sign in with your password instead\.$/);
  });
});
