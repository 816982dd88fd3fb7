// Starts the built server as `npm start` does, on a temporary data folder, and checks what a
// newcomer would: it answers with the demo data, a second process on the same folder stops
// with a clear message, a restart keeps what was written, and a server killed with SIGKILL
// leaves no PostgreSQL running behind it. Run after `npm run build`.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import assert from 'node:assert/strict';
import { freePort } from './free-port.mjs';

const server = path.resolve('apps/server/dist/server.js');
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jamiya-smoke-'));
await fs.chmod(dataDir, 0o755); // run as root, PostgreSQL runs as a user that must pass through
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(port),
  LOG_LEVEL: 'warn',
  NODE_ENV: 'development',
};
delete env.DATABASE_URL;

function start() {
  const child = spawn(process.execPath, [server], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.output = '';
  child.stdout.on('data', (d) => (child.output += d));
  child.stderr.on('data', (d) => (child.output += d));
  child.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  return child;
}

async function waitFor(child, text, ms = 60_000) {
  const until = Date.now() + ms;
  while (!child.output.includes(text)) {
    if (Date.now() > until)
      throw new Error(`timed out waiting for "${text}"; output:\n${child.output}`);
    if (child.exitCode !== null)
      throw new Error(`server exited (${child.exitCode}):\n${child.output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function json(url, init) {
  const res = await fetch(base + url, init);
  return { status: res.status, body: await res.json() };
}

async function signIn(email) {
  const res = await json('/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'jamiya-demo' }),
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return { authorization: `Bearer ${res.body.access_token}` };
}

let first;
try {
  first = start();
  await waitFor(first, 'Jamiya is running at');
  assert.match(first.output, /amina@jamiya\.example/, 'the demo sign-ins are printed');
  assert.equal((await json('/api/health')).status, 200);
  const amina = await signIn('amina@jamiya.example');
  const account = await json('/api/my-account-data', { headers: amina });
  assert.equal(account.body.myAccountData.account_balance, 1600);
  const unknown = await json('/api/nope');
  assert.equal(unknown.status, 404);
  assert.equal(unknown.body.status_code, 404);
  console.log('ok - npm start serves the API with demo data');

  const second = start();
  const code = await second.exited;
  assert.equal(code, 1, 'a second process on the same data folder stops');
  assert.match(second.output, /Another Jamiya process is using the database/);
  console.log('ok - a second process on the same data folder stops with a clear message');

  const repayment = await json('/api/save-monthly-payment', {
    method: 'POST',
    headers: { ...amina, 'content-type': 'application/json' },
    body: JSON.stringify({ payment_amount: 10 }),
  });
  assert.equal(repayment.status, 200, JSON.stringify(repayment.body));
  first.kill('SIGTERM');
  assert.equal(await first.exited, 0, 'SIGTERM stops the server cleanly');

  first = start();
  await waitFor(first, 'Jamiya is running at');
  assert.doesNotMatch(first.output, /demo data created now/, 'the seed runs only once');
  const payments = await json('/api/my-payments', {
    headers: await signIn('amina@jamiya.example'),
  });
  assert.ok(
    payments.body.items.some((p) => p.id === repayment.body.payment.id),
    'a restart keeps an acknowledged write',
  );
  console.log('ok - a restart keeps what was written and does not seed again');

  // The embedded PostgreSQL is a process of its own: it must end with a server that is killed.
  const postmaster = Number(
    (await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0],
  );
  first.kill('SIGKILL');
  await first.exited;
  const until = Date.now() + 10_000;
  while (isRunning(postmaster)) {
    assert.ok(Date.now() < until, `PostgreSQL (process ${postmaster}) outlived its server`);
    await new Promise((r) => setTimeout(r, 100));
  }
  first = start();
  await waitFor(first, 'Jamiya is running at');
  assert.equal((await json('/api/health')).status, 200);
  console.log('ok - a server killed with SIGKILL leaves no PostgreSQL behind, and starts again');
  first.kill('SIGTERM');
  await first.exited;
  console.log('4 passed, 0 failed');
} catch (err) {
  first?.kill('SIGKILL');
  console.error(err);
  console.log('0 passed, 1 failed');
  process.exitCode = 1;
} finally {
  await fs.rm(dataDir, { recursive: true, force: true });
}
