import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/files.ts';
import { users } from '../../db/schema/users.ts';
import type { makeUser } from '../../../test/harness.ts';
import {
  bearer,
  createTestApp,
  expectError,
  multipart,
  type TestApp,
  storedFileCount,
} from '../../../test/harness.ts';
import type { User } from '../users/user-data.ts';

const USER_DATA_KEYS = [
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
const FILE_URL = /^\/api\/files\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MB = 1024 * 1024;
const HEIC_FIXTURE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../files/fixtures/receipt-gps.heic',
);

const GPS_EXIF = {
  IFD0: { Make: 'LeakyCam', Model: 'GPS-9000' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '25/1 12/1 0/1',
    GPSLongitudeRef: 'E',
    GPSLongitude: '55/1 16/1 0/1',
  },
};
const PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n'),
);
const HTML = Buffer.from(
  '<!doctype html><html><body><script>fetch("/api/profile")</script></body></html>',
);

function solid(width = 64, height = 48) {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 90 } } });
}
const png = () => solid().png().toBuffer();
const jpeg = () => solid().jpeg().toBuffer();

type Part =
  | { name: string; value: string }
  | { name: string; filename: string; contentType: string; data: Buffer };

/** A multipart body from a list of parts (repeated names allowed, unlike the harness helper). */
function multipartParts(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----jamiya${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const validFields = (overrides: Record<string, string | undefined> = {}) => ({
  name: 'Fatima Rahman',
  address: 'Al Nahda 2, Dubai',
  profession_id: '1',
  wallet: 'Botim 0501234567',
  ...overrides,
});

describe('profile', () => {
  let t: TestApp;
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

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const body of seen) {
      expect(body).not.toContain('$argon2');
      expect(body).not.toMatch(/password_?hash/i);
    }
    await t.close();
  });

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

  describe('POST /api/profile/update', () => {
    it('stores a name without bidi overrides, keeping the ZWJ of a Malayalam name', async () => {
      const { token } = await member();
      const res = await update(token, {
        name: 'Anil \u202Eexe.rav\u202C അവന്\u200D',
        address: 'Deira',
        wallet: 'Botim 050',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await getProfile(token)).name).toBe('Anil exe.rav അവന്\u200D');
    });

    it('updates the fields and answers { message, userData } with the changes', async () => {
      const { user, token } = await member({ mobile: '0501112222' });
      const res = await update(token, validFields({ gender: 'male' }));
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['message', 'userData']);
      expect(body.message).toEqual(expect.any(String));
      expect(body.message.length).toBeGreaterThan(0);
      expect(Object.keys(body.userData).sort()).toEqual(USER_DATA_KEYS);
      expect(body.userData).toMatchObject({
        id: user.id,
        name: 'Fatima Rahman',
        address: 'Al Nahda 2, Dubai',
        wallet: 'Botim 0501234567',
        gender: 'male',
        profession_id: 1,
        email: user.email,
        mobile: '0501112222',
        status: 1,
        role: 'member',
        is_member: true,
        image: null,
      });
      expect(await getProfile(token)).toEqual(body.userData);
    });

    it('trims the text fields', async () => {
      const { token } = await member();
      const res = await update(
        token,
        validFields({ name: '  Trimmed Name  ', address: '\tSome Street \n', wallet: ' 77 ' }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().userData).toMatchObject({
        name: 'Trimmed Name',
        address: 'Some Street',
        wallet: '77',
      });
    });

    it('keeps names and addresses in Arabic script as typed', async () => {
      const { token } = await member();
      const res = await update(
        token,
        validFields({ name: 'فاطمة الرحمن', address: 'النهدة ٢، دبي' }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(await getProfile(token)).toMatchObject({
        name: 'فاطمة الرحمن',
        address: 'النهدة ٢، دبي',
      });
    });

    it('leaves the gender as it was when none is sent or it is empty', async () => {
      const { token } = await member({ gender: 'female' });
      expect((await update(token, validFields())).json().userData.gender).toBe('female');
      expect((await update(token, validFields({ gender: '' }))).json().userData.gender).toBe(
        'female',
      );
    });

    it('keeps the address when none is sent (the spec client never sends it)', async () => {
      const { token } = await member({ address: 'Karama, Dubai' });
      const res = await update(token, {
        name: 'Spec Client',
        profession_id: '1',
        wallet: 'W-7',
        gender: 'male',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().userData).toMatchObject({
        name: 'Spec Client',
        wallet: 'W-7',
        gender: 'male',
        address: 'Karama, Dubai',
      });
    });

    it('answers 422 with an error per missing required field, and changes nothing', async () => {
      const { token } = await member({ name: 'Before Name' });
      const body = expectError(await update(token, { profession_id: '1' }), 422);
      expect(Object.keys(body.errors ?? {}).sort()).toEqual(['name', 'wallet']);
      for (const messages of Object.values(body.errors ?? {}))
        expect(messages[0]).toMatch(/required/i);
      expect((await getProfile(token)).name).toBe('Before Name');
    });

    it('answers 422 to blank required fields', async () => {
      const { token } = await member();
      const body = expectError(
        await update(token, validFields({ name: '   ', address: '', wallet: ' ' })),
        422,
      );
      expect(Object.keys(body.errors ?? {}).sort()).toEqual(['address', 'name', 'wallet']);
    });

    it('answers 422 to a name longer than 100 characters', async () => {
      const { token } = await member();
      const body = expectError(await update(token, validFields({ name: 'n'.repeat(101) })), 422);
      expect(Object.keys(body.errors ?? {})).toEqual(['name']);
    });

    it('answers 422 to a name with control characters', async () => {
      const { token } = await member();
      const body = expectError(await update(token, validFields({ name: 'Evil\u0007Name' })), 422);
      expect(Object.keys(body.errors ?? {})).toEqual(['name']);
    });

    it.each(['other', 'MALE', 'm'])('answers 422 on errors.gender to gender %j', async (gender) => {
      const { token } = await member({ gender: 'female' });
      const body = expectError(await update(token, validFields({ gender })), 422);
      expect(Object.keys(body.errors ?? {})).toEqual(['gender']);
      expect((await getProfile(token)).gender).toBe('female');
    });

    it.each(['999', '0', '-1', 'abc', '1.5'])(
      'answers 422 on errors.profession_id to profession_id %j',
      async (professionId) => {
        const { token } = await member();
        const body = expectError(
          await update(token, validFields({ profession_id: professionId })),
          422,
        );
        expect(Object.keys(body.errors ?? {})).toEqual(['profession_id']);
      },
    );

    it('ignores fields a member may not set (role, status, email, balances, ids)', async () => {
      const { user, token } = await member();
      const other = await member();
      const res = await update(
        token,
        validFields({
          role: 'admin',
          status: '0',
          email: 'hijack@example.test',
          wallet_balance: '999999',
          account_balance: '999999',
          id: String(other.user.id),
          unique_id: 'JM000001',
          password: 'new-password-123',
          password_hash: '$argon2id$v=19$m=19456,t=2,p=1$AAAA$BBBB',
          created_at: '2000-01-01T00:00:00.000Z',
        }),
      );
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().userData;
      expect(data).toMatchObject({
        id: user.id,
        unique_id: user.uniqueId,
        role: 'member',
        is_member: true,
        status: 1,
        email: user.email,
        created_at: user.createdAt.toISOString(),
        name: 'Fatima Rahman',
      });
      const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({
        role: 'member',
        status: 1,
        email: user.email,
        passwordHash: user.passwordHash,
      });
      // The member's sign-in is untouched and no balance appeared.
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/login',
            payload: { email: user.email, password: 'new-password-123' },
          })
        ).statusCode,
      ).toBe(401);
      const account = (
        await send({ method: 'GET', url: '/api/my-account-data', headers: bearer(token) })
      ).json().myAccountData;
      expect(account.account_balance).toBe(0);
      // The other member was not touched either.
      expect((await getProfile(other.token)).name).toBe(other.user.name);
    });

    it('answers 401 without a token and changes nothing', async () => {
      const { user } = await member();
      const body = multipart(validFields());
      expectError(
        await send({
          method: 'POST',
          url: '/api/profile/update',
          headers: body.headers,
          payload: body.payload,
        }),
        401,
      );
      const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(row!.name).toBe(user.name);
    });

    it('checks the token before the body: an anonymous upload with bad fields is 401', async () => {
      const body = multipart(
        { gender: 'other' },
        { image: { filename: 'a.png', contentType: 'image/png', data: await png() } },
      );
      expectError(
        await send({
          method: 'POST',
          url: '/api/profile/update',
          headers: body.headers,
          payload: body.payload,
        }),
        401,
      );
    });

    it("checks the token before reading a stranger's file: an anonymous 11 MB upload is 401, not 413", async () => {
      const big = multipart(validFields(), {
        image: {
          filename: 'big.jpg',
          contentType: 'image/jpeg',
          data: Buffer.concat([await jpeg(), Buffer.alloc(11 * MB)]),
        },
      });
      expectError(
        await send({
          method: 'POST',
          url: '/api/profile/update',
          headers: big.headers,
          payload: big.payload,
        }),
        401,
      );
    });

    it('accepts the same fields as a JSON body', async () => {
      // The spec client sends multipart; a JSON body of the text fields works the same way.
      const { token } = await member();
      const res = await send({
        method: 'POST',
        url: '/api/profile/update',
        headers: bearer(token),
        payload: {
          name: 'Json Name',
          address: 'Json Street',
          profession_id: 1,
          wallet: 'J-1',
          gender: 'female',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().userData).toMatchObject({
        name: 'Json Name',
        address: 'Json Street',
        wallet: 'J-1',
        gender: 'female',
      });
    });

    it('refuses an image sent as JSON text with 422 on errors.image', async () => {
      const { token } = await member();
      const res = await send({
        method: 'POST',
        url: '/api/profile/update',
        headers: bearer(token),
        payload: {
          ...validFields(),
          image: `data:image/png;base64,${(await png()).toString('base64')}`,
        },
      });
      const body = expectError(res, 422);
      expect(Object.keys(body.errors ?? {})).toEqual(['image']);
    });

    it('answers 415 with the error shape to a urlencoded body', async () => {
      const { token } = await member();
      const res = await send({
        method: 'POST',
        url: '/api/profile/update',
        headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'name=A&address=B&wallet=C&profession_id=1',
      });
      expectError(res, 415);
    });

    it('refuses a text field named image that points at another member\u2019s file', async () => {
      const owner = await member();
      const uploaded = await update(owner.token, validFields(), {
        filename: 'me.png',
        contentType: 'image/png',
        data: await png(),
      });
      const url = uploaded.json().userData.image as string;
      const { token } = await member();
      const res = await update(token, validFields({ image: url }));
      expectError(res, 422);
      expect((await getProfile(token)).image).toBeNull();
    });
  });

  describe('profile photo', () => {
    it('stores a PNG, links it as /api/files/<uuid> and serves it to its owner', async () => {
      const { user, token } = await member();
      const data = await solid(80, 60).png().toBuffer();
      const res = await update(token, validFields(), {
        filename: 'me.png',
        contentType: 'image/png',
        data,
      });
      expect(res.statusCode, res.body).toBe(200);
      const url = res.json().userData.image;
      expect(url).toMatch(FILE_URL);
      expect((await getProfile(token)).image).toBe(url);

      const file = await fetchFile(url, token);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['content-disposition']).toMatch(
        /^(inline|attachment);\s*filename="[^"/\\]+"$/,
      );
      expect(String(file.headers['cache-control'])).toMatch(/no-store|private/);
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 80, height: 60 });

      const rows = await fileRowsOf(user.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        id: url.split('/').pop(),
        purpose: 'profile_photo',
        mime: 'image/png',
      });
      // Stored under a random key (43 base64url characters), not under the name the member gave.
      expect(rows[0]!.storageKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(rows[0]!.storageKey).not.toContain('.png');
      expect(await t.storage.get(t.db, rows[0]!.storageKey)).not.toBeNull();
    });

    it('stores a JPEG and serves it as image/jpeg', async () => {
      const { token } = await member();
      const res = await update(token, validFields(), {
        filename: 'me.jpg',
        contentType: 'image/jpeg',
        data: await jpeg(),
      });
      expect(res.statusCode, res.body).toBe(200);
      const file = await fetchFile(res.json().userData.image, token);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
      expect((await sharp(file.rawPayload).metadata()).format).toBe('jpeg');
    });

    it('stores a WebP', async () => {
      const { token } = await member();
      const data = await solid().webp().toBuffer();
      const res = await update(token, validFields(), {
        filename: 'me.webp',
        contentType: 'image/webp',
        data,
      });
      expect(res.statusCode, res.body).toBe(200);
      const file = await fetchFile(res.json().userData.image, token);
      expect(file.headers['content-type']).toMatch(/^image\//);
      expect((await sharp(file.rawPayload).metadata()).width).toBe(64);
    });

    it('stores a HEIC photo as a JPEG without its EXIF', async () => {
      const { token } = await member();
      const data = await readFile(HEIC_FIXTURE);
      const res = await update(token, validFields(), {
        filename: 'IMG_0001.HEIC',
        contentType: 'image/heic',
        data,
      });
      expect(res.statusCode, res.body).toBe(200);
      const file = await fetchFile(res.json().userData.image, token);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
      expect(meta.exif).toBeUndefined();
      expect(file.rawPayload.includes('TestCam', 0, 'latin1')).toBe(false);
    });

    it('judges the type by content, not by the name or the declared type', async () => {
      const { token } = await member();
      const res = await update(token, validFields(), {
        filename: 'scan.pdf',
        contentType: 'application/pdf',
        data: await png(),
      });
      expect(res.statusCode, res.body).toBe(200);
      const file = await fetchFile(res.json().userData.image, token);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['content-disposition']).not.toContain('.pdf');
    });

    it('accepts a photo of a few megabytes (the JSON body limit does not apply to uploads)', async () => {
      const { token } = await member();
      const [width, height] = [1000, 800];
      const noise = randomBytes(width * height * 3);
      const data = await sharp(noise, { raw: { width, height, channels: 3 } })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(data.length).toBeGreaterThan(2 * MB);
      expect(data.length).toBeLessThan(10 * MB);
      const res = await update(token, validFields(), {
        filename: 'big.png',
        contentType: 'image/png',
        data,
      });
      expect(res.statusCode, res.body).toBe(200);
      const file = await fetchFile(res.json().userData.image, token);
      expect((await sharp(file.rawPayload).metadata()).width).toBe(width);
    });

    it('replaces an earlier photo', async () => {
      const { token } = await member();
      const first = (
        await update(token, validFields(), {
          filename: 'a.png',
          contentType: 'image/png',
          data: await png(),
        })
      ).json().userData.image;
      const second = (
        await update(token, validFields(), {
          filename: 'b.jpg',
          contentType: 'image/jpeg',
          data: await jpeg(),
        })
      ).json().userData.image;
      expect(second).toMatch(FILE_URL);
      expect(second).not.toBe(first);
      expect((await getProfile(token)).image).toBe(second);
    });

    it('keeps the photo when an update sends none', async () => {
      const { token } = await member();
      const url = (
        await update(token, validFields(), {
          filename: 'a.png',
          contentType: 'image/png',
          data: await png(),
        })
      ).json().userData.image;
      const res = await update(token, validFields({ name: 'No Photo This Time' }));
      expect(res.json().userData).toMatchObject({ name: 'No Photo This Time', image: url });
    });

    it('hides the photo from another member (404, like a missing file) and shows it to an admin', async () => {
      const owner = await member();
      const url = (
        await update(owner.token, validFields(), {
          filename: 'a.png',
          contentType: 'image/png',
          data: await png(),
        })
      ).json().userData.image;
      const stranger = await member();
      const hidden = expectError(await fetchFile(url, stranger.token), 404);
      const missing = expectError(
        await fetchFile(`/api/files/${crypto.randomUUID()}`, stranger.token),
        404,
      );
      expect(hidden).toEqual(missing);

      const admin = await member({ role: 'admin' });
      const seenByAdmin = await fetchFile(url, admin.token);
      expect(seenByAdmin.statusCode).toBe(200);
      expect(seenByAdmin.headers['content-type']).toBe('image/png');
      expect(seenByAdmin.headers['x-content-type-options']).toBe('nosniff');

      expectError(await send({ method: 'GET', url }), 401);
      expectError(await send({ method: 'GET', url: `${url}?access_token=${owner.token}` }), 401);
    });

    it('answers 404 to a file id that is not a uuid', async () => {
      const { token } = await member();
      expectError(await fetchFile('/api/files/not-a-uuid', token), 404);
      expectError(await fetchFile('/api/files/..%2F..%2Fetc%2Fpasswd', token), 404);
    });

    it('removes GPS EXIF from a JPEG', async () => {
      const { token } = await member();
      const data = await solid(120, 90).withExif(GPS_EXIF).jpeg().toBuffer();
      const before = await sharp(data).metadata();
      expect(before.exif).toBeDefined();
      expect(data.includes('LeakyCam', 0, 'latin1')).toBe(true);
      const res = await update(token, validFields(), {
        filename: 'gps.jpg',
        contentType: 'image/jpeg',
        data,
      });
      expect(res.statusCode, res.body).toBe(200);
      const file = await fetchFile(res.json().userData.image, token);
      expect(file.statusCode).toBe(200);
      const after = await sharp(file.rawPayload).metadata();
      expect(after.format).toBe('jpeg');
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(file.rawPayload.includes('LeakyCam', 0, 'latin1')).toBe(false);
      expect(file.rawPayload.includes('GPS', 0, 'latin1')).toBe(false);
    });

    it('drops bytes appended after the image', async () => {
      const { token } = await member();
      const data = Buffer.concat([await jpeg(), Buffer.from('<script>alert(1)</script>')]);
      const res = await update(token, validFields(), {
        filename: 'tail.jpg',
        contentType: 'image/jpeg',
        data,
      });
      expect(res.statusCode, res.body).toBe(200);
      const file = await fetchFile(res.json().userData.image, token);
      expect(file.rawPayload.includes('<script>', 0, 'latin1')).toBe(false);
    });

    describe('refused uploads change nothing and leave no file behind', () => {
      async function expectRefused(
        status: number,
        build: (token: string) => Promise<LightMyRequestResponse>,
      ): Promise<{ message: string }> {
        const { user, token } = await member({ name: 'Unchanged Name' });
        const filesBefore = await storedFileCount(t.db);
        const body = expectError(await build(token), status);
        const data = await getProfile(token);
        expect(data).toMatchObject({ name: 'Unchanged Name', image: null });
        expect(await fileRowsOf(user.id)).toEqual([]);
        expect(await storedFileCount(t.db)).toBe(filesBefore);
        return body;
      }

      it('answers 422 to a valid photo with an unknown profession', async () => {
        await expectRefused(422, async (token) =>
          update(token, validFields({ name: 'Changed', profession_id: '999' }), {
            filename: 'a.png',
            contentType: 'image/png',
            data: await png(),
          }),
        );
      });

      it('answers 415 to a PDF as profile photo', async () => {
        const body = await expectRefused(415, (token) =>
          update(token, validFields({ name: 'Changed' }), {
            filename: 'photo.pdf',
            contentType: 'application/pdf',
            data: PDF,
          }),
        );
        expect(body.message).toMatch(/JPEG|PNG/);
      });

      it('answers 415 to an HTML file named photo.jpg', async () => {
        await expectRefused(415, (token) =>
          update(token, validFields({ name: 'Changed' }), {
            filename: 'photo.jpg',
            contentType: 'image/jpeg',
            data: HTML,
          }),
        );
      });

      it('answers 415 to an SVG', async () => {
        const svg = Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
        );
        await expectRefused(415, (token) =>
          update(token, validFields({ name: 'Changed' }), {
            filename: 'photo.png',
            contentType: 'image/svg+xml',
            data: svg,
          }),
        );
      });

      it('answers 415 to an empty file', async () => {
        await expectRefused(415, (token) =>
          update(token, validFields({ name: 'Changed' }), {
            filename: 'empty.png',
            contentType: 'image/png',
            data: Buffer.alloc(0),
          }),
        );
      });

      it('answers 422 to a truncated PNG', async () => {
        const data = await solid(300, 300).png().toBuffer();
        await expectRefused(422, (token) =>
          update(token, validFields({ name: 'Changed' }), {
            filename: 'cut.png',
            contentType: 'image/png',
            data: data.subarray(0, 200),
          }),
        );
      });

      it('answers 413 to a file over 10 MB', async () => {
        const data = Buffer.concat([await jpeg(), Buffer.alloc(10 * MB)]);
        const body = await expectRefused(413, (token) =>
          update(token, validFields({ name: 'Changed' }), {
            filename: 'huge.jpg',
            contentType: 'image/jpeg',
            data,
          }),
        );
        expect(body.message).toMatch(/10 MB/);
      });

      it('answers 413 to two files', async () => {
        const [a, b] = [await png(), await jpeg()];
        await expectRefused(413, (token) => {
          const body = multipartParts([
            ...Object.entries(validFields({ name: 'Changed' })).map(([name, value]) => ({
              name,
              value: value!,
            })),
            { name: 'image', filename: 'a.png', contentType: 'image/png', data: a },
            { name: 'image', filename: 'b.jpg', contentType: 'image/jpeg', data: b },
          ]);
          return send({
            method: 'POST',
            url: '/api/profile/update',
            headers: { ...body.headers, ...bearer(token) },
            payload: body.payload,
          });
        });
      });

      it('answers 413 to a form with too many parts', async () => {
        await expectRefused(413, (token) => {
          const extra = Array.from({ length: 40 }, (_, i) => ({ name: `extra_${i}`, value: 'x' }));
          const body = multipartParts([
            ...Object.entries(validFields({ name: 'Changed' })).map(([name, value]) => ({
              name,
              value: value!,
            })),
            ...extra,
          ]);
          return send({
            method: 'POST',
            url: '/api/profile/update',
            headers: { ...body.headers, ...bearer(token) },
            payload: body.payload,
          });
        });
      });
    });
  });
});
