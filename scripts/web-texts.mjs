// The web app's catalogs through Lingui's extract (decision 046, apps/web/lingui.config.ts):
// the namespaces' files of each language are merged into the one catalog extract keeps, extract
// runs, and each id goes back to its namespace's file, named by the id's first part. The
// treasurer's namespaces (admin*) are in English and Arabic only. Ids of no namespace are the
// shared schemas' sentences, which the server's catalogs keep. `node scripts/web-texts.mjs`
// rewrites the files; it prints what extract says each language misses.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const SRC = 'apps/web/src';
const MERGED = '.tmp/web-texts';
const LANGUAGES = ['en', 'ar', 'hi', 'ur', 'bn', 'ml'];
const ADMIN_LANGUAGES = ['en', 'ar'];

const folderOf = (namespace) =>
  namespace === 'common' ? `${SRC}/locales` : `${SRC}/features/${namespace}/locales`;
const namespaces = [
  'common',
  ...fs.readdirSync(`${SRC}/features`).filter((f) => fs.existsSync(folderOf(f))),
];
const languagesOf = (namespace) => (namespace.startsWith('admin') ? ADMIN_LANGUAGES : LANGUAGES);
const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {});

/** Every catalog file of the web app, by its path: what a run must leave as it found. */
export function webCatalogs() {
  const files = new Map();
  for (const namespace of namespaces)
    for (const language of LANGUAGES) {
      const file = path.join(folderOf(namespace), `${language}.json`);
      if (fs.existsSync(file)) files.set(file, fs.readFileSync(file, 'utf8'));
    }
  return files;
}

export function extractWebTexts() {
  fs.rmSync(MERGED, { recursive: true, force: true });
  fs.mkdirSync(MERGED, { recursive: true });
  for (const language of LANGUAGES) {
    const merged = Object.assign(
      {},
      ...namespaces.map((namespace) => read(path.join(folderOf(namespace), `${language}.json`))),
    );
    fs.writeFileSync(path.join(MERGED, `${language}.json`), JSON.stringify(merged, null, 2));
  }
  const run = spawnSync(
    'npx',
    ['lingui', 'extract', '--clean', '--config', 'apps/web/lingui.config.ts'],
    { stdio: 'inherit' },
  );
  if (run.status !== 0) return false;
  for (const language of LANGUAGES) {
    const texts = read(path.join(MERGED, `${language}.json`));
    for (const namespace of namespaces) {
      const file = path.join(folderOf(namespace), `${language}.json`);
      if (!languagesOf(namespace).includes(language)) continue;
      const own = Object.fromEntries(
        Object.entries(texts).filter(([id]) => id.startsWith(`${namespace}.`)),
      );
      fs.writeFileSync(file, `${JSON.stringify(own, null, 2)}\n`);
    }
  }
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(extractWebTexts() ? 0 : 1);
