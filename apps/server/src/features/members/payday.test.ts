import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit.ts';
import { users } from '../../db/schema/users.ts';
import { bearer, expectError, useTestApp } from '../../../test/harness.ts';
import { signedInAdmin, signedInMember } from '../../../test/signed-in.ts';

// Issue 50, point 12: a member sets their payday on its own, without the profile editor's
// required wallet (the spec's profile update asks for it; a payday has nothing to do with it).

const t = useTestApp();

const choose = (token: string | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/profile/payday',
    headers: token ? bearer(token) : {},
    payload: payload as object,
  });

const paydayOf = async (userId: number) =>
  (await t.db.select({ payday: users.payday }).from(users).where(eq(users.id, userId)))[0]!.payday;

describe('POST /api/profile/payday', () => {
  it('keeps a payday for a member who never gave a wallet, and clears it with null', async () => {
    const { user, token } = await signedInMember(t);
    expect(user.wallet ?? null).toBeNull();

    const res = await choose(token, { payday: 25 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Your payday has been saved.',
      userData: { payday: 25, wallet: null },
    });
    expect(await paydayOf(user.id)).toBe(25);
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.actorId, user.id));
    expect(audited.map((a) => a.action)).toContain('user.profile_update');

    expect((await choose(token, { payday: null })).json().userData.payday).toBeNull();
    expect(await paydayOf(user.id)).toBeNull();
  });

  it('is an admin’s own to set too', async () => {
    const { token } = await signedInAdmin(t);
    expect((await choose(token, { payday: 1 })).json().userData).toMatchObject({ payday: 1 });
  });

  it('refuses a day that is not one of the month, in the reader’s language, and changes nothing', async () => {
    const { user, token } = await signedInMember(t);
    await choose(token, { payday: 10 });
    for (const payload of [{ payday: 0 }, { payday: 32 }, { payday: 2.5 }, { payday: '' }, {}]) {
      const body = expectError(await choose(token, payload), 422);
      expect(body.errors?.payday?.[0], JSON.stringify(payload)).toBe(
        'Payday must be a day of the month, 1 to 31.',
      );
    }
    const arabic = await t.app.inject({
      method: 'POST',
      url: '/api/profile/payday',
      headers: { ...bearer(token), 'accept-language': 'ar' },
      payload: { payday: 40 },
    });
    expect(expectError(arabic, 422).errors?.payday?.[0]).not.toMatch(/Payday/);
    expect(await paydayOf(user.id)).toBe(10);
  });

  it('answers 400 to a body that is not JSON, and 401 without a session', async () => {
    const { token } = await signedInMember(t);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/profile/payday',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{"payday":',
    });
    expectError(notJson, 400);
    expectError(await choose(null, { payday: 5 }), 401);
  });
});
