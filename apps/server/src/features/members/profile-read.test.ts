import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { bearer, expectError } from '../../../test/harness.ts';
import { USER_DATA_KEYS, useProfileApp } from './testing/profile-kit.ts';

describe('profile', () => {
  const { t, send, member, getProfile } = useProfileApp();

  describe('GET /api/profile', () => {
    it('answers userData with exactly the agreed keys and the member values', async () => {
      const { user, token } = await member({
        name: 'Amina Yusuf',
        mobile: '+971 50 123 4567',
        address: 'Deira, Dubai',
        gender: 'female',
        wallet: 'W-42',
      });
      const res = await send({ method: 'GET', url: '/api/profile', headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = res.json();
      expect(Object.keys(body)).toEqual(['userData']);
      expect(Object.keys(body.userData).sort()).toEqual(USER_DATA_KEYS);
      expect(body.userData).toEqual({
        id: user.id,
        unique_id: `JM${String(user.id).padStart(6, '0')}`,
        name: 'Amina Yusuf',
        email: user.email,
        mobile: '+971 50 123 4567',
        address: 'Deira, Dubai',
        gender: 'female',
        profession_id: 1,
        status: 1,
        role: 'member',
        is_member: true,
        image: null,
        wallet: 'W-42',
        payday: null,
        left_on: null,
        language: 'en',
        created_at: user.createdAt.toISOString(),
      });
      expect(new Date(body.userData.created_at).toISOString()).toBe(body.userData.created_at);
    });

    it('answers null for what the member has not filled in', async () => {
      const { token } = await member();
      const data = await getProfile(token);
      expect(data).toMatchObject({
        mobile: null,
        address: null,
        gender: null,
        wallet: null,
        image: null,
      });
    });

    it('answers status 0 for an inactive member, who can still sign in and read', async () => {
      const { user } = await member();
      await t.db.update(users).set({ status: 0 }).where(eq(users.id, user.id));
      const token = await t.login(user.email);
      const data = await getProfile(token);
      expect(data.status).toBe(0);
    });

    it('answers role admin for an admin', async () => {
      const { token } = await member({ role: 'admin' });
      expect((await getProfile(token)).role).toBe('admin');
    });

    it('answers 401 without a token', async () => {
      expectError(await send({ method: 'GET', url: '/api/profile' }), 401);
    });
  });
});
