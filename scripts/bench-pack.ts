// npm run bench:pack -- [--sizes 500,5000] [--pg [--pg-url URL]] [--runs 3]
//
// Issue 53, points 3 and 4: the accountant's pack and the annual report (PDF, JSON) of last year
// (drafts: seed:scale closes nothing),
// for associations of each size on the embedded database (and with --pg on a scratch database
// of a PostgreSQL server). Seeds the association, starts the built server (npm run build
// first), asks for the pack --runs times, and beside each asks /api/health every 25 ms: the
// pack is written in a pool thread, so the server must keep answering everyone meanwhile.
// Prints the pack's time, size and rows, and /api/health's p50 and p99 while it was made.
import { parseArgs } from 'node:util';
import { strFromU8, unzipSync } from 'fflate';
import { signIn, withSeededServer } from './bench/seeded.ts';
import { SCALE_ADMIN_EMAIL } from './seed-scale/sign-ins.ts';

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '500,5000' },
    pg: { type: 'boolean', default: false },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '3933' },
  },
});
const year = new Date().getFullYear() - 1;
const FILES = ['pack', 'report', 'report?format=json'];
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** One file of the year, with /api/health asked every 25 ms while it is made. */
async function oneFile(base: string, headers: Record<string, string>, path: string) {
  const health: number[] = [];
  let making = true;
  const beside = (async () => {
    while (making) {
      const started = performance.now();
      await (await fetch(`${base}/api/health`)).arrayBuffer();
      health.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  const started = performance.now();
  const res = await fetch(`${base}/api/admin/years/${year}/${path}`, { headers });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const ms = performance.now() - started;
  making = false;
  await beside;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${strFromU8(bytes)}`);
  const ledger =
    path === 'pack'
      ? Object.entries(unzipSync(bytes)).find(([name]) => name.endsWith('general-ledger.csv'))![1]
      : null;
  health.sort((a, b) => a - b);
  return {
    ms,
    mb: bytes.byteLength / 1e6,
    ledgerRows: ledger ? String(strFromU8(ledger).split('\r\n').length - 2) : '—',
    healthP50: quantile(health, 0.5),
    healthP99: quantile(health, 0.99),
    healthMax: health.at(-1)!,
  };
}

async function measure(database: string, members: number) {
  return withSeededServer(
    { database, members, port: args.port!, pgUrl: args['pg-url']! },
    async (base) => {
      const headers = await signIn(base, SCALE_ADMIN_EMAIL);
      const byFile = new Map<string, Awaited<ReturnType<typeof oneFile>>[]>();
      for (const path of FILES) {
        const runs = [];
        for (let i = 0; i < Number(args.runs); i++) runs.push(await oneFile(base, headers, path));
        byFile.set(path, runs);
      }
      return byFile;
    },
  );
}

console.log(
  '| database | members | file | ledger rows | MB | s (median) | health p50 ms | health p99 ms | health max ms |',
);
console.log('| --- | --: | --- | --: | --: | --: | --: | --: | --: |');
for (const database of args.pg ? ['embedded', 'postgres'] : ['embedded'])
  for (const members of args.sizes!.split(',').map(Number)) {
    for (const [path, runs] of await measure(database, members)) {
      const median = [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)]!;
      const worstP99 = Math.max(...runs.map((r) => r.healthP99));
      const worstMax = Math.max(...runs.map((r) => r.healthMax));
      console.log(
        `| ${database} | ${members} | ${path} | ${median.ledgerRows} | ${median.mb.toFixed(2)} | ` +
          `${(median.ms / 1000).toFixed(1)} | ${median.healthP50.toFixed(1)} | ${worstP99.toFixed(1)} | ${worstMax.toFixed(0)} |`,
      );
    }
  }
