import { makeUser } from './harness.ts';
// Issue 6, point 7: a backup restored into a fresh data folder (the embedded PostgreSQL) or a
// fresh database (PostgreSQL) has the same balances, the same books and every file byte for
// byte. Since issue 25 the files are in the database, and a backup made before it still
// restores; since decision 054 the embedded database is PostgreSQL, and a PGlite folder or
// backup moves into it at the first start.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import sharp from 'sharp';
import { max, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backup, BackupError, MANIFEST, readManifest, restore } from '../src/cli/backup.ts';
import { openPglite, openPostgres, type Db } from '../src/db/client.ts';
import { openDatabase } from '../src/db/open-database.ts';
import { files } from '../src/db/schema/files.ts';
import { users } from '../src/db/schema/users.ts';
import { loadConfig } from '../src/config.ts';
import { seedDemo } from '../src/features/demo/seed.ts';
import { accountSummary } from '../src/features/payments/account-summary.ts';
import { databaseStorage, newStorageKey } from '../src/features/files/file-storage.ts';
import { insertFileRow, pendingUpload } from '../src/features/files/files.ts';
import { startUp } from '../src/start-up.ts';
import { sanitizeUpload } from '../src/features/files/sanitize-upload.ts';
import { trialBalance, unbalancedEntries } from '../src/features/ledger/balances.ts';
import { scratchPostgres } from './scratch-postgres.ts';

const NOW = new Date();

/** What must survive a backup: every member's balances, the trial balance, every file's bytes. */
async function snapshot(db: Db) {
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
    bytes[f.id] = (await databaseStorage.get(db, f.storageKey))!.toString('base64');
  return {
    balances,
    trial: await trialBalance(db),
    unbalanced: await unbalancedEntries(db),
    bytes,
  };
}

/** The demo data plus one more receipt, a photo of a different kind. */
async function seed(db: Db) {
  expect(await seedDemo(db, databaseStorage, NOW)).toBe(true);
  const [member] = await db.select().from(users).limit(1);
  const jpeg = await sharp({
    create: { width: 200, height: 120, channels: 3, background: '#803040' },
  })
    .jpeg()
    .toBuffer();
  const upload = pendingUpload(databaseStorage, await sanitizeUpload(jpeg), 'receipt.jpg');
  await db.transaction((tx) => insertFileRow(tx, member!.id, 'receipt', upload));
}

async function tempDir(name: string) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `jamiya-${name}-`));
  await fs.chmod(dir, 0o755); // run as root, PostgreSQL runs as a user that must pass through
  return dir;
}

describe('backup and restore of the embedded database', () => {
  let work: string;
  beforeAll(async () => {
    work = await tempDir('backup');
  });
  afterAll(async () => {
    await fs.rm(work, { recursive: true, force: true });
  });

  /** A data folder as the app left it before decision 054: a migrated PGlite database. */
  let pgliteFolder: string | undefined;
  async function dataDirWithTemplate(name: string) {
    if (!pgliteFolder) {
      pgliteFolder = path.join(work, 'pglite-template');
      await (await openPglite(pgliteFolder)).close();
    }
    const dataDir = path.join(work, name);
    await fs.cp(pgliteFolder, path.join(dataDir, 'pglite'), { recursive: true });
    return dataDir;
  }
  const targetOf = (dataDir: string) => ({
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    databaseUrl: undefined,
  });

  /**
   * The seeded data folder's backup in work/backup, made once by the first test that needs it:
   * the refusals below read it too, in whatever order the tests run.
   */
  let made:
    | Promise<{
        out: string;
        before: Awaited<ReturnType<typeof snapshot>>;
        manifest: Awaited<ReturnType<typeof backup>>;
      }>
    | undefined;
  function seededBackup() {
    made ??= (async () => {
      const source = targetOf(path.join(work, 'source'));
      const database = await openDatabase(loadConfig({ DATA_DIR: source.dataDir }));
      await seed(database.db);
      const before = await snapshot(database.db);
      await database.close();
      const out = path.join(work, 'backup');
      return { out, before, manifest: await backup(source, out, NOW) };
    })();
    return made;
  }

  it('restores the same balances, books and files into a fresh data folder', async () => {
    const { out, before, manifest } = await seededBackup();
    expect(Object.keys(before.bytes).length).toBeGreaterThan(1);

    expect(manifest).toMatchObject({
      format: 'jamiya-backup/2',
      database: 'embedded',
      database_tool: expect.stringMatching(/^PostgreSQL 18 \(embedded\)$/),
      created_at: NOW.toISOString(),
      file_count: 0,
    });
    expect(await fs.readdir(out)).toEqual(['database.tar.gz', MANIFEST]);
    expect(manifest.database_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await readManifest(out)).toEqual(manifest);

    const copy = targetOf(path.join(work, 'restored'));
    await restore(copy, out);
    // As the server opens it: the folder lock, PostgreSQL, then the migrations.
    const database = await openDatabase(loadConfig({ DATA_DIR: copy.dataDir }));
    try {
      const after = await snapshot(database.db);
      expect(after).toEqual(before);
      expect(after.trial.balanced).toBe(true);
      expect(after.unbalanced).toEqual([]);
      expect(fsSync.existsSync(copy.uploadsDir)).toBe(false);
    } finally {
      await database.close();
    }
  });

  it('moves a PGlite folder into PostgreSQL at the first start, every value exact', async () => {
    const dataDir = await dataDirWithTemplate('from-pglite');
    const old = await openPglite(path.join(dataDir, 'pglite'));
    await seed(old.db);
    await old.db.execute(
      sql`update users set created_at = created_at + interval '123 microseconds'`,
    );
    const before = await snapshot(old.db);
    const stamps = async (db: Db) =>
      (await db.execute(sql`select created_at::text as t from users order by id`)) as unknown as {
        rows: { t: string }[];
      };
    const stampsBefore = (await stamps(old.db)).rows;
    const [last] = await old.db.select({ id: max(users.id) }).from(users);
    await old.close();
    expect(stampsBefore[0]!.t).toMatch(/\.\d{3}123\+/); // to the microsecond

    const database = await openDatabase(loadConfig({ DATA_DIR: dataDir }));
    try {
      expect(database.kind).toBe('embedded');
      expect(await snapshot(database.db)).toEqual(before);
      expect((await stamps(database.db)).rows).toEqual(stampsBefore);
      // Ids go on after the copied ones.
      const next = await makeUser(database.db);
      expect(next.id).toBe(last!.id! + 1);
    } finally {
      await database.close();
    }
    expect(await fs.readdir(dataDir)).toEqual(
      expect.arrayContaining(['postgres', 'pglite.moved-to-postgres']),
    );
    expect(fsSync.existsSync(path.join(dataDir, 'pglite'))).toBe(false);
    // A PGlite's migrations and a fresh initdb: 13 s alone, 30 on a machine busy with more.
  }, 90_000);

  it('refuses while a server holds the data folder, and into a folder in use', async () => {
    const { out } = await seededBackup();
    const dataDir = path.join(work, 'locked');
    const running = await openDatabase(loadConfig({ DATA_DIR: dataDir }));
    try {
      await expect(backup(targetOf(dataDir), path.join(work, 'never'))).rejects.toThrow(
        /A Jamiya server is using the database .* Stop it first/,
      );
    } finally {
      await running.close();
    }
    await expect(restore(targetOf(dataDir), out)).rejects.toThrow(
      /is not empty: restore into a new DATA_DIR/,
    );
  });

  it('refuses a damaged backup before writing anything', async () => {
    const { out } = await seededBackup();
    const manifest = await readManifest(out);
    const damaged = path.join(work, 'damaged');
    await fs.cp(out, damaged, { recursive: true });
    await fs.appendFile(path.join(damaged, manifest.database_file), 'x');
    const target = targetOf(path.join(work, 'from-damaged'));
    await expect(restore(target, damaged)).rejects.toThrow(BackupError);
    await expect(fs.readdir(target.dataDir)).rejects.toThrow(/ENOENT/);
    await fs.rm(path.join(damaged, MANIFEST));
    await expect(restore(target, damaged)).rejects.toThrow(/not a complete backup/);
  });
  it('refuses to back up while uploads still wait on disk to move into the database', async () => {
    const source = targetOf(path.join(work, 'waiting'));
    await fs.mkdir(source.uploadsDir, { recursive: true });
    await fs.writeFile(path.join(source.uploadsDir, newStorageKey()), 'old bytes');
    await expect(backup(source, path.join(work, 'never-2'))).rejects.toThrow(
      /1 uploaded file\(s\) are still in .*start the server once/,
    );
  });

  it('restores a backup made before issue 25 (files beside the dump), and the next start moves them in', async () => {
    // What the old version left: a record whose bytes are a file, backed up beside the dump
    // that PGlite's dumpDataDir made.
    const source = targetOf(await dataDirWithTemplate('old-source'));
    const database = await openPglite(path.join(source.dataDir, 'pglite'));
    const owner = await makeUser(database.db);
    const { data, mime, ext } = await sanitizeUpload(
      await sharp({ create: { width: 50, height: 40, channels: 3, background: '#204080' } })
        .png()
        .toBuffer(),
    );
    const key = newStorageKey();
    await database.db.insert(files).values({
      ownerId: owner.id,
      purpose: 'receipt',
      mime,
      ext,
      sizeBytes: data.length,
      storageKey: key,
    });
    const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('gzip');
    await database.close();
    const out = path.join(work, 'old-backup');
    await fs.mkdir(path.join(out, 'uploads'), { recursive: true });
    await fs.writeFile(path.join(out, 'database.tar.gz'), Buffer.from(await dump.arrayBuffer()));
    await fs.writeFile(path.join(out, 'uploads', key), data);
    const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    await fs.writeFile(
      path.join(out, MANIFEST),
      JSON.stringify({
        format: 'jamiya-backup/1',
        created_at: NOW.toISOString(),
        database: 'pglite',
        database_file: 'database.tar.gz',
        database_sha256: sha(await fs.readFile(path.join(out, 'database.tar.gz'))),
        database_tool: 'PGlite',
        file_count: 1,
        files: { [key]: sha(data) },
      }),
    );

    const copy = targetOf(path.join(work, 'old-restored'));
    await restore(copy, out);
    expect(await fs.readdir(copy.uploadsDir)).toEqual([key]);

    const started = await startUp(loadConfig({ DATA_DIR: copy.dataDir, DEMO_SEED: '0' }));
    try {
      expect(started.uploads).toEqual({ moved: 1, removed: 0, missing: 0 });
      expect((await databaseStorage.get(started.database.db, key))!.equals(data)).toBe(true);
      expect(fsSync.existsSync(copy.uploadsDir)).toBe(false);
    } finally {
      await started.database.close();
    }
    // As the PGlite move above: when it runs first it also migrates the PGlite template.
  }, 90_000);
});

/**
 * pg_dump refuses a server newer than itself: the backup of a PostgreSQL server is tested where
 * the installed pg_dump is of the server's version (CI's server; not the embedded PostgreSQL 18
 * beside an older pg_dump, or none).
 */
async function pgDumpFitsServer(url: string): Promise<boolean> {
  let dumpMajor: number;
  try {
    dumpMajor = Number(
      /(\d+)\./.exec(execFileSync('pg_dump', ['--version'], { encoding: 'utf8' }))?.[1],
    );
  } catch {
    return false;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // SHOW names its column server_version_num: `as v` needs a select.
    const { rows } = await client.query<{ v: string }>(
      "select current_setting('server_version_num') as v",
    );
    return Math.floor(Number(rows[0]?.v) / 10_000) === dumpMajor;
  } finally {
    await client.end();
  }
}

describe.runIf(await pgDumpFitsServer(process.env.TEST_DATABASE_URL!))(
  'backup and restore on PostgreSQL',
  () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    let work: string;

    const drops: (() => Promise<void>)[] = [];
    async function scratchDatabase(): Promise<string> {
      const scratch = await scratchPostgres(adminUrl, 'jamiya_bk');
      drops.push(scratch.drop);
      return scratch.url;
    }

    beforeAll(async () => {
      work = await tempDir('backup-pg');
    });
    afterAll(async () => {
      await fs.rm(work, { recursive: true, force: true });
      for (const drop of drops) await drop();
    });

    it('restores the same balances, books and files into a fresh database', async () => {
      const source = {
        dataDir: path.join(work, 'source'),
        uploadsDir: path.join(work, 'source', 'uploads'),
        databaseUrl: await scratchDatabase(),
      };
      let database = await openPostgres(source.databaseUrl);
      try {
        await seed(database.db);
        const before = await snapshot(database.db);
        // pg_dump runs while the database is open (an online backup).
        const out = path.join(work, 'backup');
        const manifest = await backup(source, out, NOW);
        expect(manifest).toMatchObject({ database: 'postgres', file_count: 0 });

        const copy = {
          dataDir: path.join(work, 'restored'),
          uploadsDir: path.join(work, 'restored', 'uploads'),
          databaseUrl: await scratchDatabase(),
        };
        await restore(copy, out);
        await database.close();
        database = await openPostgres(copy.databaseUrl);
        const after = await snapshot(database.db);
        expect(after).toEqual(before);
        expect(after.trial.balanced).toBe(true);

        // Into a database that already has tables: refused.
        await expect(restore(copy, out)).rejects.toThrow(/not empty: restore into a new database/);
        // A PostgreSQL backup is not restored into the embedded database.
        await expect(restore({ ...copy, databaseUrl: undefined }, out)).rejects.toThrow(
          /restore it with DATABASE_URL set/,
        );
      } finally {
        await database.close();
      }
    });
  },
);
