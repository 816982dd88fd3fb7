// Crash test (issue 6, point 6). Starts the real server on a fresh database, sends payment
// submissions with receipts (several members at once) and admin approvals and rejections,
// kills the server with SIGKILL at a random moment, starts it again and checks that:
//   - every submission that got a 2xx is in the database, with its receipt served and on disk;
//   - every decision that got a 2xx is kept;
//   - no upload without its row, no row without its upload, no leftover temp file;
//   - every journal entry balances and all postings sum to zero (the trial balance);
//   - the server starts again (each round ends with a clean stop and a fresh start).
//
//   node scripts/crash-test.mjs [--rounds 20] [--pg] [--source] [--seed N]
//
// --pg uses a scratch database on PostgreSQL (CRASH_PG_URL or TEST_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres), dropped at the end; without it, embedded
// PGlite in a fresh DATA_DIR. --source runs apps/server/src/server.ts through tsx (no build);
// otherwise apps/server/dist/server.js, rebuilt first when a source file is newer.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { existsSync, statSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const rounds = Number(option('--rounds', '20'));
const usePg = flag('--pg');
const fromSource = flag('--source');
let seed = Number(option('--seed', String(Date.now() % 1_000_000)));
// A small deterministic generator so that a failing run can be repeated with --seed.
function random() {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
}
const pick = (list) => list[Math.floor(random() * list.length)];

const MEMBERS = Number(option('--members', '6'));
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function log(line) {
  console.log(line);
}

// ---------------------------------------------------------------------------------------
// The server process

function serverCommand() {
  if (fromSource) {
    // One process (not the tsx CLI, which forks a child a SIGKILL would leave running).
    return [process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')]];
  }
  const dist = path.join(root, 'apps/server/dist/server.js');
  if (
    !existsSync(dist) ||
    newestSource(path.join(root, 'apps/server/src')) > statSync(dist).mtimeMs
  ) {
    log('# building the server (npm run build -w @jamiya/server)');
    const r = spawnSync('npm', ['run', 'build', '-w', '@jamiya/server'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (r.status !== 0) throw new Error('the server build failed');
  }
  return [process.execPath, [dist]];
}

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function startServer(command, env) {
  const child = spawn(command[0], command[1], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.output = '';
  child.stdout.on('data', (d) => (child.output += d));
  child.stderr.on('data', (d) => (child.output += d));
  child.exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal)),
  );
  return child;
}

async function waitUntilRunning(child, ms = 90_000) {
  const until = Date.now() + ms;
  while (!child.output.includes('Jamiya is running at')) {
    if (Date.now() > until) throw new Error(`the server did not start:\n${child.output}`);
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited while starting:\n${child.output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

// ---------------------------------------------------------------------------------------
// HTTP

function client(base) {
  async function call(method, url, { token, json, form } = {}) {
    const headers = {};
    if (token) headers.authorization = `Bearer ${token}`;
    let body;
    if (json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(json);
    } else if (form) {
      body = form;
    }
    const res = await fetch(base + url, { method, headers, body });
    const type = res.headers.get('content-type') ?? '';
    const data = type.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer());
    return { status: res.status, body: data };
  }
  return call;
}

async function must(promise, what) {
  const res = await promise;
  if (res.status < 200 || res.status >= 300)
    throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function receipt() {
  const background = { r: Math.floor(random() * 256), g: Math.floor(random() * 256), b: 90 };
  return sharp({ create: { width: 96, height: 64, channels: 3, background } })
    .png()
    .toBuffer();
}

async function setUp(call) {
  const admin = (
    await must(
      call('POST', '/api/login', {
        json: { email: 'admin@jamiya.example', password: 'jamiya-demo' },
      }),
      'admin sign-in',
    )
  ).access_token;
  const joined = new Date();
  joined.setUTCMonth(joined.getUTCMonth() - 11, 1);
  const members = [];
  for (const email of ['amina@jamiya.example', 'rahul@jamiya.example']) {
    const token = (
      await must(call('POST', '/api/login', { json: { email, password: 'jamiya-demo' } }), email)
    ).access_token;
    members.push({ email, token });
  }
  for (let i = 0; i < MEMBERS; i++) members.push(await freshMember(call, admin, joined, i));
  return { admin, members, joined };
}

/** A member made as the treasurer does: created by the admin, password set from the link. */
async function freshMember(call, admin, joined, i) {
  {
    const email = `crash${i}-${randomBytes(3).toString('hex')}@example.test`;
    const created = await must(
      call('POST', '/api/admin/members', {
        token: admin,
        json: {
          name: `Crash Member ${i}`,
          email,
          mobile: `+97150${String(1000000 + (i % 1000000))}`,
          joined_on: joined.toISOString().slice(0, 10),
        },
      }),
      'create member',
    );
    const linkToken = new URL(created.set_password_link.url).searchParams.get('token');
    const password = `crash-test-password-${i}`;
    await must(
      call('POST', '/api/password/set', {
        json: { token: linkToken, password, password_confirmation: password },
      }),
      'set password',
    );
    const token = (await must(call('POST', '/api/login', { json: { email, password } }), email))
      .access_token;
    return { email, token };
  }
}

// ---------------------------------------------------------------------------------------
// Load until the kill

async function load(call, people, acked, stop) {
  const member = async (m) => {
    while (!stop.now) {
      const form = new FormData();
      form.set('payment_amount', '200');
      form.set('month', pick(MONTHS));
      form.set('account_number', 'AE070331234567890123456');
      form.set('photo', new Blob([await receipt()], { type: 'image/png' }), 'receipt.png');
      try {
        const res = await call('POST', '/api/save-monthly-payment', { token: m.token, form });
        acked.statuses[res.status] = (acked.statuses[res.status] ?? 0) + 1;
        if (res.status >= 200 && res.status < 300) {
          acked.submissions.push({ member: m, id: res.body.payment.id });
        } else if (res.status >= 500) {
          acked.serverErrors.push(`submit ${res.status} ${JSON.stringify(res.body)}`);
        }
      } catch {
        return; // the server is gone
      }
    }
  };
  const treasurer = async () => {
    while (!stop.now) {
      try {
        const list = await call('GET', '/api/admin/payments?status=pending&limit=20', {
          token: people.admin,
        });
        const items = list.body.items ?? [];
        if (items.length === 0) {
          await new Promise((r) => setTimeout(r, 20));
          continue;
        }
        const p = pick(items);
        // Approving fills the member's month for good; rejecting frees it again.
        const approve = random() < 0.4;
        const res = approve
          ? await call('POST', `/api/admin/payments/${p.id}/approve`, {
              token: people.admin,
              json: {},
            })
          : await call('POST', `/api/admin/payments/${p.id}/reject`, {
              token: people.admin,
              json: { reason: 'Crash test: the receipt is not readable.' },
            });
        if (res.status >= 200 && res.status < 300) {
          acked.decisions.set(p.id, approve ? 'approved' : 'rejected');
        } else if (res.status >= 500) {
          acked.serverErrors.push(`decide ${res.status} ${JSON.stringify(res.body)}`);
        }
      } catch {
        return;
      }
    }
  };
  return Promise.all([...people.members.map(member), treasurer(), treasurer()]);
}

// ---------------------------------------------------------------------------------------
// Checks

async function checkThroughApi(call, people, acked) {
  const problems = [];
  const seen = new Map();
  for (const m of people.members) {
    let cursor = '';
    for (;;) {
      const page = await must(
        call('GET', `/api/my-payments?limit=100${cursor ? `&cursor=${cursor}` : ''}`, {
          token: m.token,
        }),
        'my-payments',
      );
      for (const p of page.items) seen.set(p.id, p);
      if (!page.next_cursor) break;
      cursor = page.next_cursor;
    }
  }
  for (const s of acked.submissions) {
    const p = seen.get(s.id);
    if (!p) {
      problems.push(`acknowledged payment ${s.id} is missing`);
      continue;
    }
    if (!p.receipt_url) problems.push(`payment ${s.id} has no receipt`);
  }
  for (const [id, status] of acked.decisions) {
    const p = seen.get(id);
    if (p && p.status !== status)
      problems.push(`payment ${id} is ${p.status}, acknowledged ${status}`);
  }
  // Every receipt of an acknowledged submission is served.
  for (const s of acked.submissions) {
    const p = seen.get(s.id);
    if (!p?.receipt_url) continue;
    const res = await call('GET', p.receipt_url, { token: s.member.token });
    if (res.status !== 200 || !(res.body.length > 0))
      problems.push(`receipt of payment ${s.id} answers ${res.status}`);
  }
  const trial = await must(
    call('GET', '/api/admin/ledger/trial-balance', { token: people.admin }),
    'trial balance',
  );
  if (!trial.balanced) problems.push(`trial balance: ${JSON.stringify(trial)}`);
  return problems;
}

async function withDatabase(target, fn) {
  if (target.url) {
    const c = new pg.Client({ connectionString: target.url });
    await c.connect();
    try {
      return await fn((text) => c.query(text).then((r) => r.rows));
    } finally {
      await c.end();
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(path.join(target.dataDir, 'pglite'));
  try {
    return await fn((text) => db.query(text).then((r) => r.rows));
  } finally {
    await db.close();
  }
}

/** Run with the server stopped: the database and the uploads folder must agree. */
async function checkStoredState(target) {
  const uploads = path.join(target.dataDir, 'uploads');
  const onDisk = existsSync(uploads) ? await fs.readdir(uploads) : [];
  return withDatabase(target, async (query) => {
    const problems = [];
    const keys = new Set((await query('select storage_key from files')).map((r) => r.storage_key));
    const files = new Set(onDisk);
    for (const k of keys) if (!files.has(k)) problems.push(`row without its file: ${k}`);
    // On PostgreSQL the start-up sweep leaves uploads younger than an hour alone (another
    // process may be about to commit their rows): those are counted, not failed.
    let awaitingSweep = 0;
    for (const f of files) {
      if (keys.has(f)) continue;
      const young = Date.now() - (await fs.stat(path.join(uploads, f))).mtimeMs < 3_600_000;
      if (target.url && young) awaitingSweep += 1;
      else problems.push(`file without its row: ${f}`);
    }
    const unreceipted = await query(
      `select id from payments where kind = 'dues' and receipt_file_id is null`,
    );
    for (const r of unreceipted) problems.push(`dues payment ${r.id} has no receipt row`);
    const unbalanced = await query(
      'select entry_id, sum(amount_fils) as s from postings group by entry_id having sum(amount_fils) <> 0',
    );
    for (const r of unbalanced) problems.push(`entry ${r.entry_id} is off by ${r.s} fils`);
    const [total] = await query('select coalesce(sum(amount_fils), 0)::text as s from postings');
    if (total.s !== '0') problems.push(`all postings sum to ${total.s} fils`);
    const approvedWithoutEntry = await query(
      `select p.id from payments p where p.status = 'approved'
         and (select count(*) from journal_entries j where j.payment_id = p.id and j.kind <> 'reversal') <> 1`,
    );
    for (const r of approvedWithoutEntry)
      problems.push(`approved payment ${r.id} has no single journal entry`);
    const counts = await query(
      `select (select count(*) from payments)::int as payments, (select count(*) from files)::int as files,
              (select count(*) from journal_entries)::int as entries`,
    );
    return { problems, counts: counts[0], awaitingSweep };
  });
}

// ---------------------------------------------------------------------------------------

async function main() {
  const command = serverCommand();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jamiya-crash-'));
  const port = 4100 + Math.floor(Math.random() * 800);
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: 'info',
    NODE_ENV: 'development',
    DEMO_SEED: '1',
    NOTIFICATION_JOB_SECONDS: '0',
  };
  delete env.DATABASE_URL;
  const target = { dataDir, url: undefined };
  let scratch;
  const adminUrl =
    process.env.CRASH_PG_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  if (usePg) {
    scratch = `jamiya_crash_${randomBytes(5).toString('hex')}`;
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`CREATE DATABASE ${scratch}`);
    await c.end();
    const url = new URL(adminUrl);
    url.pathname = `/${scratch}`;
    target.url = url.toString();
    env.DATABASE_URL = target.url;
  }
  const call = client(`http://127.0.0.1:${port}`);
  log(
    `# crash test: ${rounds} rounds on ${usePg ? 'PostgreSQL' : 'PGlite'}, ` +
      `${fromSource ? 'sources (tsx)' : 'built server'}, seed ${seed}`,
  );
  let server;
  let failed = 0;
  // Stopped from outside (a test's time limit, Ctrl-C): take the server down too.
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.on(signal, () => {
      server?.kill('SIGKILL');
      process.exit(1);
    });
  const totals = { submissions: 0, decisions: 0, swept: 0 };
  try {
    server = startServer(command, env);
    await waitUntilRunning(server);
    const people = await setUp(call);
    for (let round = 1; round <= rounds; round++) {
      const acked = { submissions: [], decisions: new Map(), serverErrors: [], statuses: {} };
      const stop = { now: false };
      const running = load(call, people, acked, stop);
      // Kill once the load is under way (the first acknowledged submission), at a random moment.
      const started = Date.now();
      while (acked.submissions.length === 0 && Date.now() - started < 20_000)
        await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, Math.floor(random() * 2000)));
      const killAfter = Date.now() - started;
      server.kill('SIGKILL');
      await server.exited;
      stop.now = true;
      await running;

      server = startServer(command, env);
      await waitUntilRunning(server);
      const swept = Number(/removed (\d+) upload/.exec(server.output)?.[1] ?? 0);
      const problems = [...acked.serverErrors, ...(await checkThroughApi(call, people, acked))];
      server.kill('SIGTERM');
      const code = await server.exited;
      if (code !== 0) problems.push(`a clean stop exited with ${code}`);
      const stored = await checkStoredState(target);
      problems.push(...stored.problems);

      server = startServer(command, env);
      await waitUntilRunning(server);
      // Two fresh members each round, so that months to pay never run out.
      people.members.splice(2, 2);
      for (let i = 0; i < 2; i++)
        people.members.push(
          await freshMember(call, people.admin, people.joined, round * 2 + i + MEMBERS),
        );

      totals.submissions += acked.submissions.length;
      totals.decisions += acked.decisions.size;
      totals.swept += swept;
      const summary =
        `killed after ${killAfter} ms; ${acked.submissions.length} submissions and ` +
        `${acked.decisions.size} decisions acknowledged (submission answers ${JSON.stringify(acked.statuses)}); ${swept} orphan upload(s) swept at start; ` +
        `${stored.counts.payments} payments, ${stored.counts.files} files, ${stored.counts.entries} entries` +
        (target.url
          ? `; ${stored.awaitingSweep} upload(s) without a row younger than the 1 h grace`
          : '');
      if (problems.length) {
        failed += 1;
        log(`not ok ${round} - ${summary}\n  ${problems.slice(0, 20).join('\n  ')}`);
      } else {
        log(`ok ${round} - ${summary}`);
      }
    }
  } finally {
    if (server && server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await server.exited;
    }
    await fs.rm(dataDir, { recursive: true, force: true });
    if (scratch) {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
      await c.end();
    }
  }
  log(
    `# ${rounds - failed} passed, ${failed} failed; ${totals.submissions} submissions, ` +
      `${totals.decisions} decisions acknowledged, ${totals.swept} orphan uploads swept`,
  );
  if (failed) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  console.log('# 0 passed, 1 failed');
  process.exitCode = 1;
});
