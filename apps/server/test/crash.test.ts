// Issue 6, point 6, the short version: scripts/crash-test.mjs for two rounds, from the sources
// (no build), on PGlite, or on PostgreSQL when the suite runs there. The long version is
// `npm run test:crash -- --rounds 20 [--pg]`.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { createDiskStorage } from '../src/features/files/file-storage.ts';
import { insertFileRow, storeUpload, sweepOrphanUploads } from '../src/features/files/files.ts';
import { sanitizeUpload } from '../src/features/files/sanitize-upload.ts';
import { freshDatabase, makeUser, onPostgres } from './harness.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

it('keeps every acknowledged write, its file and balanced books across SIGKILLs', async () => {
  const args = ['scripts/crash-test.mjs', '--rounds', '2', '--members', '3', '--source'];
  if (onPostgres) args.push('--pg');
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    // Past the time limit, stop it (it takes its server down) rather than leave it running.
    const limit = setTimeout(() => child.kill('SIGTERM'), 170_000);
    child.on('exit', (c) => {
      clearTimeout(limit);
      resolve({ code: c, output });
    });
  });
  expect(output, output).toMatch(/# 2 passed, 0 failed/);
  expect(code, output).toBe(0);
}, 180_000);

it('removes at start the uploads a crash left without a row, and only those', async () => {
  const testDb = await freshDatabase();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'jamiya-sweep-'));
  try {
    const db = testDb.database.db;
    const storage = createDiskStorage(dir);
    const member = await makeUser(db);
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#336699' },
    })
      .png()
      .toBuffer();
    const upload = await sanitizeUpload(png);
    const kept = await storeUpload(storage, upload, 'kept.png');
    await insertFileRow(db, member.id, 'receipt', kept);
    const orphan = await storeUpload(storage, upload, 'orphan.png'); // killed before its row
    const temp = `.${orphan.storageKey}.0123456789abcdef.tmp`; // killed mid-write
    await fs.writeFile(path.join(dir, temp), 'half a file');
    await fs.writeFile(path.join(dir, 'notes.txt'), 'not ours: left alone');

    // Written after the cut-off (on PostgreSQL: within the grace): another process may be
    // about to commit its row, so nothing goes.
    expect(await sweepOrphanUploads(db, storage, new Date(Date.now() - 60_000))).toBe(0);
    expect(await sweepOrphanUploads(db, storage, new Date(Date.now() + 1_000))).toBe(2);
    expect((await fs.readdir(dir)).sort()).toEqual([kept.storageKey, 'notes.txt'].sort());
    expect(await storage.get(kept.storageKey)).toEqual(upload.data);
  } finally {
    await testDb.destroy();
    await fs.rm(dir, { recursive: true, force: true });
  }
});
