// The crash test's options, its seeded choices and the month names a submission sends.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
export const rounds = Number(option('--rounds', '20'));
export const usePg = flag('--pg');
export const fromSource = flag('--source');
let seed = Number(option('--seed', String(Date.now() % 1_000_000)));
export const firstSeed = seed;
// A small deterministic generator so that a failing run can be repeated with --seed.
export function random() {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
}
export const pick = (list) => list[Math.floor(random() * list.length)];

export const MEMBERS = Number(option('--members', '6'));
// The contracts' own month names (packages/contracts/src/values.ts): plain node on Node 20
// cannot import a .ts file, so tsx loads that one module.
export const { MONTH_NAMES: MONTHS } = await tsImport('@jamiya/contracts/values', import.meta.url);

export function log(line) {
  console.log(line);
}
