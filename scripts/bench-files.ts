// npm run bench:files -- [--count 100] [--pg-url postgres://postgres@127.0.0.1:5432/postgres]
// npm run bench:files -- --backup 1000     the PGlite backup of that many receipts, both ways
//
// Decision 032's figures: the cost of a receipt of ~300 KB (a phone's shrunk photo, re-encoded
// by the server) kept in the database beside its row, against a file on disk as the server
// kept it before issue 25 (written, fsynced and renamed before its row's transaction), on PGlite
// and on PostgreSQL: the time to write one (its row with it) and to read one (its row, then its
// bytes), and what the database and the disk grow by. Each on a fresh database. With --backup:
// the time and peak memory of backing up a PGlite folder holding that many receipts, with
// PGlite's dumpDataDir (the backup before issue 25) and with the streamed tar (cli/backup-folder.ts).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { openPglite, openPostgres, type Database } from '../apps/server/src/db/client.ts';
import { files } from '../apps/server/src/db/schema/files.ts';
import { photoLike } from '../apps/server/src/features/demo/demo-pictures.ts';
import { databaseStorage, newStorageKey } from '../apps/server/src/features/files/file-storage.ts';
import { findFile, insertFileRow, pendingUpload } from '../apps/server/src/features/files/files.ts';
import {
  sanitizeUpload,
  type SanitizedUpload,
} from '../apps/server/src/features/files/sanitize-upload.ts';
import { createUser } from '../apps/server/src/features/users/create-user.ts';

const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: '100' },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    backup: { type: 'string' },
    dump: { type: 'string' },
    dir: { type: 'string' },
    file: { type: 'string' },
  },
});
const COUNT = Number(args.count);
const PHONE_MAX_BYTES = 300 * 1024;

/** A photo as the phone sends it: the highest JPEG quality that fits in 300 KB. */
async function phoneReceipt(): Promise<Buffer> {
  const photo = await photoLike(7, 1280, 960);
  let [low, high] = [20, 95];
  let best = await sharp(photo).jpeg({ quality: low }).toBuffer();
  while (low < high) {
    const q = Math.ceil((low + high) / 2);
    const out = await sharp(photo).jpeg({ quality: q }).toBuffer();
    if (out.length <= PHONE_MAX_BYTES) [low, best] = [q, out];
    else high = q - 1;
  }
  return best;
}

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  return `${at(0.5).toFixed(2)} / ${at(0.95).toFixed(2)}`;
}

// The disk storage before issue 25: temp file, fsync, rename, fsync of the folder.
async function writeLikeBefore(folder: string, key: string, data: Buffer) {
  const temp = path.join(folder, `.${key}.${randomBytes(8).toString('hex')}.tmp`);
  const file = await fs.open(temp, 'wx', 0o600);
  await file.writeFile(data);
  await file.sync();
  await file.close();
  await fs.rename(temp, path.join(folder, key));
  const dir = await fs.open(folder, 'r');
  await dir.sync();
  await dir.close();
}

const duBytes = (dir: string) => Number(execFileSync('du', ['-sb', dir]).toString().split('\t')[0]);
const duDisk = (dir: string) =>
  Number(execFileSync('du', ['-s', '--block-size=1', dir]).toString().split('\t')[0]);

async function measure(database: Database, upload: SanitizedUpload, sizeOf: () => Promise<number>) {
  const { db } = database;
  const owner = await createUser(db, {
    name: 'Bench Member',
    email: `bench-${randomBytes(4).toString('hex')}@example.test`,
    password: 'bench-password-1',
    joinedOn: '2026-01-01',
  });
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'jamiya-bench-files-'));
  try {
    const before = await sizeOf();
    const inDb = { write: [] as number[], read: [] as number[], ids: [] as string[] };
    for (let i = 0; i < COUNT; i++) {
      const t = process.hrtime.bigint();
      const row = await db.transaction((tx) =>
        insertFileRow(tx, owner.id, 'receipt', pendingUpload(databaseStorage, upload, 'r.jpg')),
      );
      inDb.write.push(ms(t));
      inDb.ids.push(row.id);
    }
    await db.execute(sql`checkpoint`);
    const grown = (await sizeOf()) - before;
    for (const id of inDb.ids) {
      const t = process.hrtime.bigint();
      const row = await findFile(db, id);
      const bytes = await databaseStorage.get(db, row!.storageKey);
      if (bytes?.length !== upload.data.length) throw new Error('read back the wrong bytes');
      inDb.read.push(ms(t));
    }

    const onDisk = { write: [] as number[], read: [] as number[], ids: [] as string[] };
    for (let i = 0; i < COUNT; i++) {
      const t = process.hrtime.bigint();
      const key = newStorageKey();
      await writeLikeBefore(folder, key, upload.data);
      const [row] = await db.transaction((tx) =>
        tx
          .insert(files)
          .values({
            ownerId: owner.id,
            purpose: 'receipt',
            mime: upload.mime,
            ext: upload.ext,
            sizeBytes: upload.data.length,
            storageKey: key,
          })
          .returning({ id: files.id }),
      );
      onDisk.write.push(ms(t));
      onDisk.ids.push(row!.id);
    }
    for (const id of onDisk.ids) {
      const t = process.hrtime.bigint();
      const row = await findFile(db, id);
      const bytes = await fs.readFile(path.join(folder, row!.storageKey));
      if (bytes.length !== upload.data.length) throw new Error('read back the wrong bytes');
      onDisk.read.push(ms(t));
    }
    const { rows: sizes } = (await db.execute(
      sql`select pg_total_relation_size('file_contents')::text as n`,
    )) as unknown as { rows: { n: string }[] };
    return {
      database: {
        write: summary(inDb.write),
        read: summary(inDb.read),
        grown,
        table: Number(sizes[0]!.n),
      },
      disk: { write: summary(onDisk.write), read: summary(onDisk.read), bytes: duDisk(folder) },
    };
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}

async function main() {
  const phone = await phoneReceipt();
  const upload = await sanitizeUpload(phone);
  console.log(
    `receipt: ${(phone.length / 1024).toFixed(1)} KB from the phone, stored re-encoded as ` +
      `${(upload.data.length / 1024).toFixed(1)} KB (${upload.mime}); ${COUNT} of each; ` +
      `${new Date().toISOString()}, ${os.cpus().length} × ${os.cpus()[0]?.model}, load ${os.loadavg()[0]?.toFixed(1)}`,
  );
  const rows: string[] = [];
  const kb = (n: number) => `${(n / COUNT / 1024).toFixed(1)} KB`;
  const addRows = (kind: string, r: Awaited<ReturnType<typeof measure>>) =>
    rows.push(
      `| ${kind} | in the database | ${r.database.write} | ${r.database.read} | ${kb(r.database.grown)} (table ${kb(r.database.table)}) |`,
      `| ${kind} | on disk (before) | ${r.disk.write} | ${r.disk.read} | ${kb(r.disk.bytes)} |`,
    );
  const pgliteDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jamiya-bench-pglite-'));
  const pglite = await openPglite(pgliteDir);
  try {
    addRows('PGlite', await measure(pglite, upload, async () => duBytes(pgliteDir)));
  } finally {
    await pglite.close();
    await fs.rm(pgliteDir, { recursive: true, force: true });
  }

  const name = `jamiya_bench_files_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: args['pg-url'] });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(args['pg-url']!);
  url.pathname = `/${name}`;
  const postgres = await openPostgres(url.toString());
  try {
    const sizeOf = async () => {
      const { rows: r } = await admin.query<{ n: string }>(
        'select pg_database_size($1)::text as n',
        [name],
      );
      return Number(r[0]!.n);
    };
    addRows('PostgreSQL', await measure(postgres, upload, sizeOf));
  } finally {
    await postgres.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  console.log(
    '\n| database | receipt kept | write ms, median / p95 | read ms, median / p95 | growth per receipt |',
  );
  console.log('| --- | --- | --- | --- | --- |');
  for (const row of rows) console.log(row);
}

/** In a child process of its own, so that its peak memory is the dump's alone. */
async function dumpOnce(way: string, dir: string, file: string) {
  const t = process.hrtime.bigint();
  if (way === 'dumpDataDir') {
    const { PGlite } = await import('@electric-sql/pglite');
    const client = await PGlite.create(dir);
    const dump = await client.dumpDataDir('gzip');
    await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
    await client.close();
  } else {
    const { dumpFolder } = await import('../apps/server/src/cli/backup-folder.ts');
    await dumpFolder(path.dirname(dir), dir, file);
  }
  const seconds = ms(t) / 1000;
  console.log(JSON.stringify({ seconds, peakMb: process.resourceUsage().maxRSS / 1024 }));
}

async function backupFigures(receipts: number) {
  const upload = await sanitizeUpload(await phoneReceipt());
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'jamiya-bench-backup-'));
  const dir = path.join(work, 'pglite');
  try {
    const database = await openPglite(dir);
    const owner = await createUser(database.db, {
      name: 'Bench Member',
      email: 'bench@example.test',
      password: 'bench-password-1',
      joinedOn: '2026-01-01',
    });
    for (let i = 0; i < receipts; i++)
      await database.db.transaction((tx) =>
        insertFileRow(tx, owner.id, 'receipt', pendingUpload(databaseStorage, upload, 'r.jpg')),
      );
    await database.close();
    console.log(
      `PGlite folder with ${receipts} receipts of ${(upload.data.length / 1024).toFixed(0)} KB: ` +
        `${(duBytes(dir) / 1024 / 1024).toFixed(0)} MB; ${new Date().toISOString()}`,
    );
    console.log('\n| backup | seconds | peak memory of the process | archive |');
    console.log('| --- | --- | --- | --- |');
    for (const way of ['dumpDataDir', 'streamed tar']) {
      const file = path.join(work, 'dump.tar.gz');
      const out = execFileSync(
        path.resolve('node_modules/.bin/tsx'),
        [fileURLToPath(import.meta.url), '--dump', way, '--dir', dir, '--file', file],
        { encoding: 'utf8', maxBuffer: 1 << 20 },
      );
      const { seconds, peakMb } = JSON.parse(out.trim().split('\n').pop()!);
      const size = (await fs.stat(file)).size / 1024 / 1024;
      console.log(
        `| ${way} | ${seconds.toFixed(1)} | ${peakMb.toFixed(0)} MB | ${size.toFixed(0)} MB |`,
      );
      await fs.rm(file);
    }
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

if (args.dump) await dumpOnce(args.dump, args.dir!, args.file!);
else if (args.backup) await backupFigures(Number(args.backup));
else await main();
