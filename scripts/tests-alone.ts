// npm run test:alone -- [FILE ...] [--sample N] [--seed S] [--among FOLDER ...] [--every]
//
// Issue 52, point 4: every test passes alone. For each test file (those named, or N drawn
// among the files under the folders --among names, by the seed: today's day of the year unless
// given), runs the file once to learn its tests' names, then one of them alone with `-t` (drawn
// by the seed too), or with --every each of them. Prints each verdict; fails when a file fails,
// or a test of it fails alone. A file whose tests all time something (npm run test:timing) has
// none to ask here: it is said so and passed over.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    sample: { type: 'string', default: '6' },
    seed: { type: 'string' },
    among: { type: 'string', multiple: true, default: ['apps'] },
    every: { type: 'boolean', default: false },
  },
});
const dayOfYear = Math.floor(
  (Date.now() - Date.UTC(new Date().getUTCFullYear(), 0, 0)) / 86_400_000,
);
let seed = Number(args.seed ?? dayOfYear);
/** A small deterministic generator (mulberry32): the same seed draws the same tests. */
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};
const draw = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;

const testFiles = () =>
  execFileSync('git', ['ls-files', 'apps/*.test.ts', 'apps/*.test.tsx'], {
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => file && args.among!.some((folder) => file.startsWith(`${folder}/`)));

function sample(files: string[], n: number): string[] {
  const left = [...files];
  const drawn: string[] = [];
  while (drawn.length < n && left.length)
    drawn.push(...left.splice(Math.floor(random() * left.length), 1));
  return drawn;
}

interface Report {
  testResults: Array<{ assertionResults: Array<{ fullName: string; status: string }> }>;
}

/** Runs vitest on `file` (only `-t name`, when given); its report, or null when it failed. */
function run(file: string, name?: string): Report | null {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'alone-'));
  const out = path.join(folder, 'report.json');
  const filter =
    name === undefined ? [] : ['-t', `^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`];
  const result = spawnSync(
    'npx',
    // As npm test runs them: without the tests that measure time (npm run test:timing).
    [
      'vitest',
      'run',
      file,
      ...filter,
      '--tags-filter=!timing',
      '--reporter=json',
      `--outputFile=${out}`,
    ],
    { encoding: 'utf8', stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const report =
    result.status === 0 && fs.existsSync(out)
      ? (JSON.parse(fs.readFileSync(out, 'utf8')) as Report)
      : null;
  fs.rmSync(folder, { recursive: true, force: true });
  return report;
}

const files = positionals.length ? positionals : sample(testFiles(), Number(args.sample));
let failed = 0;
let total = 0;
for (const file of files) {
  const whole = run(file);
  const names =
    whole?.testResults.flatMap((r) =>
      r.assertionResults.filter((a) => a.status === 'passed').map((a) => a.fullName),
    ) ?? [];
  if (whole && names.length === 0) {
    console.log(`skip ${file}: its tests all time something (npm run test:timing)`);
    continue;
  }
  if (!whole) {
    console.log(`FAIL ${file}: does not pass as a whole`);
    failed++;
    total++;
    continue;
  }
  // The tests run in a drawn order (decision 060): the first declared is no different.
  const asked = args.every ? names : [draw(names)];
  for (const name of asked) {
    const alone = run(file, name);
    const passed = alone?.testResults.some((r) =>
      r.assertionResults.some((a) => a.fullName === name && a.status === 'passed'),
    );
    console.log(`${passed ? 'ok  ' : 'FAIL'} ${file} › ${name}`);
    if (!passed) failed++;
    total++;
  }
}
console.log(`\n${total - failed} of ${total} tests asked pass alone.`);
process.exit(failed ? 1 : 0);
