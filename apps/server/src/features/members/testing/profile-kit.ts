// What the profile test files share: the test app of one file, with every response kept so that
// the file can prove that none carried a password hash, and the requests and images they send.
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, expect } from 'vitest';
import { files } from '../../../db/schema/files.ts';
import { bearer, multipart, useTestApp, type makeUser } from '../../../../test/harness.ts';
import type { User } from '../../users/public.ts';

export const USER_DATA_KEYS = [
  'address',
  'created_at',
  'email',
  'gender',
  'id',
  'image',
  'is_member',
  'language',
  'left_on',
  'mobile',
  'name',
  'payday',
  'profession_id',
  'role',
  'status',
  'unique_id',
  'wallet',
].sort();
export const MB = 1024 * 1024;

export function solid(width = 64, height = 48) {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 90 } } });
}
export const png = () => solid().png().toBuffer();
export const jpeg = () => solid().jpeg().toBuffer();

export const validFields = (overrides: Record<string, string | undefined> = {}) => ({
  name: 'Fatima Rahman',
  address: 'Al Nahda 2, Dubai',
  profession_id: '1',
  wallet: 'Botim 0501234567',
  ...overrides,
});

/** The file's test app and the requests of its tests, made inside the file's describe. */
export function useProfileApp() {
  const t = useTestApp();
  const seen: string[] = [];

  async function send(options: InjectOptions): Promise<LightMyRequestResponse> {
    const res = await t.app.inject(options);
    seen.push(res.rawPayload.toString('latin1'));
    return res;
  }

  async function member(
    overrides: Parameters<typeof makeUser>[1] = {},
  ): Promise<{ user: User; token: string }> {
    const user = await t.makeUser(overrides);
    return { user, token: await t.login(user.email) };
  }

  function update(
    token: string,
    fields: Record<string, string | undefined>,
    image?: { filename: string; contentType: string; data: Buffer },
  ) {
    const body = multipart(fields, image ? { image } : {});
    return send({
      method: 'POST',
      url: '/api/profile/update',
      headers: { ...body.headers, ...bearer(token) },
      payload: body.payload,
    });
  }

  async function getProfile(token: string) {
    const res = await send({ method: 'GET', url: '/api/profile', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().userData;
  }

  async function fetchFile(url: string, token: string) {
    return send({ method: 'GET', url, headers: bearer(token) });
  }

  async function fileRowsOf(userId: number) {
    return t.db.select().from(files).where(eq(files.ownerId, userId));
  }

  afterAll(() => {
    for (const body of seen) {
      expect(body).not.toContain('$argon2');
      expect(body).not.toMatch(/password_?hash/i);
    }
  });
  return { t, send, member, update, getProfile, fetchFile, fileRowsOf };
}
