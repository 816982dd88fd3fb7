import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// One server for the run, built as `npm start` builds it, on a fresh embedded database.
const root = path.resolve(import.meta.dirname, '../..');

export default async function globalSetup() {
  const tmp = fs.mkdtempSync(path.join(process.env.TMPDIR ?? os.tmpdir(), 'jamiya-e2e-'));
  const dataDir = path.join(tmp, 'data');
  const port = Number(process.env.E2E_PORT ?? 3300 + Math.floor(Math.random() * 500));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    DEMO_SEED: '1',
  };
  delete env.DATABASE_URL;
  if (!process.env.E2E_SKIP_BUILD)
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  execFileSync(
    path.join(root, 'node_modules/.bin/tsx'),
    [path.join(root, 'e2e/support/prepare-db.ts')],
    { cwd: root, env, stdio: 'inherit' },
  );
  const server: ChildProcess = spawn(
    process.execPath,
    [path.join(root, 'apps/server/dist/server.js')],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  server.stdout?.on('data', (d) => (output += d));
  server.stderr?.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (server.exitCode !== null || Date.now() > until)
      throw new Error(`the server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  process.env.E2E_BASE_URL = base;
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(tmp, { recursive: true, force: true });
  };
}
