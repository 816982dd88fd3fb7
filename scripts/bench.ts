// npm run bench -- (--database-url URL | --data-dir DIR) [--label 10k] [--connections 50]
//   [--duration 10] [--sessions 300] [--out results.json]
//
// Throughput of the member's hot reads against the floor of any request that touches the
// database: a bare Fastify route doing one primary-key select on the same database, through
// the same driver and ORM. The two run one after the other (PGlite allows one process per
// folder), each in its own process, with autocannon in this one. Seed the database first:
// npm run seed:scale -- --members 10000 ... See docs/performance.md.
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/open-database.ts';
import { users } from '../apps/server/src/db/schema/users.ts';
import { createSession } from '../apps/server/src/features/auth/sessions.ts';
import { preparedPer } from '../apps/server/src/lib/prepared.ts';

// autocannon ships no types; the part used here.
interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: Record<string, unknown>,
) => Promise<AutocannonResult>;

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
    label: { type: 'string', default: '' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    // Rounds of (bare, app): the machine's load drifts, so each figure is the median of rounds.
    rounds: { type: 'string', default: '3' },
    sessions: { type: 'string', default: '300' },
    port: { type: 'string', default: '3917' },
    'log-level': { type: 'string', default: 'warn' },
    out: { type: 'string' },
    'serve-bare': { type: 'boolean', default: false },
  },
});

function dbEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  if (args['database-url']) env.DATABASE_URL = args['database-url'];
  else if (args['data-dir']) env.DATA_DIR = path.resolve(args['data-dir']);
  else throw new Error('give --database-url or --data-dir (a database made by npm run seed:scale)');
  return env;
}

/** The comparison: one primary-key select per request, nothing else. */
async function serveBare(): Promise<void> {
  const database = await openDatabase(loadConfig(dbEnv()));
  const app = Fastify({ logger: false });
  app.get<{ Params: { id: string } }>('/bare/:id', async (request, reply) => {
    const [row] = await database.db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(eq(users.id, Number(request.params.id)));
    if (!row) return reply.code(404).send({ code: 'not_found' });
    return row;
  });
  // The same select as a prepared statement, as the app's hot paths send theirs
  // (lib/prepared.ts: a named statement on PostgreSQL and on PGlite): the stricter comparison.
  const prepared = preparedPer((db) =>
    db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .prepare('bare_by_id'),
  )(database.db);
  app.get<{ Params: { id: string } }>('/bare-prepared/:id', async (request, reply) => {
    const [row] = await prepared.execute({ id: Number(request.params.id) });
    if (!row) return reply.code(404).send({ code: 'not_found' });
    return row;
  });
  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  await app.listen({ port: Number(args.port), host: '127.0.0.1' });
  console.log('bare route listening');
}

function start(command: string, argv: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(command, argv, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stderr?.on('data', (d: Buffer) => process.stderr.write(d));
  return child;
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within 2 minutes`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

interface Figures {
  target: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function load(
  target: string,
  base: string,
  paths: string[],
  headers: Array<Record<string, string>>,
): Promise<Figures> {
  let i = 0;
  const options = {
    url: base,
    connections: Number(args.connections),
    requests: [
      {
        method: 'GET' as const,
        setupRequest: (req: Record<string, unknown>) => {
          const n = i++;
          return {
            ...req,
            path: paths[n % paths.length],
            headers: { ...(req.headers as object), ...headers[n % headers.length] },
          };
        },
      },
    ],
  };
  // Warm up (JIT, caches, the database's buffers), then measure.
  await autocannon({ ...options, duration: Number(args.warmup) });
  const r = await autocannon({ ...options, duration: Number(args.duration) });
  return {
    target,
    requestsPerSecond: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

async function main(): Promise<void> {
  if (args['serve-bare']) return serveBare();
  const env = dbEnv();
  const port = Number(args.port);
  const base = `http://127.0.0.1:${port}`;

  // Sessions made directly in the database: sign-in throttling (rightly) stops a few
  // hundred sign-ins from one address.
  const database = await openDatabase(loadConfig(env));
  const config = loadConfig(env);
  const sample = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'member'))
    .orderBy(sql`random()`)
    .limit(Number(args.sessions));
  const [{ members } = { members: 0 }] = await database.db
    .select({ members: sql<number>`count(*)::int` })
    .from(users);
  const tokens: string[] = [];
  const now = new Date();
  for (const u of sample) {
    const { token } = await createSession(
      database.db,
      u.id,
      { ttlMs: config.sessionTtlMs, idleMs: config.sessionIdleMs },
      now,
      { ip: '127.0.0.1', userAgent: 'bench' },
    );
    tokens.push(token);
  }
  await database.close();
  if (!tokens.length) throw new Error('no members in this database: run npm run seed:scale first');
  const bearer = tokens.map((t) => ({ authorization: `Bearer ${t}` }));
  const kind = env.DATABASE_URL ? 'postgres' : 'pglite';
  console.log(
    `bench: ${kind}, ${members} users, ${tokens.length} sessions, ${args.connections} connections, ${args.duration} s each`,
  );

  const rounds: Figures[][] = [];
  for (let round = 0; round < Number(args.rounds); round++) {
    const results: Figures[] = [];
    const bare = start(
      tsx,
      [
        fileURLToPath(import.meta.url),
        '--serve-bare',
        '--port',
        String(port),
        ...(args['database-url']
          ? ['--database-url', args['database-url']]
          : ['--data-dir', args['data-dir']!]),
      ],
      env,
    );
    try {
      await waitFor(`${base}/bare/1`, bare);
      const ids = sample.map((u) => `/bare/${u.id}`);
      results.push(await load('bare: one primary-key select', base, ids, [{}]));
      const preparedIds = sample.map((u) => `/bare-prepared/${u.id}`);
      results.push(await load('bare, prepared statement', base, preparedIds, [{}]));
    } finally {
      await stopChild(bare);
    }

    const server = start(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: args['log-level'],
      NOTIFICATION_JOB_SECONDS: '0',
      DEMO_SEED: '0',
    });
    try {
      await waitFor(`${base}/api/health`, server);
      results.push(await load('GET /api/my-account-data', base, ['/api/my-account-data'], bearer));
      results.push(await load('GET /api/profile', base, ['/api/profile'], bearer));
    } finally {
      await stopChild(server);
    }
    rounds.push(results);
    console.log(
      `round ${round + 1}: ${results.map((r) => `${r.target.split(':')[0]} ${r.requestsPerSecond}/s`).join(', ')}`,
    );
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const results: Figures[] = rounds[0]!.map((first, i) => ({
    target: first.target,
    requestsPerSecond: median(rounds.map((r) => r[i]!.requestsPerSecond)),
    p50: median(rounds.map((r) => r[i]!.p50)),
    p99: median(rounds.map((r) => r[i]!.p99)),
    non2xx: rounds.reduce((s, r) => s + r[i]!.non2xx, 0),
    errors: rounds.reduce((s, r) => s + r[i]!.errors, 0),
  }));

  const floor = results[0]!.requestsPerSecond;
  const preparedFloor = results[1]!.requestsPerSecond;
  const percent = (x: number, of: number) => `${Math.round((100 * x) / of)} %`;
  console.log(
    `\n| ${'route'.padEnd(30)} | req/s | p50 ms | p99 ms | of bare | of prepared | non-2xx | errors |`,
  );
  console.log(
    `|${'-'.repeat(32)}|------:|-------:|-------:|--------:|------------:|--------:|-------:|`,
  );
  for (const r of results) {
    console.log(
      `| ${r.target.padEnd(30)} | ${String(r.requestsPerSecond).padStart(5)} | ${String(r.p50).padStart(6)} | ${String(r.p99).padStart(6)} | ${percent(r.requestsPerSecond, floor).padStart(7)} | ${percent(r.requestsPerSecond, preparedFloor).padStart(11)} | ${String(r.non2xx).padStart(7)} | ${String(r.errors).padStart(6)} |`,
    );
  }
  if (args.out) {
    const entry = {
      date: new Date().toISOString(),
      label: args.label,
      database: kind,
      users: members,
      connections: Number(args.connections),
      durationSeconds: Number(args.duration),
      rounds: Number(args.rounds),
      results: results.map((r) => ({
        ...r,
        ofBare: r.requestsPerSecond / floor,
        ofPreparedBare: r.requestsPerSecond / preparedFloor,
      })),
    };
    const previous = fs.existsSync(args.out)
      ? (JSON.parse(fs.readFileSync(args.out, 'utf8')) as unknown[])
      : [];
    fs.writeFileSync(args.out, `${JSON.stringify([...previous, entry], null, 2)}\n`);
  }
  if (results.some((r) => r.non2xx || r.errors)) {
    console.error('some requests failed: the figures above do not measure successful answers');
    process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});
