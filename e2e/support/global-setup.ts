import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startMailbox } from './mailbox.ts';
import { runServer } from './run-server.ts';

// One server for the run, built as `npm start` builds it, on a fresh embedded database,
// sending its mail to an SMTP server of the run's own (read by the `mailTo` fixture).
const root = path.resolve(import.meta.dirname, '../..');

export default async function globalSetup() {
  const tmp = fs.mkdtempSync(path.join(process.env.TMPDIR ?? os.tmpdir(), 'jamiya-e2e-'));
  fs.chmodSync(tmp, 0o755); // run as root, PostgreSQL runs as a user that must pass through
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
  const server = await runServer(env).catch(async (err: unknown) => {
    await mailbox.close();
    fs.rmSync(tmp, { recursive: true, force: true });
    throw err;
  });
  // A server that stops during the run fails every later test with a refused connection: say why.
  server.onUnexpectedExit((code) =>
    console.error(`The e2e server stopped (${code}):\n${server.output().slice(-4000)}`),
  );
  const teardown = async () => {
    await server.stop();
    await mailbox.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  process.env.E2E_BASE_URL = base;
  process.env.E2E_MAIL_DIR = mailDir;
  return teardown;
}
