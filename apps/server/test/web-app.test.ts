import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { databaseStorage } from '../src/features/files/file-storage.ts';
import { freshDatabase, TEST_CONFIG, type TestDatabase } from './harness.ts';

// The server serves the built web app beside the API; here a small stand-in build.
/**
 * The app serving a stand-in build: index.html, then what `files` adds (paths under the
 * build's folder). Started before the block's tests, closed after them; the build is written
 * afresh before each test, since some tests rebuild a page or remove one.
 */
function serveBuild(files: Record<string, string | Uint8Array>) {
  const served = {} as { app: FastifyInstance; root: string };
  let testDb: TestDatabase;
  const writeBuild = async () => {
    for (const entry of await fs.readdir(served.root)) {
      await fs.rm(path.join(served.root, entry), { recursive: true, force: true });
    }
    await fs.writeFile(
      path.join(served.root, 'index.html'),
      '<!doctype html><div id="root"></div>',
    );
    for (const [name, content] of Object.entries(files)) {
      await fs.mkdir(path.dirname(path.join(served.root, name)), { recursive: true });
      await fs.writeFile(path.join(served.root, name), content);
    }
  };
  beforeAll(async () => {
    served.root = await fs.mkdtemp(path.join(os.tmpdir(), 'jamiya-web-'));
    // Written before the app starts: it reads pages/routes.json once, at start.
    await writeBuild();
    testDb = await freshDatabase();
    served.app = await buildApp(
      TEST_CONFIG,
      { db: testDb.database.db, storage: databaseStorage },
      { webRoot: served.root },
    );
  });
  beforeEach(writeBuild);
  afterAll(async () => {
    await served.app.close();
    await testDb.destroy();
    await fs.rm(served.root, { recursive: true, force: true });
  });
  return served;
}

describe('serving the web app', () => {
  const served = serveBuild({
    'assets/index-abc123.js': 'console.log(1)',
    'sw.js': 'self.addEventListener("fetch", () => {})',
    'manifest.webmanifest': '{"name":"Jamiya","start_url":"/user"}',
  });

  it('answers client routes with the page and a strict CSP', async () => {
    for (const url of ['/', '/user', '/user/monthly-pay', '/no/such/page']) {
      const res = await served.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('serves hashed assets to be cached for good, and files added after start', async () => {
    const res = await served.app.inject({ url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    await fs.writeFile(path.join(served.root, 'assets', 'later-def456.js'), 'console.log(2)');
    expect((await served.app.inject({ url: '/assets/later-def456.js' })).statusCode).toBe(200);
  });

  it('serves a rebuilt page without a restart', async () => {
    await fs.writeFile(
      path.join(served.root, 'index.html'),
      '<!doctype html><div id="root" data-build="2"></div>',
    );
    expect((await served.app.inject({ url: '/user' })).body).toContain('data-build="2"');
  });

  it('serves the shell the service worker keeps, with the page headers', async () => {
    const res = await served.app.inject({ url: '/app-shell' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves the service worker and the manifest fresh each time, so that an update is seen', async () => {
    const worker = await served.app.inject({ url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toContain('javascript');
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await served.app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.json()).toMatchObject({ start_url: '/user' });
  });

  it('answers a missing asset with 404, not the page', async () => {
    const res = await served.app.inject({ url: '/assets/gone-000000.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('keeps /api/... for the API', async () => {
    const res = await served.app.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain('/api/nope');
    expect((await served.app.inject({ url: '/api/settings' })).statusCode).toBe(200);
  });
});

// The build writes a page per route (apps/web/scripts/prerender.mjs) and names them in
// pages/routes.json, with .br and .gz copies (scripts/compress.mjs).
describe("serving the build's page of each route", () => {
  const signIn = '<!doctype html><div id="root" data-start="hydrate"><form>Sign in</form></div>';
  const served = serveBuild({
    'pages/en/home.html': '<!doctype html><div id="root" data-start="hydrate">Home</div>',
    'pages/hi/home.html':
      '<!doctype html><html lang="hi" dir="ltr"><div id="root" data-start="hydrate">मुखपृष्ठ</div>',
    'pages/ar/home.html':
      '<!doctype html><html lang="ar" dir="rtl"><div id="root" data-start="hydrate">الرئيسية</div>',
    'pages/en/sign-in.html': signIn,
    'pages/en/sign-in.html.br': zlib.brotliCompressSync(signIn),
    'pages/en/sign-in.html.gz': zlib.gzipSync(signIn),
    'pages/en/user.html': '<!doctype html><div id="root" data-start="when-ready"></div>',
    'assets/index-abc123.js': 'console.log(1)',
    'assets/index-abc123.js.map': '{"version":3,"sources":["src/secret.ts"]}',
    'assets/index-abc123.js.map.br': zlib.brotliCompressSync('{"version":3}'),
    'pages/routes.json': JSON.stringify({
      '/': 'home.html',
      '/sign-in': 'sign-in.html',
      '/user': 'user.html',
    }),
  });

  it('answers each route with its own page and the CSP; any other path with index.html', async () => {
    const expected = {
      '/': 'Home',
      '/sign-in': '<form>Sign in</form>',
      '/user': 'data-start="when-ready"',
      '/user/monthly-pay': '<div id="root"></div>',
      '/no/such/page': '<div id="root"></div>',
    };
    for (const [url, content] of Object.entries(expected)) {
      const res = await served.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body, url).toContain(content);
    }
  });

  it("answers in the request's language: the kept choice's cookie, else Accept-Language", async () => {
    const home = (headers: Record<string, string>) => served.app.inject({ url: '/', headers });
    const hindi = await home({ 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' });
    expect(hindi.body).toContain('<html lang="hi" dir="ltr">');
    expect(hindi.headers.vary).toContain('Accept-Language');
    expect(hindi.headers.vary).toContain('Cookie');
    const arabic = await home({ cookie: 'lang=ar', 'accept-language': 'hi' });
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect((await home({ 'accept-language': 'fr' })).body).toContain('Home');
    // A page the build has not drawn in that language: the English one.
    const signInHindi = await served.app.inject({
      url: '/sign-in',
      headers: { 'accept-language': 'hi' },
    });
    expect(signInHindi.body).toBe(signIn);
  });

  it('sends the compressed copy the browser accepts, the best first', async () => {
    const br = await served.app.inject({
      url: '/sign-in',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(signIn);

    const gzip = await served.app.inject({
      url: '/sign-in',
      headers: { 'accept-encoding': 'br;q=0, gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(signIn);

    const plain = await served.app.inject({
      url: '/sign-in',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(signIn);
    // No compressed copy of this page: the page as it is.
    const home = await served.app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(home.headers['content-encoding']).toBeUndefined();
    expect(home.body).toContain('Home');
  });

  it("serves no source maps: they show the app's source to anyone", async () => {
    for (const url of ['/assets/index-abc123.js.map', '/assets/index-abc123.js.map.br']) {
      expect((await served.app.inject({ url })).statusCode, url).toBe(404);
    }
    expect((await served.app.inject({ url: '/assets/index-abc123.js' })).statusCode).toBe(200);
  });

  it('does not serve the pages folder as files', async () => {
    for (const url of [
      '/pages/routes.json',
      '/pages/en/sign-in.html',
      '/pages/en/sign-in.html.br',
    ]) {
      expect((await served.app.inject({ url })).statusCode, url).toBe(404);
    }
  });

  it('sends a form posted before the page had its script back to the page, reading nothing', async () => {
    const res = await served.app.inject({
      method: 'POST',
      url: '/sign-in',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=amina%40jamiya.example&password=secret',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/sign-in');
    expect(res.body).not.toContain('secret');
  });

  it('sends a form back to a path, never to the host a request line names', async () => {
    // An absolute request target ("POST http://evil.example/sign-in HTTP/1.1") is legal HTTP;
    // reflected into Location it would send the browser to another site.
    const address = await served.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.end(
          'POST http://evil.example/sign-in?next=1 HTTP/1.1\r\nHost: evil.example\r\n' +
            'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 3\r\n' +
            'Connection: close\r\n\r\na=1',
        );
      });
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 303/);
    expect(answer).toMatch(/\r\nlocation: \/sign-in\?next=1\r\n/i);
    expect(answer).not.toContain('evil.example/sign-in');
  });

  it('answers with index.html when a rebuild no longer has the page', async () => {
    await fs.rm(path.join(served.root, 'pages', 'en', 'user.html'));
    const res = await served.app.inject({ url: '/user' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('<!doctype html><div id="root"></div>');
  });
});
