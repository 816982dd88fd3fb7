// Cluster test (issue 25, point 3). Two app processes (the built server), each with a data
// folder of its own, over one PostgreSQL database, behind nginx balancing between them:
//   1. a member and the treasurer sign in; a receipt sent to one process is read from the
//      other; the treasurer reviews it; a loan is applied for, approved and paid out; answers
//      come from both processes (nginx's X-Upstream);
//   2. members submit dues with receipts while two treasurer loops decide, and one process gets
//      SIGKILL in the middle; then every acknowledged write is there with its receipt, the
//      books balance, and the survivor carries on (a new submission and its approval).
//
//   node scripts/cluster-test.mjs [--short] [--members 6] [--source] [--seed N]
//
// --short (CI) runs fewer members for less time. The database is a scratch one on
// TEST_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres), dropped at
// the end. nginx is Debian's nginx-light.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.mjs';
import { startNginx } from './nginx.mjs';
import { checkStoredState, checkThroughApi } from './crash-test/checks.mjs';
import { client } from './crash-test/http.mjs';
import { LOAD_ENV, load } from './crash-test/load.mjs';
import { scratchDatabase } from './crash-test/scratch-database.mjs';
import { firstSeed, log, MEMBERS, random } from './crash-test/options.mjs';
import { freshMember } from './crash-test/people.mjs';
import { serverCommand, startServer, waitUntilRunning } from './crash-test/server.mjs';
import { dubaiMonthName, submitDues, tracked, walkThrough } from './cluster-test/walkthrough.mjs';

const short = process.argv.includes('--short');
const members = short ? Math.min(MEMBERS, 3) : MEMBERS;
const ackedAfterKill = short ? 3 : 10;
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

// fetch's own message is only "fetch failed": the cause (a reset, a refusal) and where it came.
const describe = (err) =>
  err instanceof Error
    ? `${err.stack ?? err.message}${err.cause ? `\n  cause: ${err.cause.code ?? ''} ${err.cause.message ?? err.cause}` : ''}`
    : String(err);

const waitFor = async (isDone, ms) => {
  const until = Date.now() + ms;
  while (!isDone() && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
};

async function main() {
  const command = serverCommand();
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'jamiya-cluster-'));
  const scratch = await scratchDatabase(adminUrl, 'jamiya_cluster');
  const processes = [];
  for (const name of ['a', 'b'])
    processes.push({
      name,
      address: `127.0.0.1:${await freePort()}`,
      dataDir: path.join(work, name),
    });
  const nginxPort = await freePort();
  let nginx;
  const problems = [];
  const stopAll = () => {
    for (const p of processes) if (p.child && p.child.exitCode === null) p.child.kill('SIGKILL');
  };
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.on(signal, () => {
      stopAll();
      process.exit(1);
    });
  log(
    `# cluster test${short ? ' (short)' : ''}: 2 processes over PostgreSQL behind nginx, seed ${firstSeed}`,
  );
  try {
    // Started at once, as a deploy starts them: the migrations and the demo data are made once.
    for (const p of processes) {
      await fs.mkdir(p.dataDir);
      p.child = startServer(command, {
        ...process.env,
        DATABASE_URL: scratch.url,
        DATA_DIR: p.dataDir,
        // One key for every process, as docs/scaling.md asks: links sealed by one open in the other.
        SECRET_KEY: 'the cluster test key, shared by its processes',
        PORT: p.address.split(':')[1],
        NODE_ENV: 'development',
        DEMO_SEED: '1',
        LOG_LEVEL: 'warn',
        TRUST_PROXY: '127.0.0.1',
        NOTIFICATION_JOB_SECONDS: '5',
        ...LOAD_ENV,
      });
    }
    await Promise.all(processes.map((p) => waitUntilRunning(p.child)));
    nginx = await startNginx({
      targets: processes.map((p) => `http://${p.address}`),
      port: nginxPort,
      dir: work,
      tls: false,
    });
    const call = client(`http://127.0.0.1:${nginxPort}`);
    const direct = Object.fromEntries(
      processes.map((p) => [p.address, client(`http://${p.address}`)]),
    );

    const servedBy = [];
    const walk = await walkThrough(call, direct, servedBy);
    for (const line of walk.checked) log(`ok - ${line}`);
    const counts = processes.map((p) => servedBy.filter((s) => s === p.address).length);
    if (counts.some((n) => n === 0)) problems.push(`answers by process: ${counts.join(' and ')}`);
    else log(`ok - the balancer spread ${servedBy.length} answers: ${counts.join(' and ')}`);

    // Fresh members, so that their months are free; the treasurer's loops decide.
    const joined = new Date();
    joined.setUTCMonth(joined.getUTCMonth() - 11, 1);
    const people = { admin: walk.treasurer, members: [] };
    for (let i = 0; i < members; i++)
      people.members.push(await freshMember(call, walk.treasurer, joined, i));
    const acked = { submissions: [], decisions: new Map(), serverErrors: [], statuses: {} };
    const stop = { now: false };
    const running = load(call, people, acked, stop);
    await waitFor(() => acked.submissions.length >= 3, 20_000);
    await new Promise((r) => setTimeout(r, Math.floor(random() * 1500)));
    const [killed, survivor] = processes;
    killed.child.kill('SIGKILL');
    await killed.child.exited;
    const atKill = acked.submissions.length;
    await waitFor(() => acked.submissions.length >= atKill + ackedAfterKill, 30_000);
    stop.now = true;
    await running;
    const afterKill = acked.submissions.length - atKill;
    const byKilled = acked.submissions.filter((x) => x.by === killed.address).length;
    if (byKilled === 0) problems.push(`no submission was acknowledged by ${killed.address}`);
    // A request cut off by the kill gets nginx's 502 (not the app's JSON): not acknowledged.
    const cutOff = acked.serverErrors.filter((e) => / 502 /.test(e)).length;
    problems.push(...acked.serverErrors.filter((e) => !/ 502 /.test(e)));
    if (afterKill < ackedAfterKill)
      problems.push(`only ${afterKill} submissions acknowledged after the kill`);
    log(
      `ok - ${killed.address} killed with ${atKill} submissions acknowledged (${byKilled} by it); ${afterKill} more acknowledged after it, ` +
        `${cutOff} cut off (502); answers ${JSON.stringify(acked.statuses)}`,
    );

    // The survivor carries on: a new submission and its approval, each answered by it.
    const after = [];
    const through = tracked(call, after);
    const sent = await submitDues(through, walk.member, dubaiMonthName(), '#a06020');
    await through('POST', `/api/admin/payments/${sent.body.payment.id}/approve`, {
      token: walk.treasurer,
      json: {},
    });
    acked.submissions.push({ member: { token: walk.member }, id: sent.body.payment.id });
    problems.push(
      ...(await checkThroughApi(
        call,
        { ...people, members: [...people.members, { token: walk.member }] },
        acked,
      )),
    );
    if (after.some((s) => s !== survivor.address))
      problems.push(`answered after the kill by ${after.join(', ')}`);
    else log(`ok - the survivor ${survivor.address} answers alone: a new receipt and its approval`);
    log(
      `ok - ${acked.submissions.length} acknowledged submissions checked: each there with its receipt served; trial balance balanced`,
    );

    survivor.child.kill('SIGTERM');
    if ((await survivor.child.exited) !== 0) problems.push('the survivor did not stop cleanly');
    const stored = await checkStoredState({
      url: scratch.url,
      dataDirs: processes.map((p) => p.dataDir),
    });
    problems.push(...stored.problems);
    log(
      `ok - in the database: ${stored.counts.payments} payments, ${stored.counts.files} files, ` +
        `${stored.counts.entries} entries; every file row with its bytes, every entry balanced, no uploads folder`,
    );
  } catch (err) {
    problems.push(describe(err));
    for (const p of processes)
      if (p.child) log(`# output of ${p.address}:\n${p.child.output.slice(-3000)}`);
  } finally {
    stopAll();
    await nginx?.close();
    await fs.rm(work, { recursive: true, force: true });
    await scratch.drop();
  }
  if (problems.length) {
    log(`not ok - ${problems.length} problem(s):\n  ${problems.slice(0, 30).join('\n  ')}`);
    log('# cluster test failed');
    process.exitCode = 1;
  } else {
    log('# cluster test passed');
  }
}

main().catch((err) => {
  console.error(err);
  console.log('# cluster test failed');
  process.exitCode = 1;
});
