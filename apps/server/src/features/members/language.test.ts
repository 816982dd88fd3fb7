import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit.ts';
import { users } from '../../db/schema/users.ts';
import { bearer, expectError, useTestApp } from '../../../test/harness.ts';
import { signedInAdmin, signedInMember } from '../../../test/signed-in.ts';

const t = useTestApp();

const choose = (token: string | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/profile/language',
    headers: token ? bearer(token) : {},
    payload: payload as object,
  });

describe('POST /api/profile/language', () => {
  it('keeps the language on the profile, which then reads it', async () => {
    const { user, token } = await signedInMember(t);
    const before = await t.app.inject({ url: '/api/profile', headers: bearer(token) });
    expect(before.json().userData.language).toBe('en');

    const res = await choose(token, { language: 'ml' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: expect.any(String), userData: { language: 'ml' } });
    const after = await t.app.inject({ url: '/api/profile', headers: bearer(token) });
    expect(after.json().userData.language).toBe('ml');
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.language).toBe('ml');
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.actorId, user.id));
    expect(audited.map((a) => a.action)).toContain('user.language');
  });

  it('is the treasurer’s to choose too', async () => {
    const { token } = await signedInAdmin(t);
    const res = await choose(token, { language: 'ar' });
    expect(res.json().userData).toMatchObject({ role: 'admin', language: 'ar' });
  });

  it('refuses a language the app does not have, and changes nothing', async () => {
    const { user, token } = await signedInMember(t);
    for (const payload of [{ language: 'fr' }, { language: '' }, { language: 1 }, {}]) {
      const body = expectError(await choose(token, payload), 422);
      expect(body.errors?.language?.[0], JSON.stringify(payload)).toMatch(/en, ar, hi, ur, bn/);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.language).toBe('en');
  });

  it('answers 400 to a body that is not JSON, and 401 without a session', async () => {
    const { token } = await signedInMember(t);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/profile/language',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{"language":',
    });
    expectError(notJson, 400);
    expectError(await choose(null, { language: 'hi' }), 401);
  });
});
