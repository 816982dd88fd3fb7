// The security headers of every kind of answer: the app page's CSP, nosniff, Referrer-Policy and
// the cross-origin isolation pair (COOP, CORP) everywhere, and no CORS for other origins (ASVS
// V14.4, V14.5). HSTS is the TLS proxy's (README, Running at scale).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { databaseStorage } from '../src/features/files/file-storage.ts';
import {
  bearer,
  freshDatabase,
  login,
  makeUser,
  TEST_CONFIG,
  type TestDatabase,
} from './harness.ts';

const BASIS: Record<string, string> = {
  'default-src': "'self'",
  'script-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'none'",
  'frame-ancestors': "'none'",
  // The parts the built app needs beyond the basis; frame-src blob: shows an admin a PDF
  // receipt from an object URL.
  'style-src': "'self'",
  'img-src': "'self' blob: data:",
  'font-src': "'self'",
  'connect-src': "'self'",
  'frame-src': "'self' blob:",
  'form-action': "'self'",
};

function directives(csp: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of csp
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [name, ...values] = part.split(/\s+/);
    expect(out[name!], `directive ${name} appears once`).toBeUndefined();
    out[name!] = values.join(' ');
  }
  return out;
}

let app: FastifyInstance;
let testDb: TestDatabase;
let root: string;
let token: string;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'jamiya-headers-'));
  await fs.mkdir(path.join(root, 'assets'));
  await fs.writeFile(path.join(root, 'index.html'), '<!doctype html><div id="root"></div>');
  await fs.writeFile(path.join(root, 'assets', 'index-abc123.js'), 'console.log(1)');
  testDb = await freshDatabase();
  app = await buildApp(
    TEST_CONFIG,
    { db: testDb.database.db, storage: databaseStorage },
    { webRoot: root },
  );
  const member = await makeUser(testDb.database.db);
  token = await login(app, member.email);
});
afterAll(async () => {
  await app?.close();
  await testDb?.destroy();
  await fs.rm(root, { recursive: true, force: true });
});

describe('the app page', () => {
  it.each(['/', '/user', '/user/apply-loan', '/admin/payments?status=pending'])(
    '%s has exactly the strict CSP, no inline allowance, and no framing',
    async (url) => {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      expect(directives(csp)).toEqual(BASIS);
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|\*|https?:|nonce-|sha256-/);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    },
  );
});

describe('every kind of answer', () => {
  const cases: [string, () => Promise<LightMyRequestResponse>][] = [
    ['the page', () => app.inject({ url: '/' })],
    ['a script', () => app.inject({ url: '/assets/index-abc123.js' })],
    ['a missing script', () => app.inject({ url: '/assets/gone-000.js' })],
    ['a public API answer', () => app.inject({ url: '/api/settings' })],
    ['a member API answer', () => app.inject({ url: '/api/profile', headers: bearer(token) })],
    ['a 401', () => app.inject({ url: '/api/profile' })],
    ['a 404 of the API', () => app.inject({ url: '/api/nope' })],
    [
      'a 422',
      () =>
        app.inject({
          method: 'POST',
          url: '/api/recharge-requests',
          headers: bearer(token),
          payload: { amount: -1 },
        }),
    ],
    [
      'a 400 for broken JSON',
      () =>
        app.inject({
          method: 'POST',
          url: '/api/login',
          headers: { 'content-type': 'application/json' },
          payload: '{"email":',
        }),
    ],
    ['the OpenAPI document', () => app.inject({ url: '/api/openapi.json' })],
  ];

  it.each(cases)('%s carries nosniff and Referrer-Policy', async (_what, send) => {
    const res = await send();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  // Issue 32, point 11: no other site's window keeps a handle on the app's (COOP), and no other
  // site may embed its answers, a receipt or a figure, in its own page (CORP).
  it.each(cases)('%s is kept from other origins (COOP and CORP)', async (_what, send) => {
    const res = await send();
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});

describe('no CORS for other origins', () => {
  const evil = 'https://evil.example';

  it.each([
    ['GET', '/api/settings', {}],
    ['GET', '/api/profile', {}],
    ['POST', '/api/login', { 'content-type': 'application/json' }],
    ['GET', '/', {}],
  ] as const)(
    '%s %s from another origin gets no Access-Control header',
    async (method, url, extra) => {
      const res = await app.inject({
        method,
        url,
        headers: { origin: evil, ...bearer(token), ...extra },
        ...(method === 'POST' ? { payload: { email: 'a@b.test', password: 'x' } } : {}),
      });
      for (const name of Object.keys(res.headers)) expect(name).not.toMatch(/^access-control-/);
    },
  );

  it('answers a preflight from another origin without allowing it', async () => {
    for (const url of ['/api/login', '/api/save-monthly-payment', '/api/admin/members']) {
      const res = await app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: evil,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      for (const name of Object.keys(res.headers)) expect(name).not.toMatch(/^access-control-/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe('every HTML answer has the page headers', () => {
  it('/index.html, asked for by name, leads to / instead of coming without them', async () => {
    const res = await app.inject({ url: '/index.html' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/');
  });

  it('the API reference may not be framed and has a policy of its own', async () => {
    for (const url of ['/api/docs', '/api/docs/']) {
      const res = await app.inject({ url });
      if (res.statusCode >= 300 && res.statusCode < 400) continue;
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      const csp = directives(String(res.headers['content-security-policy']));
      expect(csp['frame-ancestors']).toBe("'none'");
      expect(csp['default-src']).toBe("'self'");
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
    const page = await app.inject({ url: '/api/docs/static/index.html' });
    if (page.statusCode === 200)
      expect(directives(String(page.headers['content-security-policy']))['frame-ancestors']).toBe(
        "'none'",
      );
  });
});
