import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectError } from '../../../test/harness.ts';
import { MB, jpeg, png, solid, useProfileApp, validFields } from './testing/profile-kit.ts';

const FILE_URL = /^\/api\/files\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
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

describe('profile', () => {
  const { t, send, member, update, getProfile, fetchFile, fileRowsOf } = useProfileApp();

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
  });
});
