// Crash test (issue 6, point 6). Starts the real server on a fresh database, sends payment
// submissions with receipts (several members at once) and admin approvals and rejections,
// kills the server with SIGKILL at a random moment, starts it again and checks that:
//   - every submission that got a 2xx is in the database, with its receipt served;
//   - every decision that got a 2xx is kept;
//   - no file row without its bytes in the database, no bytes without their row, no uploads
//     folder (the files are in the database: decision 032);
//   - every journal entry balances and all postings sum to zero (the trial balance);
//   - the server starts again (each round ends with a clean stop and a fresh start).
//
//   node scripts/crash-test.mjs [--rounds 20] [--pg] [--source] [--seed N]
//
// --pg uses a scratch database on PostgreSQL (CRASH_PG_URL or TEST_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres), dropped at the end; without it, embedded
// the embedded PostgreSQL in a fresh DATA_DIR. --source runs apps/server/src/server.ts through tsx (no build);
// otherwise apps/server/dist/server.js, rebuilt first when a source file is newer.
//
// The parts are in crash-test/: the options, the server process, the people, the load and the
// checks.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { checkStoredState, checkThroughApi } from './crash-test/checks.mjs';
import { client } from './crash-test/http.mjs';
import { LOAD_ENV, load } from './crash-test/load.mjs';
import { scratchDatabase } from './crash-test/scratch-database.mjs';
import {
  firstSeed,
  fromSource,
  log,
  MEMBERS,
  random,
  rounds,
  usePg,
} from './crash-test/options.mjs';
import { freshMember, setUp } from './crash-test/people.mjs';
import { serverCommand, startServer, waitUntilRunning } from './crash-test/server.mjs';
import { freePort } from './free-port.mjs';

async function main() {
  const command = serverCommand();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jamiya-crash-'));
  await fs.chmod(dataDir, 0o755); // run as root, PostgreSQL runs as a user that must pass through
  const port = await freePort();
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: 'info',
    NODE_ENV: 'development',
    DEMO_SEED: '1',
    NOTIFICATION_JOB_SECONDS: '0',
    ...LOAD_ENV,
  };
  delete env.DATABASE_URL;
  const target = { dataDir, url: undefined };
  let scratch;
  const adminUrl =
    process.env.CRASH_PG_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  if (usePg) {
    scratch = await scratchDatabase(adminUrl, 'jamiya_crash');
    target.url = scratch.url;
    env.DATABASE_URL = target.url;
  }
  const call = client(`http://127.0.0.1:${port}`);
  log(
    `# crash test: ${rounds} rounds on ${usePg ? 'PostgreSQL' : 'the embedded PostgreSQL'}, ` +
      `${fromSource ? 'sources (tsx)' : 'built server'}, seed ${firstSeed}`,
  );
  let server;
  let failed = 0;
  // Stopped from outside (a test's time limit, Ctrl-C): take the server down too.
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.on(signal, () => {
      server?.kill('SIGKILL');
      process.exit(1);
    });
  const totals = { submissions: 0, decisions: 0 };
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
      const summary =
        `killed after ${killAfter} ms; ${acked.submissions.length} submissions and ` +
        `${acked.decisions.size} decisions acknowledged (submission answers ${JSON.stringify(acked.statuses)}); ` +
        `${stored.counts.payments} payments, ${stored.counts.files} files, ${stored.counts.entries} entries`;
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
    await scratch?.drop();
  }
  log(
    `# ${rounds - failed} passed, ${failed} failed; ${totals.submissions} submissions, ` +
      `${totals.decisions} decisions acknowledged`,
  );
  if (failed) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  console.log('# 0 passed, 1 failed');
  process.exitCode = 1;
});
