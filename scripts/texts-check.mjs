// The texts' check in CI (decision 046): Lingui's extract reads the ids at the calls and writes
// the catalogs, the server's and the web app's (scripts/web-texts.mjs), printing how many texts
// each language misses; the catalogs must then be as they were (a catalog the code no longer
// matches fails), and a strict compile of the server's without the English fallback fails on a
// text missing in any language; the web app's are held to every language they cover by
// apps/web/src/app/texts.test.ts. Run from the root: `npm run texts:check`.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { extractWebTexts, webCatalogs } from './web-texts.mjs';

const CONFIG = 'apps/server/lingui.config.ts';
const FEATURES = 'apps/server/src/features';
const lingui = (args, env = {}) =>
  spawnSync('npx', ['lingui', ...args, '--config', CONFIG], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  }).status;

/** The catalogs' folders: each feature's, the server's own and the shared schemas'. */
const folders = () => [
  ...fs.readdirSync(FEATURES).map((feature) => path.join(FEATURES, feature, 'locales')),
  'apps/server/src/locales',
  'packages/contracts/src/locales',
];

/** The files of every catalog folder that end in `ending`. */
function localeFiles(ending) {
  return folders().flatMap((dir) => {
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .filter((file) => file.endsWith(ending))
      .map((file) => path.join(dir, file));
  });
}

/** The compiled catalogs (locales/<language>.js) the strict compile leaves: none is kept. */
const removeCompiled = () => localeFiles('.js').forEach((file) => fs.rmSync(file));

function fail(why) {
  console.error(`\ntexts:check: ${why}`);
  process.exit(1);
}

/** Every catalog's text, by its file: what extract must leave as it found. */
const catalogs = () =>
  new Map(localeFiles('.json').map((file) => [file, fs.readFileSync(file, 'utf8')]));

const before = new Map([...catalogs(), ...webCatalogs()]);
if (lingui(['extract', '--clean']) !== 0) fail('extract failed');
if (!extractWebTexts()) fail("the web app's extract failed");
const after = new Map([...catalogs(), ...webCatalogs()]);
const changed = [...new Set([...before.keys(), ...after.keys()])].filter(
  (file) => before.get(file) !== after.get(file),
);
if (changed.length) {
  const known = changed.filter((file) => before.has(file));
  execFileSync('git', ['--no-pager', 'diff', '--stat', '--', ...known], { stdio: 'inherit' });
  fail(
    `these catalogs were not as the code reads them, and extract has rewritten them:\n  ${changed.join('\n  ')}\n` +
      'Give new texts their translations (an empty one is missing) and commit the catalogs.',
  );
}

let compiled;
try {
  compiled = lingui(['compile', '--strict', '--verbose'], { LINGUI_STRICT: '1' });
} finally {
  removeCompiled();
}
if (compiled !== 0) fail('a text is missing in a language (see above)');
console.log('\ntexts:check: every text is in every language, and the catalogs match the code.');
