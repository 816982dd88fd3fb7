import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';

// The built server as `npm start` runs it, for the run (global-setup.ts) and for the specs that
// need one of their own.
const root = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  base: string;
  /** Stops it (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
  /** What it wrote so far, for a message when it stops during the run. */
  output(): string;
  onUnexpectedExit(say: (code: string) => void): void;
}

/** Starts apps/server/dist/server.js with `env` and waits until /api/health answers (60 s). */
export async function runServer(env: NodeJS.ProcessEnv): Promise<RunningServer> {
  const base = `http://127.0.0.1:${env.PORT}`;
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  let stopping = false;
  const server: RunningServer = {
    base,
    output: () => output,
    onUnexpectedExit: (say) =>
      child.once('exit', (code, signal) => {
        if (!stopping) say(String(code ?? signal));
      }),
    async stop() {
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
  const until = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > until) {
      await server.stop();
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * A second server on a fresh embedded database with the demo data and no mail server: what an
 * association without SMTP_URL runs, for the specs about links an admin hands over (the run's
 * own server mails every link). On `localhost` for the passkey specs: a browser refuses a
 * passkey for an IP address.
 */
export async function startServerWithoutMail(
  { host }: { host: '127.0.0.1' | 'localhost' } = { host: '127.0.0.1' },
): Promise<RunningServer> {
  const tmp = fs.mkdtempSync(path.join(process.env.TMPDIR ?? os.tmpdir(), 'jamiya-e2e-nomail-'));
  fs.chmodSync(tmp, 0o755); // run as root, PostgreSQL runs as a user that must pass through
  const port = 3900 + Math.floor(Math.random() * 500);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: path.join(tmp, 'data'),
    PORT: String(port),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    DEMO_SEED: '1',
    PUBLIC_URL: `http://${host}:${port}`,
    NOTIFICATION_JOB_SECONDS: '0',
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  const server = await runServer(env).catch((err: unknown) => {
    fs.rmSync(tmp, { recursive: true, force: true });
    throw err;
  });
  return {
    ...server,
    base: `http://${host}:${port}`,
    async stop() {
      await server.stop();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/**
 * A server without mail of the spec's own (startServerWithoutMail), started before its tests and
 * stopped after them. Its `base` is read once the tests run.
 */
export function serverWithoutMail(options?: Parameters<typeof startServerWithoutMail>[0]): {
  readonly base: string;
} {
  let server: RunningServer | undefined;
  test.beforeAll(async () => {
    // Started and seeded here: runServer waits up to 60 s for it on a busy machine.
    test.setTimeout(90_000);
    server = await startServerWithoutMail(options);
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  return {
    get base() {
      if (!server) throw new Error('the server starts before the tests');
      return server.base;
    },
  };
}
