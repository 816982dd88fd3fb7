// npm run bench:beside -- [--base http://localhost:3000] [--lines 45000] [--rows 20000] [--seconds 15]
//
// Issue 51, point 1: does anyone wait behind another's long work? Against a running server with
// seed:scale's association, a prober asks /api/health and a member's /api/my-account-data every
// 20 ms (one-select floor and everyday read) while, one phase after the other, the treasurer
// (two clients back to back) loads the arrears desk, then the trial balance, then imports an
// MT940 statement of --lines lines and opens its page, then checks an import of --rows members
// with every cell wrong (a dry run). Prints each phase's latencies, p50 / p99 / max, in a table
// for docs/performance.md.
import { parseArgs } from 'node:util';
import { IMPORT_COLUMNS } from '@jamiya/contracts/imports';
import { mt940, type BankEntry } from '../apps/server/test/support/bank-files.ts';
import { multipartForm } from './bench-support.ts';
import { SCALE_ADMIN_EMAIL, SCALE_PASSWORD } from './seed-scale/sign-ins.ts';

const { values: args } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://localhost:3000' },
    lines: { type: 'string', default: '45000' },
    rows: { type: 'string', default: '20000' },
    seconds: { type: 'string', default: '15' },
  },
});
const base = args.base!;
const phaseMs = Number(args.seconds) * 1000;

async function signIn(email: string): Promise<Record<string, string>> {
  const r = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: SCALE_PASSWORD }),
  });
  if (!r.ok) throw new Error(`sign-in of ${email}: ${r.status} ${await r.text()}`);
  return { authorization: `Bearer ${((await r.json()) as { access_token: string }).access_token}` };
}

const admin = await signIn(SCALE_ADMIN_EMAIL);
const member = await signIn('member1@scale.example');

async function get(path: string, headers: Record<string, string>): Promise<number> {
  const r = await fetch(`${base}${path}`, { headers });
  await r.arrayBuffer();
  if (!r.ok) throw new Error(`${path}: ${r.status}`);
  return r.status;
}

/** Runs `work` while probing; answers the probes' latencies and how many times work ran. */
async function phase(name: string, work: (going: () => boolean) => Promise<number>) {
  let stop = false;
  const health: number[] = [];
  const account: number[] = [];
  const probe = async (path: string, headers: Record<string, string>, into: number[]) => {
    while (!stop) {
      const t = performance.now();
      await get(path, headers);
      into.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const probes = [probe('/api/health', {}, health), probe('/api/my-account-data', member, account)];
  const started = performance.now();
  const done = await work(() => performance.now() - started < phaseMs);
  const took = performance.now() - started;
  stop = true;
  await Promise.all(probes);
  const q = (xs: number[], p: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.floor(p * s.length))]!.toFixed(0);
  };
  const cells = (xs: number[]) => `${q(xs, 0.5)} / ${q(xs, 0.99)} / ${q(xs, 1)} ms`;
  console.log(
    `| ${name} | ${done} in ${(took / 1000).toFixed(1)} s | ${cells(health)} | ${cells(account)} |`,
  );
}

const backToBack = (path: string) => async (going: () => boolean) => {
  let n = 0;
  await Promise.all(
    [0, 1].map(async () => {
      while (going()) {
        await get(path, admin);
        n++;
      }
    }),
  );
  return n;
};

/** A run's own references, within MT940's 16 characters (longer ones were cut to one). */
const run = (Date.now() % 36 ** 5).toString(36);

function statement(lines: number): Buffer {
  const entries: BankEntry[] = Array.from({ length: lines }, (_, i) => ({
    day: `2026-10-${String(1 + (i % 28)).padStart(2, '0')}`,
    amountFils: 20_000 + (i % 97) * 100,
    ref: `B${run}-${i}`,
    text: `DUES MEMBER ${1 + (i % 5000)}`,
    party: `MEMBER ${1 + (i % 5000)}`,
  }));
  return mt940(0, entries);
}

console.log(
  '| the treasurer, meanwhile | done | health p50 / p99 / max | my-account-data p50 / p99 / max |',
);
console.log('| --- | --- | --- | --- |');
await phase('nothing (the floor)', async (going) => {
  while (going()) await new Promise((r) => setTimeout(r, 100));
  return 0;
});
await phase('the arrears desk, back to back', backToBack('/api/admin/arrears'));
await phase('the trial balance, back to back', backToBack('/api/admin/ledger/trial-balance'));
const file = statement(Number(args.lines));
await phase(`a ${args.lines}-line MT940 import, then its page 3 times`, async () => {
  const form = multipartForm(
    // The seeded association holds its own statement, whose lines some of these resemble.
    { bank: 'Emirates NBD', lookalikes: 'new' },
    { name: 'statement.sta', type: 'text/plain', data: file },
    admin,
  );
  const r = await fetch(`${base}/api/admin/bank-statements`, {
    method: 'POST',
    headers: form.headers,
    body: form.payload,
  });
  if (r.status !== 201) throw new Error(`import: ${r.status} ${await r.text()}`);
  const { statement: kept } = (await r.json()) as { statement: { id: number } };
  for (let i = 0; i < 3; i++) await get(`/api/admin/bank-statements/${kept.id}`, admin);
  return 4;
});

const wrong = Buffer.from(
  [
    IMPORT_COLUMNS.join(','),
    ...Array.from({ length: Number(args.rows) }, (_, i) =>
      IMPORT_COLUMNS.map((c) => (c === 'name' ? `Member ${i}` : 'wrong!')).join(','),
    ),
  ].join('\r\n'),
);
await phase(`a ${args.rows}-row import checked, every cell wrong`, async () => {
  const form = multipartForm(
    { as_of: '2026-10-15', opening_cash: '50000', dry_run: 'true' },
    { name: 'members.csv', type: 'text/csv', data: wrong },
    admin,
  );
  const r = await fetch(`${base}/api/admin/imports`, {
    method: 'POST',
    headers: form.headers,
    body: form.payload,
  });
  if (r.status !== 200) throw new Error(`dry run: ${r.status} ${await r.text()}`);
  await r.arrayBuffer();
  return 1;
});
