// A seeded association served by the built server, for the benches that measure at a size
// (bench-scale.ts, bench-pack.ts): seed:scale on the embedded database or a scratch database of a
// PostgreSQL server, then dist/server.js, removed after `measure` has run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { scratchPostgres } from '../../apps/server/test/scratch-postgres.ts';
import { SCALE_PASSWORD } from '../seed-scale/sign-ins.ts';
import { start, stopChild, tsx, waitFor } from './processes.ts';

function run(argv: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const child = start(tsx, argv, env);
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${argv[0]}: ${code}`)))),
  );
}

export async function withSeededServer<T>(
  options: { database: string; members: number; port: string; pgUrl: string },
  measure: (base: string) => Promise<T>,
): Promise<T> {
  const base = `http://127.0.0.1:${options.port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jamiya-seeded-'));
  fs.chmodSync(dataDir, 0o755); // run as root, the embedded PostgreSQL runs as a user of its own
  const scratch =
    options.database === 'postgres' ? await scratchPostgres(options.pgUrl, 'jamiya_seeded') : null;
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: path.join(dataDir, 'data') };
  delete env.DATABASE_URL;
  if (scratch) env.DATABASE_URL = scratch.url;
  try {
    const where = scratch ? ['--database-url', scratch.url] : ['--data-dir', env.DATA_DIR!];
    await run(['scripts/seed-scale.ts', '--members', String(options.members), ...where], env);
    const server = start(process.execPath, ['apps/server/dist/server.js'], {
      ...env,
      PORT: options.port,
      NOTIFICATION_JOB_SECONDS: '0',
      LOG_LEVEL: 'warn',
    });
    try {
      await waitFor(`${base}/api/health`, server);
      return await measure(base);
    } finally {
      await stopChild(server);
    }
  } finally {
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A seeded user's bearer header. */
export async function signIn(base: string, email: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: SCALE_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email}: ${res.status}`);
  return {
    authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}`,
  };
}
