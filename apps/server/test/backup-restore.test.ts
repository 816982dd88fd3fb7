// Issue 6, point 7: a backup restored into a fresh data folder (PGlite) or a fresh database
// (PostgreSQL) has the same balances, the same books and every file byte for byte.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { backup, BackupError, MANIFEST, readManifest, restore } from '../src/cli/backup.ts';
import { openPglite, openPostgres, type Database, type Db } from '../src/db/client.ts';
import { openDatabase } from '../src/db/open-database.ts';
import { files } from '../src/db/schema/files.ts';
import { users } from '../src/db/schema/users.ts';
import { loadConfig } from '../src/config.ts';
import { seedDemo } from '../src/features/demo/seed.ts';
import { accountSummary } from '../src/features/dues/account-summary.ts';
import { createDiskStorage } from '../src/features/files/file-storage.ts';
import { insertFileRow, storeUpload } from '../src/features/files/files.ts';
import { sanitizeUpload } from '../src/features/files/sanitize-upload.ts';
import { trialBalance, unbalancedEntries } from '../src/features/ledger/balances.ts';
import { onPostgres } from './harness.ts';

const NOW = new Date();

/** What must survive a backup: every member's balances, the trial balance, every file's bytes. */
async function snapshot(db: Db, uploadsDir: string) {
  const members = await db.select({ id: users.id, email: users.email }).from(users);
  const balances: Record<string, unknown> = {};
  for (const m of members) {
    const s = await accountSummary(db, m.id, NOW);
    balances[m.email] = {
      savings: s.savingsFils,
      due: s.dueBalanceFils,
      loan: s.loanBalanceFils,
    };
  }
  const rows = await db.select().from(files);
  const bytes: Record<string, string> = {};
  for (const f of rows)
    bytes[f.id] = (await fs.readFile(path.join(uploadsDir, f.storageKey))).toString('base64');
  return {
    balances,
    trial: await trialBalance(db),
    unbalanced: await unbalancedEntries(db),
    bytes,
  };
}

/** The demo data plus one more receipt, a photo of a different kind. */
async function seed(db: Db, uploadsDir: string) {
  const storage = createDiskStorage(uploadsDir);
  expect(await seedDemo(db, storage, NOW)).toBe(true);
  const [member] = await db.select().from(users).limit(1);
  const jpeg = await sharp({
    create: { width: 200, height: 120, channels: 3, background: '#803040' },
  })
    .jpeg()
    .toBuffer();
  const stored = await storeUpload(storage, await sanitizeUpload(jpeg), 'receipt.jpg');
  await insertFileRow(db, member!.id, 'receipt', stored);
}

async function tempDir(name: string) {
  return fs.mkdtemp(path.join(os.tmpdir(), `jamiya-${name}-`));
}

describe.skipIf(onPostgres)('backup and restore on PGlite', () => {
  let work: string;
  beforeAll(async () => {
    work = await tempDir('backup');
  });
  afterAll(async () => {
    await fs.rm(work, { recursive: true, force: true });
  });

  async function dataDirWithTemplate(name: string) {
    const dataDir = path.join(work, name);
    await fs.cp(inject('pgliteTemplate'), path.join(dataDir, 'pglite'), { recursive: true });
    return dataDir;
  }
  const targetOf = (dataDir: string) => ({
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    databaseUrl: undefined,
  });

  it('restores the same balances, books and files into a fresh data folder', async () => {
    const source = targetOf(await dataDirWithTemplate('source'));
    let database: Database = await openPglite(path.join(source.dataDir, 'pglite'));
    await seed(database.db, source.uploadsDir);
    const before = await snapshot(database.db, source.uploadsDir);
    await database.close();
    expect(Object.keys(before.bytes).length).toBeGreaterThan(1);

    const out = path.join(work, 'backup');
    const manifest = await backup(source, out, NOW);
    expect(manifest).toMatchObject({
      database: 'pglite',
      created_at: NOW.toISOString(),
      file_count: Object.keys(before.bytes).length,
    });
    expect(manifest.database_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await readManifest(out)).toEqual(manifest);

    const copy = targetOf(path.join(work, 'restored'));
    await restore(copy, out);
    // As the server opens it: the folder lock, then the migrations.
    database = await openDatabase(loadConfig({ DATA_DIR: copy.dataDir }));
    try {
      const after = await snapshot(database.db, copy.uploadsDir);
      expect(after).toEqual(before);
      expect(after.trial.balanced).toBe(true);
      expect(after.unbalanced).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('refuses while a server holds the data folder, and into a folder in use', async () => {
    const dataDir = await dataDirWithTemplate('locked');
    const running = await openDatabase(loadConfig({ DATA_DIR: dataDir }));
    try {
      await expect(backup(targetOf(dataDir), path.join(work, 'never'))).rejects.toThrow(
        /A Jamiya server is using the database .* Stop it first/,
      );
    } finally {
      await running.close();
    }
    await expect(restore(targetOf(dataDir), path.join(work, 'backup'))).rejects.toThrow(
      /is not empty: restore into a new DATA_DIR/,
    );
  });

  it('refuses a damaged backup before writing anything', async () => {
    const out = path.join(work, 'backup');
    const manifest = await readManifest(out);
    const damaged = path.join(work, 'damaged');
    await fs.cp(out, damaged, { recursive: true });
    const key = Object.keys(manifest.files)[0]!;
    await fs.appendFile(path.join(damaged, 'uploads', key), 'x');
    const target = targetOf(path.join(work, 'from-damaged'));
    await expect(restore(target, damaged)).rejects.toThrow(BackupError);
    await expect(fs.readdir(target.dataDir)).rejects.toThrow(/ENOENT/);
    await fs.rm(path.join(damaged, MANIFEST));
    await expect(restore(target, damaged)).rejects.toThrow(/not a complete backup/);
  });
});

describe.skipIf(!onPostgres)('backup and restore on PostgreSQL', () => {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const names: string[] = [];
  let work: string;

  async function scratchDatabase(): Promise<string> {
    const name = `jamiya_bk_${randomBytes(5).toString('hex')}`;
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`CREATE DATABASE ${name}`);
    await c.end();
    names.push(name);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  }

  beforeAll(async () => {
    work = await tempDir('backup-pg');
  });
  afterAll(async () => {
    await fs.rm(work, { recursive: true, force: true });
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    for (const name of names) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });

  it('restores the same balances, books and files into a fresh database', async () => {
    const source = {
      dataDir: path.join(work, 'source'),
      uploadsDir: path.join(work, 'source', 'uploads'),
      databaseUrl: await scratchDatabase(),
    };
    let database = await openPostgres(source.databaseUrl);
    try {
      await seed(database.db, source.uploadsDir);
      const before = await snapshot(database.db, source.uploadsDir);
      // pg_dump runs while the database is open (an online backup).
      const out = path.join(work, 'backup');
      const manifest = await backup(source, out, NOW);
      expect(manifest).toMatchObject({
        database: 'postgres',
        file_count: Object.keys(before.bytes).length,
      });

      const copy = {
        dataDir: path.join(work, 'restored'),
        uploadsDir: path.join(work, 'restored', 'uploads'),
        databaseUrl: await scratchDatabase(),
      };
      await restore(copy, out);
      await database.close();
      database = await openPostgres(copy.databaseUrl);
      const after = await snapshot(database.db, copy.uploadsDir);
      expect(after).toEqual(before);
      expect(after.trial.balanced).toBe(true);

      // Into a database that already has tables: refused.
      await fs.rm(copy.uploadsDir, { recursive: true });
      await expect(restore(copy, out)).rejects.toThrow(/not empty: restore into a new database/);
      // A PostgreSQL backup is not restored into PGlite.
      await expect(restore({ ...copy, databaseUrl: undefined }, out)).rejects.toThrow(
        /restore it with DATABASE_URL set/,
      );
    } finally {
      await database.close();
    }
  });
});
