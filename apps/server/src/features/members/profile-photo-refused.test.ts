import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { bearer, expectError, storedFileCount } from '../../../test/harness.ts';
import { MB, jpeg, png, solid, useProfileApp, validFields } from './testing/profile-kit.ts';

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

describe('profile', () => {
  const { t, send, member, update, getProfile, fileRowsOf } = useProfileApp();

  describe('profile photo', () => {
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
