import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginFailures } from '../../db/schema/auth.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { DEMO_PASSWORD } from '../demo/seed.ts';
import { expectError } from '../../../test/harness.ts';
import { minutesAgo, suite, uniqueEmail } from './testing/auth-kit.ts';
import { THROTTLE } from './throttle.ts';

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
