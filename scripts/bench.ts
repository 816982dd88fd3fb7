// npm run bench -- (--database-url URL | --data-dir DIR) [--label 10k] [--connections 50]
//   [--duration 10] [--sessions 300] [--out results.json]
//
// Throughput of the member's hot reads against the floor of any request that touches the
// database: a bare Fastify route doing one primary-key select on the same database, through
// the same driver and ORM. The two run one after the other (the embedded database allows one
// process per folder), each in its own process, with autocannon in this one. Seed the database first:
// npm run seed:scale -- --members 10000 ... See docs/performance.md.
//
// The parts are in bench/: the bare route, the sessions, the processes, the load and the table.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { serveBare } from './bench/bare-route.ts';
import { load, medianOfRounds, type Figures, type LoadSettings } from './bench/load.ts';
import { postgresServer, processCpu } from './bench/cpu.ts';
import { start, stopChild, tsx, waitFor } from './bench/processes.ts';
import { memberSessions } from './bench/sessions.ts';
import { printCpuTable, printTable } from './bench/table.ts';

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

async function main(): Promise<void> {
  if (args['serve-bare']) return serveBare(dbEnv(), Number(args.port));
  const env = dbEnv();
  const port = Number(args.port);
  const base = `http://127.0.0.1:${port}`;

  const { sample, members, tokens } = await memberSessions(env, Number(args.sessions));
  const bearer = tokens.map((t) => ({ authorization: `Bearer ${t}` }));
  const kind = env.DATABASE_URL ? 'postgres' : 'embedded';
  console.log(
    `bench: ${kind}, ${members} users, ${tokens.length} sessions, ${args.connections} connections, ${args.duration} s each`,
  );

  const settings: LoadSettings = {
    connections: Number(args.connections),
    warmupSeconds: Number(args.warmup),
    durationSeconds: Number(args.duration),
  };
  // PostgreSQL's CPU per request beside the app's, when it runs on this machine (Linux).
  const postgresCpu = await (env.DATABASE_URL && process.platform === 'linux'
    ? postgresServer(env.DATABASE_URL).catch(() => undefined)
    : undefined);
  const metersOf = (pid: number | undefined) => ({
    ...(pid ? { app: processCpu(pid) } : {}),
    ...(postgresCpu ? { postgres: postgresCpu } : {}),
  });
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
      const meters = metersOf(bare.pid);
      results.push(await load(settings, 'bare: one primary-key select', base, ids, [{}], meters));
      const preparedIds = sample.map((u) => `/bare-prepared/${u.id}`);
      results.push(
        await load(settings, 'bare, prepared statement', base, preparedIds, [{}], meters),
      );
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
      const meters = metersOf(server.pid);
      const route = (path: string) => load(settings, `GET ${path}`, base, [path], bearer, meters);
      results.push(await route('/api/my-account-data'));
      results.push(await route('/api/profile'));
    } finally {
      await stopChild(server);
    }
    rounds.push(results);
    console.log(
      `round ${round + 1}: ${results.map((r) => `${r.target.split(':')[0]} ${r.requestsPerSecond}/s`).join(', ')}`,
    );
  }
  const results = medianOfRounds(rounds);

  const floor = results[0]!.requestsPerSecond;
  const preparedFloor = results[1]!.requestsPerSecond;
  printTable(results, floor, preparedFloor);
  printCpuTable(results);
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
