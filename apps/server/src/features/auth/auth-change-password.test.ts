import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { DEMO_PASSWORD } from '../demo/seed.ts';
import { bearer, expectError } from '../../../test/harness.ts';
import { WRONG_CREDENTIALS, suite } from './testing/auth-kit.ts';

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
