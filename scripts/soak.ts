// npm run soak -- (--database-url URL | --data-dir DIR) [--minutes 10] [--rate 40]
//   [--members 300] [--port 3918] [--out results.json] [--max-in-flight 50]
//   [--job-seconds 30] [--max-growth 20] [--max-slope 1] [--seed N]
//
// The soak test (issue 6, point 9): the real server, started as in production, under a steady
// mix of reads (~70 %) and writes (~30 %) from `--members` members and the treasurer for
// `--minutes`, at `--rate` requests a second scheduled at fixed intervals. Every answer other
// than the one expected is an error. It samples the server's memory every 5 s and, after
// stopping it, checks the books with the app's own code. Exit code 1 on any error, an
// unbalanced book, or memory that keeps growing. Seed the database first:
// npm run seed:scale -- --members 1000 ... See docs/performance.md.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { and, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { MONTH_NAMES } from '@jamiya/contracts/common';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/open-database.ts';
import { files } from '../apps/server/src/db/schema/files.ts';
import { journalEntries } from '../apps/server/src/db/schema/ledger.ts';
import { payments } from '../apps/server/src/db/schema/payments.ts';
import { users } from '../apps/server/src/db/schema/users.ts';
import { createSession } from '../apps/server/src/features/auth/sessions.ts';
import { trialBalance, unbalancedEntries } from '../apps/server/src/features/ledger/ledger.ts';
import { ledgerConsistencyProblems } from '../apps/server/src/features/loans/consistency.ts';
import { getSettings } from '../apps/server/src/features/settings/settings.ts';
import { localDate, periodOf } from '../apps/server/src/lib/calendar.ts';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
    minutes: { type: 'string', default: '10' },
    rate: { type: 'string', default: '40' },
    members: { type: 'string', default: '300' },
    port: { type: 'string', default: '3918' },
    out: { type: 'string' },
    'max-in-flight': { type: 'string', default: '50' },
    'job-seconds': { type: 'string', default: '30' },
    'max-growth': { type: 'string', default: '20' },
    'max-slope': { type: 'string', default: '1' },
    seed: { type: 'string' },
  },
});

const MINUTES = Number(args.minutes);
const RATE = Number(args.rate);
const MAX_IN_FLIGHT = Number(args['max-in-flight']);
const DURATION_MS = MINUTES * 60_000;
// Memory is judged after the warm-up (JIT, the database's caches): a minute, or a third of
// a short run.
const WARMUP_S = Math.min(60, (MINUTES * 60) / 3);
// A leak is failed when RSS grew by more than --max-growth % from the end of the warm-up AND
// the least-squares slope after it is above --max-slope MB a minute. 1 MB a minute is
// 1.4 GB a day, which a small server would not survive for long; below it, over a 9-minute
// window, the noise of garbage collection and of the database's caches filling (±10 MB, a
// standard error of the slope near 0.4 MB/min with 5 s samples) would fail sound runs.
const MAX_GROWTH = Number(args['max-growth']) / 100;
const MAX_SLOPE = Number(args['max-slope']);
const LATE_MS = 100;
const SLOW_MS = 250;
for (const [name, v] of Object.entries({ MINUTES, RATE, MAX_IN_FLIGHT, MAX_GROWTH, MAX_SLOPE }))
  if (!(v > 0)) throw new Error(`${name.toLowerCase()} must be a positive number`);

// A small deterministic generator, so that a run's choices can be repeated with --seed.
let seed = Number(args.seed ?? Date.now() % 1_000_000) >>> 0;
const firstSeed = seed;
function random(): number {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(random() * list.length)];
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------
// The people and what the soak knows of them

type DuesState = 'open' | 'pending' | 'approved' | 'broken';

interface Member {
  id: number;
  token: string;
  dues: DuesState;
  busy: boolean;
  unreadIds: number[];
  hasNews: boolean;
}

interface People {
  admin: string;
  members: Member[];
  /** Payments awaiting the treasurer, oldest first: the seed's own first. */
  pendingQueue: Array<{ paymentId: number; member: Member }>;
  /** Members whose message waits for an answer. */
  awaitingReply: Member[];
  wroteToCommittee: Member[];
  approvals: number;
  approvalBudget: number;
  monthName: string;
  period: string;
  dueAed: string;
  receipts: Array<{ blob: Blob; name: string }>;
}

function dbEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  if (args['database-url']) {
    env.DATABASE_URL = args['database-url'];
    // Uploads go to DATA_DIR even on PostgreSQL: keep them out of the working folder.
    env.DATA_DIR = args['data-dir']
      ? path.resolve(args['data-dir'])
      : fs.mkdtempSync(path.join(os.tmpdir(), 'jamiya-soak-uploads-'));
  } else if (args['data-dir']) {
    env.DATA_DIR = path.resolve(args['data-dir']);
    // Opening a missing folder would create an empty database rather than fail.
    if (!fs.existsSync(path.join(env.DATA_DIR, 'pglite')))
      throw new Error(`${env.DATA_DIR} holds no database: run npm run seed:scale first`);
  } else
    throw new Error('give --database-url or --data-dir (a database made by npm run seed:scale)');
  return env;
}

async function receipts(): Promise<People['receipts']> {
  const out: People['receipts'] = [];
  for (let i = 0; i < 8; i++) {
    const background = { r: (i * 53) % 256, g: (i * 97) % 256, b: 140 };
    const image = sharp({ create: { width: 240, height: 160, channels: 3, background } });
    const isPng = i % 2 === 0;
    const data = await (isPng ? image.png() : image.jpeg({ quality: 80 })).toBuffer();
    out.push({
      blob: new Blob([new Uint8Array(data)], { type: isPng ? 'image/png' : 'image/jpeg' }),
      name: isPng ? 'receipt.png' : 'receipt.jpg',
    });
  }
  return out;
}

/** Sessions made directly in the database: sign-in throttling (rightly) stops hundreds. */
async function setUp(env: NodeJS.ProcessEnv): Promise<{ people: People; userCount: number }> {
  const config = loadConfig(env);
  const database = await openDatabase(config);
  try {
    const { db } = database;
    const now = new Date();
    const period = periodOf(localDate(now));
    const policy = { ttlMs: config.sessionTtlMs, idleMs: config.sessionIdleMs };
    const meta = { ip: '127.0.0.1', userAgent: 'soak' };
    const [admin] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.status, 1)))
      .orderBy(users.id)
      .limit(1);
    if (!admin) throw new Error('no admin in this database: run npm run seed:scale first');
    // Members whose month is still open first, so that a second soak on the same database
    // still has dues to submit.
    const paid = sql<boolean>`exists (select 1 from payments p where p.user_id = "users"."id"
      and p.kind = 'dues' and p.period = ${period} and p.status = 'approved')`;
    const sample = await db
      .select({ id: users.id, paid })
      .from(users)
      .where(and(eq(users.role, 'member'), eq(users.status, 1)))
      .orderBy(paid, sql`random()`)
      .limit(Number(args.members));
    if (!sample.length) throw new Error('no members in this database: run npm run seed:scale');
    const pending = await db
      .select({ id: payments.id, userId: payments.userId })
      .from(payments)
      .where(
        and(
          eq(payments.kind, 'dues'),
          eq(payments.period, period),
          eq(payments.status, 'pending'),
          inArray(
            payments.userId,
            sample.map((u) => u.id),
          ),
        ),
      )
      .orderBy(payments.id);
    const pendingIds = new Map(pending.map((p) => [p.userId, p.id]));
    const members: Member[] = [];
    for (const u of sample) {
      const { token } = await createSession(db, u.id, policy, now, meta);
      members.push({
        id: u.id,
        token,
        dues: u.paid ? 'approved' : pendingIds.has(u.id) ? 'pending' : 'open',
        busy: false,
        unreadIds: [],
        hasNews: false,
      });
    }
    const byId = new Map(members.map((m) => [m.id, m]));
    const { token: adminToken } = await createSession(db, admin.id, policy, now, meta);
    const [{ n: userCount } = { n: 0 }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(users);
    const settings = await getSettings(db);
    const notPaid = members.filter((m) => m.dues !== 'approved').length;
    return {
      userCount,
      people: {
        admin: adminToken,
        members,
        pendingQueue: pending.map((p) => ({ paymentId: p.id, member: byId.get(p.userId)! })),
        awaitingReply: [],
        wroteToCommittee: [],
        approvals: 0,
        // Half of the open months get approved over the run, evenly: the other decisions are
        // rejections, after which the member sends the receipt again.
        approvalBudget: Math.floor(notPaid / 2),
        monthName: MONTH_NAMES[Number(period.slice(5, 7)) - 1]!,
        period,
        dueAed: (settings.monthlyDueFils / 100).toFixed(2),
        receipts: await receipts(),
      },
    };
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------
// The requests

interface Call {
  kind: string;
  method: 'GET' | 'POST';
  path: string;
  token: string;
  json?: unknown;
  form?: FormData;
  idempotent?: boolean;
  expect: number;
  onOk?: (body: unknown) => void;
  onError?: () => void;
}

const field = (body: unknown, ...keys: string[]): unknown => {
  let v = body;
  for (const k of keys) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : null;
  return v;
};

function anyMember(p: People): Member {
  return pick(p.members)!;
}

const READS: Array<[number, (p: People) => Call]> = [
  [18, (p) => get('account data', '/my-account-data', anyMember(p))],
  [8, (p) => get('profile', '/profile', anyMember(p))],
  [8, (p) => get('my payments', '/my-payments?limit=20', anyMember(p))],
  [
    8,
    (p) => {
      const m = anyMember(p);
      return {
        ...get('notifications', '/notifications?limit=20', m),
        onOk: (body) => {
          const items = field(body, 'items');
          if (!Array.isArray(items)) return;
          m.unreadIds = items
            .filter((n) => field(n, 'read') === false)
            .map((n) => Number(field(n, 'id')));
        },
      };
    },
  ],
  [14.5, (p) => get('unread count', '/notifications/unread-count', anyMember(p))],
  [6, (p) => get('chat thread', '/messages?limit=30', anyMember(p))],
  // The treasurer's overview, which every admin page refetches for its badges. It once summed
  // every posting ever made (0.8 s on PGlite with 10k members, holding its one connection,
  // so the first soak timed out at this share); it now reads the ledger's month totals.
  [3, (p) => get('admin overview', '/admin/overview', null, p.admin)],
  [4, (p) => get('admin pending', '/admin/payments?status=pending&limit=20', null, p.admin)],
  [
    2,
    (p) => {
      const m = pick(p.wroteToCommittee) ?? anyMember(p);
      return get('admin thread', `/admin/messages/${m.id}?limit=30`, null, p.admin);
    },
  ],
  [1, (p) => get('admin chats', '/admin/messages?limit=20', null, p.admin)],
];

function get(kind: string, route: string, m: Member | null, token = m?.token ?? ''): Call {
  return { kind, method: 'GET', path: `/api${route}`, token, expect: 200 };
}

function submitDues(p: People): Call | null {
  const open = p.members.filter((m) => m.dues === 'open' && !m.busy);
  const m = pick(open);
  if (!m) return null;
  m.busy = true;
  const receipt = pick(p.receipts)!;
  const form = new FormData();
  form.set('payment_amount', p.dueAed);
  form.set('month', p.monthName);
  form.set('account_number', 'AE070331234567890123456');
  form.set('photo', receipt.blob, receipt.name);
  return {
    kind: 'submit dues',
    method: 'POST',
    path: '/api/save-monthly-payment',
    token: m.token,
    form,
    idempotent: true,
    expect: 200,
    onOk: (body) => {
      m.busy = false;
      const id = Number(field(body, 'payment', 'id'));
      if (!Number.isInteger(id)) return void (m.dues = 'broken');
      m.dues = 'pending';
      p.pendingQueue.push({ paymentId: id, member: m });
    },
    onError: () => {
      m.busy = false;
      m.dues = 'broken';
    },
  };
}

function decide(p: People, elapsedFraction: number): Call | null {
  const next = p.pendingQueue.shift();
  if (!next) return null;
  const { member: m, paymentId } = next;
  const approve = p.approvals < Math.floor(p.approvalBudget * elapsedFraction);
  if (approve) p.approvals++;
  return {
    kind: approve ? 'approve' : 'reject',
    method: 'POST',
    path: `/api/admin/payments/${paymentId}/${approve ? 'approve' : 'reject'}`,
    token: p.admin,
    json: approve ? {} : { reason: 'The receipt is not readable; please send a clearer photo.' },
    idempotent: true,
    expect: 200,
    onOk: () => {
      m.dues = approve ? 'approved' : 'open';
      m.hasNews = true;
    },
    onError: () => {
      m.dues = 'broken';
    },
  };
}

let messageNumber = 0;
function memberMessage(p: People): Call {
  const m = anyMember(p);
  const form = new FormData();
  form.set('body', `Soak test question ${++messageNumber}: when is my receipt reviewed?`);
  return {
    kind: 'member message',
    method: 'POST',
    path: '/api/messages',
    token: m.token,
    form,
    expect: 201,
    onOk: () => {
      if (!p.awaitingReply.includes(m)) p.awaitingReply.push(m);
      if (!p.wroteToCommittee.includes(m)) p.wroteToCommittee.push(m);
    },
  };
}

function adminReply(p: People): Call | null {
  const m = p.awaitingReply.shift();
  if (!m) return null;
  const form = new FormData();
  form.set('body', 'Thank you: the committee reviews receipts within a day.');
  return {
    kind: 'admin reply',
    method: 'POST',
    path: `/api/admin/messages/${m.id}`,
    token: p.admin,
    form,
    expect: 201,
    onOk: () => void (m.hasNews = true),
  };
}

function readNotifications(p: People): Call {
  const withIds = p.members.filter((m) => m.unreadIds.length);
  const m = pick(withIds);
  if (m) {
    const id = m.unreadIds.shift()!;
    return {
      kind: 'notification read',
      method: 'POST',
      path: `/api/notifications/${id}/read`,
      token: m.token,
      expect: 200,
    };
  }
  const someone = pick(p.members.filter((x) => x.hasNews)) ?? anyMember(p);
  someone.hasNews = false;
  return {
    kind: 'notifications read-all',
    method: 'POST',
    path: '/api/notifications/read-all',
    token: someone.token,
    expect: 200,
  };
}

function writeCall(p: People, elapsedFraction: number): Call {
  const dice = random() * 30;
  // When a write has no one to do it (no open month, nothing to review), the nearest one.
  if (dice < 9) return submitDues(p) ?? decide(p, elapsedFraction) ?? memberMessage(p);
  if (dice < 18) return decide(p, elapsedFraction) ?? submitDues(p) ?? memberMessage(p);
  if (dice < 22) return memberMessage(p);
  if (dice < 25) return adminReply(p) ?? memberMessage(p);
  if (dice < 28) return readNotifications(p);
  if (dice < 29)
    return {
      kind: 'member chat read',
      method: 'POST',
      path: '/api/messages/read',
      token: anyMember(p).token,
      expect: 200,
    };
  const m = pick(p.wroteToCommittee) ?? anyMember(p);
  return {
    kind: 'admin chat read',
    method: 'POST',
    path: `/api/admin/messages/${m.id}/read`,
    token: p.admin,
    expect: 200,
  };
}

const READ_WEIGHT = READS.reduce((s, [w]) => s + w, 0);
function nextCall(p: People, elapsedFraction: number): Call {
  if (random() >= 0.7) return writeCall(p, elapsedFraction);
  let dice = random() * READ_WEIGHT;
  for (const [w, make] of READS) {
    if (dice < w) return make(p);
    dice -= w;
  }
  return READS[0]![1](p);
}

// ---------------------------------------------------------------------------------------
// Running them on a schedule

interface Stats {
  latencies: Map<string, number[]>;
  perMinute: number[][];
  /** Latencies since the last progress line. */
  recent: number[];
  /** Scheduled sends that never went out: the run ends on time even when behind. */
  skipped: number;
  errors: Map<string, number>;
  errorSamples: string[];
  /** Answers slower than SLOW_MS by the second of the run they were sent in: stalls. */
  slow: Map<number, { count: number; worstMs: number }>;
  lateCount: number;
  /** Sends held back because --max-in-flight requests were still waiting for answers. */
  capWaits: number;
  maxLagMs: number;
  sent: number;
  done: number;
}

async function send(base: string, call: Call, stats: Stats, startedAt: number): Promise<void> {
  const headers: Record<string, string> = { authorization: `Bearer ${call.token}` };
  let body: string | FormData | undefined = call.form;
  if (call.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.json);
  }
  if (call.idempotent) headers['idempotency-key'] = randomUUID();
  const t0 = performance.now();
  let status = 0;
  let text = '';
  try {
    const res = await fetch(base + call.path, {
      method: call.method,
      headers,
      body,
      signal: AbortSignal.timeout(30_000),
    });
    status = res.status;
    text = await res.text();
  } catch (err) {
    text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  }
  const ms = performance.now() - t0;
  stats.done++;
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: only an error answer could be
  }
  if (status === call.expect && parsed !== null) {
    const list = stats.latencies.get(call.kind) ?? [];
    list.push(ms);
    stats.latencies.set(call.kind, list);
    (stats.perMinute[Math.floor((t0 - startedAt) / 60_000)] ??= []).push(ms);
    stats.recent.push(ms);
    if (ms > SLOW_MS) {
      const second = Math.floor((t0 - startedAt) / 1000);
      const s = stats.slow.get(second) ?? { count: 0, worstMs: 0 };
      stats.slow.set(second, { count: s.count + 1, worstMs: Math.max(s.worstMs, ms) });
    }
    call.onOk?.(parsed);
    return;
  }
  const key = `${call.kind} (${call.method} ${call.path.replace(/\d+/g, ':id')}) -> ${status || 'no answer'}`;
  stats.errors.set(key, (stats.errors.get(key) ?? 0) + 1);
  if (stats.errorSamples.length < 5)
    stats.errorSamples.push(`${call.method} ${call.path}: ${status} ${text.slice(0, 400)}`);
  call.onError?.();
}

// Node's (undici's) fetch keeps the connections alive between requests, as a browser does.
async function runLoad(
  base: string,
  people: People,
  stats: Stats,
  isStopped: () => boolean,
  onTick: (elapsedMs: number) => void,
): Promise<number> {
  const interval = 1000 / RATE;
  const scheduled = Math.round((DURATION_MS * RATE) / 1000);
  const startedAt = performance.now();
  const inFlight = new Set<Promise<void>>();
  let lastTick = startedAt;
  for (let i = 0; !isStopped(); i++) {
    const due = startedAt + i * interval;
    if (i >= scheduled) break;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    if (inFlight.size >= MAX_IN_FLIGHT) stats.capWaits++;
    while (inFlight.size >= MAX_IN_FLIGHT && !isStopped()) await Promise.race(inFlight);
    const now = performance.now();
    if (now - startedAt >= DURATION_MS) {
      stats.skipped = scheduled - i;
      break;
    }
    const lag = now - due;
    if (lag > LATE_MS) stats.lateCount++;
    stats.maxLagMs = Math.max(stats.maxLagMs, lag);
    if (now - lastTick >= 5_000) {
      lastTick = now;
      onTick(now - startedAt);
    }
    const call = nextCall(people, (now - startedAt) / DURATION_MS);
    stats.sent++;
    const running = send(base, call, stats, startedAt).finally(() => inFlight.delete(running));
    inFlight.add(running);
  }
  await Promise.all(inFlight);
  return performance.now() - startedAt;
}

// ---------------------------------------------------------------------------------------
// The server and its memory

// Loaded into the server beside tsx: sends its heap figures to this process every 5 s over
// the IPC channel, without keeping the server alive or failing it when this process is gone.
const HEAP_PROBE =
  'data:text/javascript,' +
  encodeURIComponent(
    `if (process.send) { process.channel?.unref();
      setInterval(() => { if (!process.connected) return; const m = process.memoryUsage();
        process.send({ heapUsed: m.heapUsed, external: m.external }, undefined, undefined, () => {});
      }, 5000).unref(); }`,
  );

interface ServerProcess {
  child: ChildProcess;
  heapMb: number | null;
  logErrors: string[];
  logWarnings: number;
  output: string[];
}

function startServer(env: NodeJS.ProcessEnv, port: number): ServerProcess {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', HEAP_PROBE, 'apps/server/src/server.ts'],
    {
      cwd: root,
      env: {
        ...env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DEMO_SEED: '0',
        NOTIFICATION_JOB_SECONDS: args['job-seconds'],
        // Minutes of the soak are weeks of a member's use: the per-member rates would refuse it.
        UPLOADS_PER_HOUR: '100000',
        UPLOAD_MB_PER_DAY: '100000',
        UPLOAD_MB_TOTAL: '100000',
        MESSAGES_PER_HOUR: '100000',
        RECHARGES_PER_DAY: '100000',
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  const server: ServerProcess = { child, heapMb: null, logErrors: [], logWarnings: 0, output: [] };
  child.on('message', (m: unknown) => {
    const heapUsed = Number(field(m, 'heapUsed'));
    if (Number.isFinite(heapUsed)) server.heapMb = heapUsed / 1048576;
  });
  const onLine = (line: string) => {
    if (!line.trim()) return;
    server.output.push(line);
    if (server.output.length > 200) server.output.shift();
    let level = 0;
    try {
      level = Number(field(JSON.parse(line), 'level'));
    } catch {
      level = 0;
    }
    if (level >= 50) server.logErrors.push(line.slice(0, 600));
    else if (level >= 40) server.logWarnings++;
  };
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream?.on('data', (d: Buffer) => {
      const lines = (rest + d.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      lines.forEach(onLine);
    });
  }
  return server;
}

async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode})`);
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error('/api/health did not answer within 2 minutes');
}

/** SIGTERM, then SIGKILL after 15 s; the exit code or signal. */
async function stopServer(child: ChildProcess): Promise<number | string> {
  if (child.exitCode !== null || child.signalCode !== null)
    return child.exitCode ?? child.signalCode!;
  const exited = new Promise<number | string>((r) =>
    child.once('exit', (code, signal) => r(code ?? signal ?? -1)),
  );
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  const result = await exited;
  clearTimeout(timer);
  return result;
}

function rssMb(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/** User + system CPU seconds of a process (clock ticks of 1/100 s on Linux). */
function cpuSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

interface Sample {
  t: number;
  rssMb: number;
  heapMb: number | null;
}

/** Least-squares slope of y over t (seconds), in units a minute. */
function slopePerMinute(points: Array<{ t: number; y: number }>): number {
  if (points.length < 2) return 0;
  const n = points.length;
  const mt = points.reduce((s, p) => s + p.t, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.t - mt) * (p.y - my);
    den += (p.t - mt) ** 2;
  }
  return den ? (num / den) * 60 : 0;
}

function chart(samples: Sample[]): string[] {
  const step = MINUTES > 3 ? 30 : 10;
  const rows: Sample[] = [];
  for (const s of samples) if (!rows.length || s.t >= rows.at(-1)!.t + step) rows.push(s);
  if (samples.length && rows.at(-1) !== samples.at(-1)) rows.push(samples.at(-1)!);
  const lo = Math.min(...rows.map((r) => r.rssMb));
  const hi = Math.max(...rows.map((r) => r.rssMb));
  const width = 40;
  const lines = [`  ${'min:s'.padStart(6)}  RSS MB  heap MB  (bar: ${f1(lo)} to ${f1(hi)} MB)`];
  for (const r of rows) {
    const bar = hi > lo ? Math.round(((r.rssMb - lo) / (hi - lo)) * width) : width;
    const when = clock(r.t);
    const heap = r.heapMb === null ? '-' : f1(r.heapMb);
    lines.push(
      `  ${when.padStart(6)}  ${f1(r.rssMb).padStart(6)}  ${heap.padStart(7)}  |${'#'.repeat(bar)}`,
    );
  }
  return lines;
}

const f1 = (x: number) => x.toFixed(1);
const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;
function quantile(sorted: number[], q: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

// ---------------------------------------------------------------------------------------
// The books, with the server stopped

async function checkBooks(env: NodeJS.ProcessEnv, people: People) {
  const config = loadConfig(env);
  const database = await openDatabase(config);
  try {
    const { db } = database;
    const tb = await trialBalance(db);
    const unbalanced = await unbalancedEntries(db);
    const consistency = await ledgerConsistencyProblems(db);
    const problems: string[] = [
      ...unbalanced.slice(0, 5).map((id) => `entry ${id} does not balance`),
      ...consistency.slice(0, 5),
    ];
    // What the soak was told against what was stored: each member's month.
    const rows = await db
      .select({ userId: payments.userId, status: payments.status, id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.kind, 'dues'),
          eq(payments.period, people.period),
          inArray(
            payments.userId,
            people.members.map((m) => m.id),
          ),
        ),
      );
    for (const m of people.members) {
      if (m.dues === 'broken') continue;
      const mine = rows.filter((r) => r.userId === m.id);
      const live = mine.filter((r) => r.status !== 'rejected');
      const stored = live.length === 0 ? 'open' : live.length === 1 ? live[0]!.status : 'several';
      if (stored !== m.dues)
        problems.push(`member ${m.id}: the soak says ${m.dues}, stored ${stored}`);
    }
    const approvedIds = rows.filter((r) => r.status === 'approved').map((r) => r.id);
    const [{ n: entryCount } = { n: 0 }] = approvedIds.length
      ? await db
          .select({ n: sql<number>`count(*)::int` })
          .from(journalEntries)
          .where(
            and(eq(journalEntries.kind, 'dues'), inArray(journalEntries.paymentId, approvedIds)),
          )
      : [];
    if (entryCount !== approvedIds.length)
      problems.push(`${approvedIds.length} approved dues but ${entryCount} journal entries`);
    // Every receipt row has its file, and no upload is without its row.
    const keys = new Set(
      (await db.select({ key: files.storageKey }).from(files)).map((r) => r.key),
    );
    const onDisk = fs.existsSync(config.uploadsDir) ? fs.readdirSync(config.uploadsDir) : [];
    const disk = new Set(onDisk);
    const missing = [...keys].filter((k) => !disk.has(k));
    const orphans = onDisk.filter((k) => !keys.has(k));
    if (missing.length) problems.push(`${missing.length} file rows without their upload`);
    if (orphans.length) problems.push(`${orphans.length} uploads without a row (or temp files)`);
    return {
      totalDebitsFils: tb.totalDebitsFils,
      totalCreditsFils: tb.totalCreditsFils,
      differenceFils: tb.totalDebitsFils - tb.totalCreditsFils,
      balanced: tb.balanced,
      unbalancedEntries: unbalanced.length,
      consistencyProblems: consistency.length,
      files: keys.size,
      problems,
    };
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const env = dbEnv();
  const port = Number(args.port);
  const base = `http://127.0.0.1:${port}`;
  const kind = env.DATABASE_URL ? 'postgres' : 'pglite';
  let server: ServerProcess | null = null;
  let stopped = false;
  let loadRunning = false;

  // Ctrl-C: stop sending, stop the server, report what was done. A second one: at once.
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopped || !loadRunning) {
      server?.child.kill('SIGKILL');
      process.exit(130);
    }
    stopped = true;
    console.error(`\n${signal}: stopping the load and the server`);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('exit', () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null)
      server.child.kill('SIGKILL');
  });

  const { people, userCount } = await setUp(env);
  const count = (s: DuesState) => people.members.filter((m) => m.dues === s).length;
  console.log(
    `soak: ${kind}, ${userCount} users, ${people.members.length} members taking part ` +
      `(${count('open')} to pay ${people.monthName}, ${count('pending')} under review, ${count('approved')} paid), ` +
      `${RATE}/s for ${MINUTES} min, seed ${firstSeed}`,
  );

  server = startServer(env, port);
  const pid = server.child.pid!;
  await waitForHealth(base, server.child);
  const startedAt = new Date();
  const stats: Stats = {
    latencies: new Map(),
    perMinute: [],
    recent: [],
    skipped: 0,
    errors: new Map(),
    errorSamples: [],
    slow: new Map(),
    lateCount: 0,
    capWaits: 0,
    maxLagMs: 0,
    sent: 0,
    done: 0,
  };
  const samples: Sample[] = [];
  const loadStart = performance.now();
  const sample = () => {
    const rss = rssMb(pid);
    if (rss !== null)
      samples.push({
        t: (performance.now() - loadStart) / 1000,
        rssMb: rss,
        heapMb: server!.heapMb,
      });
  };
  sample();
  const sampler = setInterval(sample, 5_000);
  const cpuAtStart = cpuSeconds(pid);
  const loadAtStart = os.loadavg()[0]!;
  const reportEvery = Math.min(60_000, DURATION_MS / 4);
  let nextReport = reportEvery;
  let lastDone = 0;
  let lastAt = 0;
  const progress = (elapsed: number) => {
    if (elapsed < nextReport) return;
    nextReport += reportEvery;
    const errors = [...stats.errors.values()].reduce((s, n) => s + n, 0);
    const sorted = [...stats.recent].sort((a, b) => a - b);
    stats.recent = [];
    console.log(
      `  ${f1(elapsed / 60_000)} min: ${stats.done} answers (${f1(((stats.done - lastDone) * 1000) / (elapsed - lastAt))}/s), ` +
        `${errors} errors, RSS ${f1(samples.at(-1)?.rssMb ?? 0)} MB, heap ${f1(server!.heapMb ?? 0)} MB, ` +
        `p50 ${f1(quantile(sorted, 0.5))} ms p99 ${f1(quantile(sorted, 0.99))} ms, max lag ${Math.round(stats.maxLagMs)} ms`,
    );
    lastDone = stats.done;
    lastAt = elapsed;
  };

  loadRunning = true;
  const serverGone = () => server!.child.exitCode !== null || server!.child.signalCode !== null;
  const elapsedMs = await runLoad(base, people, stats, () => stopped || serverGone(), progress);
  loadRunning = false;
  clearInterval(sampler);
  sample();
  const cpuAtEnd = cpuSeconds(pid);
  const serverCpuPercent =
    cpuAtStart !== null && cpuAtEnd !== null
      ? ((cpuAtEnd - cpuAtStart) * 100_000) / elapsedMs
      : null;
  const loadAtEnd = os.loadavg()[0]!;
  const crashed = serverGone();
  const exit = await stopServer(server.child);
  const books = await checkBooks(env, people);
  if (args['database-url'] && !args['data-dir'])
    fs.rmSync(env.DATA_DIR!, { recursive: true, force: true });

  const record = summarize({
    kind,
    userCount,
    people,
    stats,
    samples,
    elapsedMs,
    startedAt,
    serverCpuPercent,
    load: [loadAtStart, loadAtEnd],
  });
  const serverOk = !crashed && exit === 0 && server.logErrors.length === 0;
  const passed = record.passed && serverOk && !stopped;
  printReport(record, stats, samples);
  console.log(
    `dues of ${people.monthName}: ${people.approvals} approved during the run; now ${count('open')} ` +
      `open, ${count('pending')} under review, ${count('approved')} paid, ${count('broken')} left ` +
      'after an error',
  );
  console.log(
    `server: log ${server.logErrors.length} errors, ${server.logWarnings} warnings; exit ${exit}` +
      (crashed ? ' (it stopped during the run)' : ''),
  );
  for (const line of server.logErrors.slice(0, 3)) console.log(`  ${line}`);
  if (crashed) for (const line of server.output.slice(-20)) console.log(`  | ${line}`);
  console.log(
    `books: debits ${books.totalDebitsFils} fils, credits ${books.totalCreditsFils} fils, difference ` +
      `${books.differenceFils}; unbalanced entries ${books.unbalancedEntries}; ledger consistency ` +
      `problems ${books.consistencyProblems}; ${books.files} files` +
      (books.problems.length ? `\n  ${books.problems.slice(0, 10).join('\n  ')}` : '; ok'),
  );
  const allPassed = passed && books.balanced && books.problems.length === 0;
  if (stopped) console.log('\nstopped early by a signal: the figures above cover the run so far');
  console.log(`\n${allPassed ? 'PASSED' : 'FAILED'}`);
  if (args.out) {
    const entry = { ...record, books, serverLogErrors: server.logErrors.length, passed: allPassed };
    const previous = fs.existsSync(args.out)
      ? (JSON.parse(fs.readFileSync(args.out, 'utf8')) as unknown[])
      : [];
    fs.writeFileSync(args.out, `${JSON.stringify([...previous, entry], null, 2)}\n`);
  }
  process.exitCode = stopped ? 130 : allPassed ? 0 : 1;
}

// ---------------------------------------------------------------------------------------
// The figures

const round = (x: number, digits = 1) => Number(x.toFixed(digits));
const sortedCopy = (xs: number[]) => [...xs].sort((a, b) => a - b);
const total = (xs: Iterable<number>) => [...xs].reduce((s, n) => s + n, 0);

function summarize(run: {
  kind: string;
  userCount: number;
  people: People;
  stats: Stats;
  samples: Sample[];
  elapsedMs: number;
  startedAt: Date;
  serverCpuPercent: number | null;
  load: [number, number];
}) {
  const { stats, samples } = run;
  const kinds = [...stats.latencies.entries()]
    .map(([kind, list]) => {
      const sorted = sortedCopy(list);
      return {
        kind,
        count: list.length,
        p50: round(quantile(sorted, 0.5)),
        p99: round(quantile(sorted, 0.99)),
        max: round(sorted.at(-1) ?? 0),
      };
    })
    .sort((a, b) => b.count - a.count);
  const all = sortedCopy([...stats.latencies.values()].flat());
  const warm = samples.find((s) => s.t >= WARMUP_S) ?? samples.at(-1)!;
  const end = samples.at(-1)!;
  const after = samples.filter((s) => s.t >= WARMUP_S);
  const slope = slopePerMinute(after.map((s) => ({ t: s.t, y: s.rssMb })));
  const heapSlope = slopePerMinute(
    after.flatMap((s) => (s.heapMb === null ? [] : [{ t: s.t, y: s.heapMb }])),
  );
  // Informative only: a creep that a garbage collection early in the run would hide.
  const secondHalf = samples.filter((s) => s.t >= end.t / 2);
  const lateSlope = slopePerMinute(secondHalf.map((s) => ({ t: s.t, y: s.rssMb })));
  const growth = (end.rssMb - warm.rssMb) / warm.rssMb;
  const leaking = growth > MAX_GROWTH && slope > MAX_SLOPE;
  const achieved = (stats.done * 1000) / run.elapsedMs;
  const errors = total(stats.errors.values());
  return {
    date: run.startedAt.toISOString(),
    database: run.kind,
    users: run.userCount,
    members: run.people.members.length,
    minutes: round(run.elapsedMs / 60_000, 2),
    targetRate: RATE,
    achievedRate: round(achieved, 2),
    seed: firstSeed,
    requests: stats.done,
    approvals: run.people.approvals,
    serverCpuPercent: run.serverCpuPercent === null ? null : Math.round(run.serverCpuPercent),
    loadAverage: {
      start: round(run.load[0], 2),
      end: round(run.load[1], 2),
      cores: os.cpus().length,
    },
    kinds,
    p50: round(quantile(all, 0.5)),
    p99: round(quantile(all, 0.99)),
    max: round(all.at(-1) ?? 0),
    p99ByMinute: stats.perMinute.map((m) => round(quantile(sortedCopy(m), 0.99))),
    errorCount: errors,
    errors: Object.fromEntries(stats.errors),
    errorSamples: stats.errorSamples,
    schedule: {
      late: stats.lateCount,
      capWaits: stats.capWaits,
      skipped: stats.skipped,
      maxLagMs: Math.round(stats.maxLagMs),
      fellBehind:
        achieved < RATE * 0.98 || stats.lateCount > stats.sent * 0.01 || stats.skipped > 0,
    },
    memory: {
      warmupSeconds: Math.round(warm.t),
      rssStartMb: round(samples[0]!.rssMb),
      rssWarmMb: round(warm.rssMb),
      rssEndMb: round(end.rssMb),
      growthPercent: round(growth * 100),
      slopeMbPerMinute: round(slope, 3),
      heapSlopeMbPerMinute: round(heapSlope, 3),
      secondHalfSlopeMbPerMinute: round(lateSlope, 3),
      leaking,
      samples: samples.map((s) => [
        Math.round(s.t),
        round(s.rssMb),
        s.heapMb === null ? null : round(s.heapMb),
      ]),
    },
    passed: errors === 0 && !leaking,
  };
}

function printReport(r: ReturnType<typeof summarize>, stats: Stats, samples: Sample[]): void {
  console.log(
    `\nsoak ${r.date}: ${r.database}, ${r.users} users, ${r.members} members, ${r.minutes} min at ` +
      `${r.achievedRate}/s (target ${r.targetRate}/s); server CPU ${r.serverCpuPercent ?? '?'} % of a ` +
      `core; machine load ${r.loadAverage.start} at the start, ${r.loadAverage.end} at the end ` +
      `(${r.loadAverage.cores} cores)`,
  );
  const row = (kind: string, count: number, p50: number, p99: number, max: number) =>
    `| ${kind.padEnd(24)} | ${String(count).padStart(5)} | ${f1(p50).padStart(6)} | ${f1(p99).padStart(6)} | ${f1(max).padStart(7)} |`;
  console.log(`\n| ${'kind'.padEnd(24)} | count | p50 ms | p99 ms |  max ms |`);
  console.log(`|${'-'.repeat(26)}|------:|-------:|-------:|--------:|`);
  for (const k of r.kinds) console.log(row(k.kind, k.count, k.p50, k.p99, k.max));
  console.log(row('all', total(r.kinds.map((k) => k.count)), r.p50, r.p99, r.max));
  console.log(`\np99 by minute: ${r.p99ByMinute.map(f1).join(', ')} ms`);
  const stalls = [...stats.slow.entries()].sort((a, b) => b[1].count - a[1].count).slice(0, 8);
  console.log(
    `answers over ${SLOW_MS} ms: ${total([...stats.slow.values()].map((x) => x.count))}` +
      (stalls.length
        ? `; the worst seconds: ${stalls
            .sort((a, b) => a[0] - b[0])
            .map(([t, x]) => `${clock(t)} (${x.count}, up to ${Math.round(x.worstMs)} ms)`)
            .join(', ')}`
        : ''),
  );
  console.log(
    `schedule: ${stats.sent} sent, ${r.schedule.late} more than ${LATE_MS} ms late ` +
      `(${r.schedule.capWaits} held back by --max-in-flight ${MAX_IN_FLIGHT}), ` +
      `${r.schedule.skipped} not sent by the end, max lag ` +
      `${r.schedule.maxLagMs} ms` +
      (r.schedule.fellBehind ? ' -- FELL BEHIND the schedule' : ''),
  );
  console.log(`errors: ${r.errorCount}`);
  for (const [key, n] of Object.entries(r.errors)) console.log(`  ${n} x ${key}`);
  for (const s of r.errorSamples) console.log(`  e.g. ${s}`);
  const m = r.memory;
  console.log(
    `\nmemory (VmRSS of the server): ${f1(m.rssStartMb)} MB at the start, ${f1(m.rssWarmMb)} MB ` +
      `after ${m.warmupSeconds} s, ${f1(m.rssEndMb)} MB at the end (${m.growthPercent >= 0 ? '+' : ''}` +
      `${f1(m.growthPercent)} %); slope after ${m.warmupSeconds} s ${m.slopeMbPerMinute.toFixed(2)} MB/min ` +
      `(heap used ${m.heapSlopeMbPerMinute.toFixed(2)} MB/min), over the second half ` +
      `${m.secondHalfSlopeMbPerMinute.toFixed(2)} MB/min` +
      (m.leaking ? ` -- GROWING (more than ${args['max-growth']} % and ${MAX_SLOPE} MB/min)` : ''),
  );
  for (const line of chart(samples)) console.log(line);
  console.log('');
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});
