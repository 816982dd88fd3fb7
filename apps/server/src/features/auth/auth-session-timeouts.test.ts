import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../demo/seed.ts';
import { bearer, expectError } from '../../../test/harness.ts';
import { suite } from './testing/auth-kit.ts';

// The server reads the time from Date only, so these tests set it rather than sleep: a slow
// machine cannot then stretch a gap past a limit the test means to stay under.
describe('session expiry (sessionTtlMs 1.5 s)', () => {
  const s = suite({ sessionTtlMs: 1500 });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers 401 after the configured lifetime', async () => {
    const user = await s.t.makeUser();
    vi.useFakeTimers({ toFake: ['Date'] });
    const before = Date.now();
    const res = await s.signIn(user.email, DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const { access_token: token, expires_at: expiresAt } = res.json();
    expect(Date.parse(expiresAt)).toBe(before + 1500);
    vi.setSystemTime(before + 1499);
    expect((await s.profile(token)).statusCode).toBe(200);
    vi.setSystemTime(before + 1500);
    expectError(await s.profile(token), 401);
    expectError(await s.send({ method: 'POST', url: '/api/logout', headers: bearer(token) }), 401);
  });
});

describe('session idle timeout (sessionIdleMs 1.5 s)', () => {
  const s = suite({ sessionIdleMs: 1500 });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers 401 after the configured idle time', async () => {
    const user = await s.t.makeUser();
    const token = await s.token(user.email);
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    expect((await s.profile(token)).statusCode).toBe(200);
    vi.setSystemTime(start + 1501);
    expectError(await s.profile(token), 401);
  });

  it('keeps a session alive while it is used more often than the idle time', async () => {
    const user = await s.t.makeUser();
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const token = await s.token(user.email);
    // 3.5 s of calls every 0.5 s: never idle for 1.5 s, though idle longer than that in all.
    for (let i = 1; i <= 7; i++) {
      vi.setSystemTime(start + i * 500);
      const res = await s.profile(token);
      expect(res.statusCode, `call ${i} after ${i * 0.5} s`).toBe(200);
    }
  });
});
