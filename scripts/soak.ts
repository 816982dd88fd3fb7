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
//
// The parts are in soak/: the people, the requests, their schedule, the server, the books,
// the figures and the report.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { checkBooks } from './soak/books.ts';
import { summarize } from './soak/figures.ts';
import { setUp, type DuesState } from './soak/people.ts';
import { printReport, progressReporter } from './soak/report.ts';
import { nextCall, seededChoices } from './soak/requests.ts';
import { emptyStats, runLoad } from './soak/schedule.ts';
import {
  cpuSeconds,
  sampleMemory,
  startServer,
  stopServer,
  waitForHealth,
  type Sample,
  type ServerProcess,
} from './soak/server.ts';
import type { Settings } from './soak/settings.ts';

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

// The seed of the run's choices (soak/requests.ts): --seed repeats them.
const firstSeed = Number(args.seed ?? Date.now() % 1_000_000) >>> 0;

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
    if (!['postgres', 'pglite'].some((d) => fs.existsSync(path.join(env.DATA_DIR!, d))))
      throw new Error(`${env.DATA_DIR} holds no database: run npm run seed:scale first`);
  } else
    throw new Error('give --database-url or --data-dir (a database made by npm run seed:scale)');
  return env;
}

const settings: Settings = {
  minutes: MINUTES,
  durationMs: DURATION_MS,
  rate: RATE,
  maxInFlight: MAX_IN_FLIGHT,
  warmupS: WARMUP_S,
  maxGrowthPercent: Number(args['max-growth']),
  maxSlope: MAX_SLOPE,
  lateMs: LATE_MS,
  slowMs: SLOW_MS,
  seed: firstSeed,
};

async function main(): Promise<void> {
  const env = dbEnv();
  const port = Number(args.port);
  const base = `http://127.0.0.1:${port}`;
  const kind = env.DATABASE_URL ? 'postgres' : 'embedded';
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

  const { people, userCount } = await setUp(env, Number(args.members));
  const count = (s: DuesState) => people.members.filter((m) => m.dues === s).length;
  console.log(
    `soak: ${kind}, ${userCount} users, ${people.members.length} members taking part ` +
      `(${count('open')} to pay ${people.monthName}, ${count('pending')} under review, ${count('approved')} paid), ` +
      `${RATE}/s for ${MINUTES} min, seed ${firstSeed}`,
  );

  server = startServer(env, port, args['job-seconds']);
  const pid = server.child.pid!;
  await waitForHealth(base, server.child);
  const startedAt = new Date();
  const stats = emptyStats();
  const samples: Sample[] = [];
  const memory = sampleMemory(server, samples);
  const cpuAtStart = cpuSeconds(pid);
  const loadAtStart = os.loadavg()[0]!;
  const progress = progressReporter(DURATION_MS, stats, samples, () => server!.heapMb);
  const choices = seededChoices(firstSeed);

  loadRunning = true;
  const serverGone = () => server!.child.exitCode !== null || server!.child.signalCode !== null;
  const elapsedMs = await runLoad(
    base,
    settings,
    stats,
    (elapsedFraction) => nextCall(people, choices, elapsedFraction),
    () => stopped || serverGone(),
    progress,
  );
  loadRunning = false;
  memory.stop();
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

  const record = summarize(settings, {
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
  printReport(settings, record, stats, samples);
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

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});
