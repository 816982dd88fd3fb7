// npm run backup -- --out <dir>      a backup of the database, uploaded files included
// npm run restore -- --from <dir>    into an empty DATA_DIR, or an empty DATABASE_URL database
//
// The embedded PostgreSQL (no DATABASE_URL): the server must be stopped. The backup takes the
// data folder's lock, as the server does, so it refuses while a server runs; the dump is a
// gzipped tar of the database's folder, streamed (backup-folder.ts). PostgreSQL: pg_dump (custom format) while
// the server runs; restore uses pg_restore. The uploaded files are in the database (decision
// 032). A manifest (manifest.json, written last) lists the time, the database kind and the
// SHA-256 of every part; restore checks them all before writing anything. A backup made before
// issue 25 also holds uploads/<key> files: restore puts them in DATA_DIR/uploads, and the
// server moves them into the database at its next start.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ConfigError, loadConfig } from '../config.ts';
import { diskUploadsIn } from '../features/files/public.ts';
import { embeddedFolder, pgliteFolder } from '../db/open-database.ts';
import { BackupError, dumpFolder, restoreFolder } from './backup-folder.ts';

export { BackupError };

export const MANIFEST = 'manifest.json';
// 1: the database and an uploads/ folder; 2 (issue 25): the database alone.
const FORMAT = 'jamiya-backup/2';
const FORMATS = ['jamiya-backup/1', FORMAT];

export interface BackupTarget {
  /** DATA_DIR: holds postgres/ (when there is no databaseUrl), and uploads/ before issue 25. */
  dataDir: string;
  uploadsDir: string;
  databaseUrl: string | undefined;
}

export interface Manifest {
  format: string;
  created_at: string;
  /** embedded: PostgreSQL's folder (decision 054); pglite: PGlite's, before it. */
  database: 'embedded' | 'pglite' | 'postgres';
  database_file: string;
  database_sha256: string;
  /** The tool that wrote the dump (the PGlite or pg_dump version): restore with the same or newer. */
  database_tool: string;
  /** Files beside the database (format 1 only; 0 since the files are in the database). */
  file_count: number;
  /** uploads/<key> → SHA-256 of its bytes (format 1). */
  files: Record<string, string>;
}

export async function backup(target: BackupTarget, outDir: string, now = new Date()) {
  const out = path.resolve(outDir);
  if (existsSync(out) && (await fs.readdir(out)).length > 0)
    throw new BackupError(`${out} is not empty: back up into a new folder.`);
  const leftOnDisk = await diskUploadsIn(target.uploadsDir);
  if (leftOnDisk > 0)
    throw new BackupError(
      `${leftOnDisk} uploaded file(s) are still in ${target.uploadsDir}: start the server once ` +
        '(it moves them into the database), then back up.',
    );
  await fs.mkdir(out, { recursive: true });

  let databaseFile: string;
  let tool: string;
  if (target.databaseUrl) {
    databaseFile = 'database.dump';
    tool = (await run('pg_dump', ['--version'], {})).trim();
    await run(
      'pg_dump',
      // Receipts are most of the bytes and do not compress (and pg_dump writes a bytea as hex,
      // which level 1 shrinks back as well as the default): 300 MB of them dump in 6 s at
      // level 1 against 20 s at the default 6, to 368 MB against 359 MB (decision 032).
      ['--format=custom', '--compress=1', '--no-owner', '--file', path.join(out, databaseFile)],
      connectionEnv(target.databaseUrl),
    );
  } else {
    databaseFile = 'database.tar.gz';
    tool = await dumpFolder(
      target.dataDir,
      embeddedFolder(target.dataDir),
      path.join(out, databaseFile),
    );
  }

  const manifest: Manifest = {
    format: FORMAT,
    created_at: now.toISOString(),
    database: target.databaseUrl ? 'postgres' : 'embedded',
    database_file: databaseFile,
    database_sha256: await sha256(path.join(out, databaseFile)),
    database_tool: tool,
    file_count: 0,
    files: {},
  };
  await fs.writeFile(path.join(out, MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}

export async function restore(target: BackupTarget, fromDir: string) {
  const from = path.resolve(fromDir);
  const manifest = await readManifest(from);
  const embedded = manifest.database !== 'postgres';
  if (embedded === Boolean(target.databaseUrl))
    throw new BackupError(
      `This backup is of ${embedded ? 'the embedded' : 'a PostgreSQL'} database; restore it ` +
        `with ${embedded ? 'no DATABASE_URL' : 'DATABASE_URL set'}.`,
    );
  await verify(from, manifest);
  if (!target.databaseUrl)
    for (const folder of [embeddedFolder(target.dataDir), pgliteFolder(target.dataDir)])
      if (existsSync(folder) && (await fs.readdir(folder)).length > 0)
        throw new BackupError(`${folder} is not empty: restore into a new DATA_DIR.`);
  if (existsSync(target.uploadsDir) && (await fs.readdir(target.uploadsDir)).length > 0)
    throw new BackupError(`${target.uploadsDir} is not empty: restore into a new DATA_DIR.`);

  if (target.databaseUrl) {
    await assertEmptyPostgres(target.databaseUrl);
    await run(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        // The name only: host, user and password come from the environment.
        `--dbname=${decodeURIComponent(new URL(target.databaseUrl).pathname.slice(1))}`,
        path.join(from, manifest.database_file),
      ],
      connectionEnv(target.databaseUrl),
    );
  } else {
    // A PGlite backup waits in DATA_DIR/pglite: the next start moves it into PostgreSQL.
    await restoreFolder(
      target.dataDir,
      path.join(from, manifest.database_file),
      (manifest.database === 'pglite' ? pgliteFolder : embeddedFolder)(target.dataDir),
    );
  }

  // A backup made before issue 25: its files wait in uploads/ for the next start.
  if (manifest.file_count > 0) await fs.mkdir(target.uploadsDir, { recursive: true, mode: 0o700 });
  for (const key of Object.keys(manifest.files)) {
    await fs.copyFile(path.join(from, 'uploads', key), path.join(target.uploadsDir, key));
    await fs.chmod(path.join(target.uploadsDir, key), 0o600);
  }
  return manifest;
}

export async function readManifest(from: string): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await fs.readFile(path.join(from, MANIFEST), 'utf8')) as Manifest;
  } catch {
    throw new BackupError(`${from} has no readable ${MANIFEST}: it is not a complete backup.`);
  }
  if (!FORMATS.includes(manifest.format))
    throw new BackupError(`Unknown backup format in ${from}.`);
  return manifest;
}

/** Every part of the backup has the bytes the manifest says. */
export async function verify(from: string, manifest: Manifest): Promise<void> {
  const bad: string[] = [];
  if ((await sha256(path.join(from, manifest.database_file))) !== manifest.database_sha256)
    bad.push(manifest.database_file);
  for (const [key, sum] of Object.entries(manifest.files)) {
    const file = path.join(from, 'uploads', key);
    if (!existsSync(file) || (await sha256(file)) !== sum) bad.push(`uploads/${key}`);
  }
  if (Object.keys(manifest.files).length !== manifest.file_count) bad.push('file_count');
  if (bad.length)
    throw new BackupError(`The backup in ${from} is damaged: ${bad.slice(0, 5).join(', ')}.`);
}

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function assertEmptyPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    if ((rows[0]?.n ?? 0) > 0)
      throw new BackupError('The DATABASE_URL database is not empty: restore into a new database.');
  } finally {
    await client.end();
  }
}

// libpq reads the connection from the environment, so the password never shows in `ps`.
function connectionEnv(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env, PGHOST: u.hostname, PGPORT: u.port || '5432' };
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  env.PGDATABASE = decodeURIComponent(u.pathname.slice(1));
  const sslmode = u.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', (err) => reject(new BackupError(`${command} could not run: ${err.message}`)));
    child.on('exit', (code) =>
      code === 0
        ? resolve(stdout)
        : reject(new BackupError(`${command} failed (${code}): ${stderr.trim()}`)),
    );
  });
}

export const USAGE = `Usage:
  npm run backup -- --out <folder>     back up the database (uploaded files included) into a new folder
  npm run restore -- --from <folder>   restore into an empty DATA_DIR (embedded) or an empty
                                       DATABASE_URL database (PostgreSQL)`;

async function main(argv: string[]): Promise<number> {
  const [command, name, value] = argv;
  const wanted = command === 'backup' ? '--out' : command === 'restore' ? '--from' : undefined;
  if (!wanted || name !== wanted || !value) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const target = {
    dataDir: config.dataDir,
    uploadsDir: config.uploadsDir,
    databaseUrl: config.databaseUrl,
  };
  if (command === 'backup') {
    const m = await backup(target, value);
    console.log(
      `Backed up the ${m.database === 'postgres' ? 'PostgreSQL' : 'embedded'} database ` +
        `(uploaded files included) into ${path.resolve(value)}.`,
    );
  } else {
    const m = await restore(target, value);
    console.log(
      `Restored the backup of ${m.created_at} into ` +
        `${target.databaseUrl ? 'the DATABASE_URL database' : config.dataDir}` +
        (m.file_count > 0
          ? `; its ${m.file_count} file(s) move from ${target.uploadsDir} into the database at the next start.`
          : '.'),
    );
  }
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      const isExpected = err instanceof BackupError || err instanceof ConfigError;
      console.error(isExpected ? err.message : err);
      process.exit(1);
    },
  );
}
