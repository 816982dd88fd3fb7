import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { createDiskStorage } from '../src/features/files/file-storage.ts';
import { freshDatabase, TEST_CONFIG, type TestDatabase } from './harness.ts';

// The server serves the built web app beside the API; here a small stand-in build.
describe('serving the web app', () => {
  let app: FastifyInstance;
  let testDb: TestDatabase;
  let root: string;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'jamiya-web-'));
    await fs.mkdir(path.join(root, 'assets'));
    await fs.writeFile(path.join(root, 'index.html'), '<!doctype html><div id="root"></div>');
    await fs.writeFile(path.join(root, 'assets', 'index-abc123.js'), 'console.log(1)');
    testDb = await freshDatabase();
    app = await buildApp(
      TEST_CONFIG,
      { db: testDb.database.db, storage: createDiskStorage(path.join(root, 'uploads')) },
      { webRoot: root },
    );
  });
  afterAll(async () => {
    await app.close();
    await testDb.destroy();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('answers client routes with the page and a strict CSP', async () => {
    for (const url of ['/', '/user', '/user/monthly-pay', '/no/such/page']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('serves hashed assets to be cached for good, and files added after start', async () => {
    const res = await app.inject({ url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    await fs.writeFile(path.join(root, 'assets', 'later-def456.js'), 'console.log(2)');
    expect((await app.inject({ url: '/assets/later-def456.js' })).statusCode).toBe(200);
  });

  it('serves a rebuilt page without a restart', async () => {
    await fs.writeFile(
      path.join(root, 'index.html'),
      '<!doctype html><div id="root" data-build="2"></div>',
    );
    expect((await app.inject({ url: '/user' })).body).toContain('data-build="2"');
  });

  it('answers a missing asset with 404, not the page', async () => {
    const res = await app.inject({ url: '/assets/gone-000000.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('keeps /api/... for the API', async () => {
    const res = await app.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain('/api/nope');
    expect((await app.inject({ url: '/api/settings' })).statusCode).toBe(200);
  });
});
