// The built app for the Lighthouse bench (scripts/lighthouse.mjs): a free port, the server
// started on a scratch data folder with the demo data, and a demo member signed in.
import { spawn } from 'node:child_process';
import net from 'node:net';

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export async function startServer({ serverEntry, dataDir, port, origin, publicUrl }) {
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: publicUrl,
    NODE_ENV: 'development',
    DEMO_SEED: '1',
    LOG_LEVEL: 'warn',
    NOTIFICATION_JOB_SECONDS: '0',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [serverEntry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.output = '';
  child.stdout.on('data', (d) => (child.output += d));
  child.stderr.on('data', (d) => (child.output += d));
  child.exited = new Promise((resolve) => child.once('exit', resolve));
  const until = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped (${child.exitCode})`);
    if (Date.now() > until) throw new Error('the server did not answer within 2 minutes');
    const ok = await fetch(`${origin}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function signIn(origin, member) {
  const res = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(member),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`sign-in failed (${res.status}): ${JSON.stringify(body)}`);
  return body.access_token;
}
