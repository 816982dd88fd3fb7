// npm run bench:scale -- [--sizes 500,5000] [--pg [--pg-url URL]] [--requests 20] [--out FILE]
//
// Issue 51, points 3 and 6: do the treasurer's pages grow with the association? For each size,
// on the embedded database (and with --pg on a scratch database of a PostgreSQL server), seeds
// an association (seed:scale), starts the built server (npm run build first) and asks each page
// --requests times, one request at a time, each beside a /api/health (one select: the floor)
// asked just before it, so both see the same machine. Prints p50, p99, p50 over the floor's p50,
// and the growth of p50 from the smallest size. Then the dues job's reminder day and fine day at
// each size, with /api/health and a member's read beside them (bench-job.ts, point 2).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { signIn, withSeededServer } from './bench/seeded.ts';
import { SCALE_ADMIN_EMAIL } from './seed-scale/sign-ins.ts';

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '500,5000' },
    pg: { type: 'boolean', default: false },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    requests: { type: 'string', default: '20' },
    port: { type: 'string', default: '3931' },
    out: { type: 'string' },
  },
});
const sizes = args.sizes!.split(',').map(Number);
const requests = Number(args.requests);

/** What is measured: the treasurer's pages of issue 51, point 3, and a member's everyday read. */
const PAGES: Array<{ name: string; path: string; as: 'admin' | 'member' }> = [
  { name: 'arrears desk', path: '/api/admin/arrears', as: 'admin' },
  { name: 'trial balance', path: '/api/admin/ledger/trial-balance', as: 'admin' },
  { name: 'reconciliation', path: '/api/admin/reconciliation', as: 'admin' },
  // seed:scale's statement: every movement of cash of the last two to three months.
  { name: 'bank statement', path: '/api/admin/bank-statements/1', as: 'admin' },
  { name: 'overview', path: '/api/admin/overview', as: 'admin' },
  { name: 'member search', path: '/api/admin/members?q=Member%204242', as: 'admin' },
  { name: 'audit log by action', path: '/api/admin/audit?action=loan', as: 'admin' },
  { name: "a member's account data", path: '/api/my-account-data', as: 'member' },
];

interface Row {
  database: string;
  members: number;
  page: string;
  p50: number;
  p99: number;
  floorP50: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function timed(url: string, headers: Record<string, string> = {}): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return performance.now() - started;
}

async function measure(database: string, members: number): Promise<Row[]> {
  return withSeededServer(
    { database, members, port: args.port!, pgUrl: args['pg-url']! },
    async (base) => {
      const headers = {
        admin: await signIn(base, SCALE_ADMIN_EMAIL),
        member: await signIn(base, 'member1@scale.example'),
      };
      const rows: Row[] = [];
      for (const page of PAGES) {
        for (let i = 0; i < 2; i++) await timed(base + page.path, headers[page.as]); // warm
        const floor: number[] = [];
        const times: number[] = [];
        for (let i = 0; i < requests; i++) {
          floor.push(await timed(`${base}/api/health`));
          times.push(await timed(base + page.path, headers[page.as]));
        }
        times.sort((a, b) => a - b);
        floor.sort((a, b) => a - b);
        const row = {
          database,
          members,
          page: page.name,
          p50: quantile(times, 0.5),
          p99: quantile(times, 0.99),
          floorP50: quantile(floor, 0.5),
        };
        console.log(`  ${page.name}: p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms`);
        rows.push(row);
      }
      return rows;
    },
  );
}

const rows: Row[] = [];
for (const database of args.pg ? ['embedded', 'postgres'] : ['embedded'])
  for (const members of sizes) {
    console.log(`${database}, ${members} members`);
    rows.push(...(await measure(database, members)));
  }

/** The job's passes for `members` members (bench-job.ts), as the rows of its table. */
function jobPasses(database: string, members: number): string[] {
  const onPg = database === 'postgres' ? ['--pg', '--pg-url', args['pg-url']!] : [];
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/bench-job.ts', '--members', String(members), ...onPg],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  return out
    .split('\n')
    .filter((line) => /^\| (reminder day|fine day|nothing left|a quiet minute)/.test(line))
    .map((line) => `| ${database} | ${members} ${line}`);
}

const jobRows: string[] = [];
for (const database of args.pg ? ['embedded', 'postgres'] : ['embedded'])
  for (const members of sizes) jobRows.push(...jobPasses(database, members));

const ms = (n: number) => n.toFixed(n < 10 ? 1 : 0);
console.log(
  '\n| database | members | page | p50 ms | p99 ms | p50 / floor | growth from ' +
    `${sizes[0]} |\n| --- | --: | --- | --: | --: | --: | --: |`,
);
for (const row of rows) {
  const first = rows.find((r) => r.database === row.database && r.page === row.page)!;
  console.log(
    `| ${row.database} | ${row.members} | ${row.page} | ${ms(row.p50)} | ${ms(row.p99)} | ` +
      `${(row.p50 / row.floorP50).toFixed(1)} | ${(row.p50 / first.p50).toFixed(2)} |`,
  );
}
console.log(
  '\n| database | members | pass | done | took | health p50 / p99 / max | my-account-data p50 / p99 / max |\n' +
    '| --- | --: | --- | --- | --: | --- | --- |',
);
for (const row of jobRows) console.log(row);
if (args.out) fs.writeFileSync(args.out, JSON.stringify({ pages: rows, job: jobRows }, null, 2));
