import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/features/demo/seed.ts';
import { bearer, expectError, useTestApp } from './harness.ts';

// Answers of half a kilobyte or more go compressed as the browser accepts (decision 042); what
// is sent to the server is read as sent, never unpacked.

const t = useTestApp();
let token: string;
let email: string;
beforeAll(async () => {
  email = (await t.makeUser()).email;
  token = await t.login(email);
});

describe('compressed answers', () => {
  it('sends a member’s account data in brotli to a browser that takes it, the same JSON', async () => {
    const plainAnswer = await t.app.inject({ url: '/api/my-account-data', headers: bearer(token) });
    expect(plainAnswer.headers['content-encoding']).toBeUndefined();
    expect(plainAnswer.rawPayload.length).toBeGreaterThan(512);

    const packed = await t.app.inject({
      url: '/api/my-account-data',
      headers: { ...bearer(token), 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(packed.statusCode).toBe(200);
    expect(packed.headers['content-encoding']).toBe('br');
    expect(packed.headers.vary).toMatch(/accept-encoding/i);
    expect(packed.rawPayload.length).toBeLessThan(plainAnswer.rawPayload.length);
    expect(JSON.parse(zlib.brotliDecompressSync(packed.rawPayload).toString())).toEqual(
      plainAnswer.json(),
    );
  });

  it('leaves a small answer as it is', async () => {
    const res = await t.app.inject({
      url: '/api/notifications/unread-count',
      headers: { ...bearer(token), 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('never unpacks a compressed body: a clear 4xx, not a bomb', async () => {
    // The member's own, right credentials: unpacked, they would sign in.
    const body = zlib.gzipSync(JSON.stringify({ email, password: DEMO_PASSWORD }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: body,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expectError(res, res.statusCode);
  });
});
