import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startMailbox } from './mailbox.ts';

// One server for the run, built as `npm start` builds it, on a fresh embedded database,
// sending its mail to an SMTP server of the run's own (read by the `mailTo` fixture).
const root = path.resolve(import.meta.dirname, '../..');

export default async function globalSetup() {
  const tmp = fs.mkdtempSync(path.join(process.env.TMPDIR ?? os.tmpdir(), 'jamiya-e2e-'));
  const dataDir = path.join(tmp, 'data');
  const mailDir = path.join(tmp, 'mail');
  const port = Number(process.env.E2E_PORT ?? 3300 + Math.floor(Math.random() * 500));
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    DEMO_SEED: '1',
    // The links in mails must open where the browser opens the app.
    PUBLIC_URL: base,
    // The dues reminders a spec waits for (dues-calendar.spec.ts) come within seconds.
    NOTIFICATION_JOB_SECONDS: '5',
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  if (!process.env.E2E_SKIP_BUILD)
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  execFileSync(
    path.join(root, 'node_modules/.bin/tsx'),
    [path.join(root, 'e2e/support/prepare-db.ts')],
    { cwd: root, env, stdio: 'inherit' },
  );
  const mailbox = await startMailbox(mailDir);
  env.SMTP_URL = `smtp://127.0.0.1:${mailbox.port}`;
  const server: ChildProcess = spawn(
    process.execPath,
    [path.join(root, 'apps/server/dist/server.js')],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  server.stdout?.on('data', (d) => (output += d));
  server.stderr?.on('data', (d) => (output += d));
  // A server that stops during the run fails every later test with a refused connection: say why.
  let stopping = false;
  server.once('exit', (code, signal) => {
    if (!stopping)
      console.error(`The e2e server stopped (${code ?? signal}):\n${output.slice(-4000)}`);
  });

  const teardown = async () => {
    stopping = true;
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    await mailbox.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  };

  const until = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (server.exitCode !== null || Date.now() > until) {
      await teardown();
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  process.env.E2E_BASE_URL = base;
  process.env.E2E_MAIL_DIR = mailDir;
  return teardown;
}
