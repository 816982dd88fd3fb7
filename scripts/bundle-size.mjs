// npm run bench:bundle [-- --no-build] [--dist DIR]   (run with tsx: it reads the route table)
//
// Gzip size of the JavaScript each route loads, against the budgets of issue 6: 95 KB for
// the public first load (index.html's entry and its static imports: all the landing page `/`
// needs, which loads nothing lazily) and 50 KB more for any lazily loaded route: what it
// loads beyond the first load before it can show, i.e. its layout and page chunks, the
// session checks in front of them, the query client provider every lazily loaded page comes
// with (app/app.tsx, lazyPage), the page's namespace of texts, and the static imports of all of
// these (the toasts come after the page has painted: lib/toast-containers-loader.ts). Builds the web app with a manifest into a scratch
// folder, so the app's own dist is left alone. Exits 1 over budget.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { PAGE_ROUTES } from '../apps/web/src/app/routes.ts';
import {
  chunkKey,
  FIRST_TEXTS,
  readManifests,
  routeFiles,
  staticClosure,
  textsModule,
} from '../apps/web/scripts/route-modules.mjs';
import { LANGUAGES } from '../packages/contracts/src/languages.ts';

const KB = 1024;
const FIRST_LOAD_BUDGET = 95 * KB;
const ROUTE_BUDGET = 50 * KB;
// The treasurer's pages, opened at a desk: 52 KB, since every route carries the member's phone's
// kept figures and offline states (docs/decisions/033-an-installable-app.md).
const ADMIN_ROUTE_BUDGET = 52 * KB;
// A language's texts for a route (issue 23).
const TEXTS_BUDGET = 10 * KB;

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const web = path.join(root, 'apps', 'web');
const { values: args } = parseArgs({
  options: { 'no-build': { type: 'boolean', default: false }, dist: { type: 'string' } },
});

let dist = args.dist ? path.resolve(args.dist) : null;
let scratch = null;
if (!args['no-build']) {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'jamiya-bundle-'));
  dist = path.join(scratch, 'dist');
  execFileSync(
    path.join(root, 'node_modules', '.bin', 'vite'),
    [
      'build',
      '--manifest',
      '--ssrManifest',
      '--outDir',
      dist,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: web, stdio: 'inherit' },
  );
}
dist ??= path.join(web, 'dist');
const ssrManifestPath = path.join(dist, '.vite', 'ssr-manifest.json');
if (!fs.existsSync(ssrManifestPath)) {
  console.error(
    `${ssrManifestPath} is missing: build with --manifest --ssrManifest (or run without --no-build)`,
  );
  process.exit(2);
}
const manifests = readManifests(dist);
const { manifest } = manifests;

const gzipOf = new Map();
function gzipSize(file) {
  if (!gzipOf.has(file))
    gzipOf.set(file, gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzipOf.get(file);
}

const total = (files) => [...files].reduce((s, f) => s + gzipSize(f), 0);

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('.html'));
if (!entryKey) throw new Error('no HTML entry in the manifest');
const firstLoad = staticClosure(manifest, entryKey);

const fmt = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
let over = false;
const firstLoadBytes = total(firstLoad);
const firstOk = firstLoadBytes <= FIRST_LOAD_BUDGET;
over ||= !firstOk;
console.log(`| route | gzip JS loaded | budget | |`);
console.log(`|---|---:|---:|---|`);
console.log(
  `| public first load (${firstLoad.size} files) | ${fmt(firstLoadBytes)} | ${fmt(FIRST_LOAD_BUDGET)} | ${firstOk ? 'ok' : 'OVER'} |`,
);
// Each route of the table (apps/web/src/app/routes.ts), as the build's per-route HTML names it.
for (const r of PAGE_ROUTES) {
  const files = routeFiles(manifests, r, firstLoad);
  const bytes = total(files);
  const budget = r.layout === 'admin' ? ADMIN_ROUTE_BUDGET : ROUTE_BUDGET;
  const ok = bytes <= budget;
  over ||= !ok;
  console.log(
    `| ${r.path} (+${files.size} files) | +${fmt(bytes)} | +${fmt(budget)} | ${ok ? 'ok' : 'OVER'} |`,
  );
}
// The largest file of texts each language has: what a route loads of it beyond its code.
for (const language of LANGUAGES) {
  const namespaces = fs
    .readdirSync(path.join(web, 'src', 'features'))
    .filter((feature) => fs.existsSync(path.join(web, 'src', 'features', feature, 'locales')));
  // English's common, layout and landing texts come with the first load.
  const own = ['common', ...namespaces].filter(
    (ns) => language !== 'en' || !FIRST_TEXTS.includes(ns),
  );
  const sizes = own.map((ns) => {
    const module = textsModule(ns, language);
    return { ns, bytes: total(new Set([manifest[chunkKey(manifests, module)].file])) };
  });
  const largest = sizes.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const ok = largest.bytes <= TEXTS_BUDGET;
  over ||= !ok;
  console.log(
    `| texts in ${language}, largest (${largest.ns}) | ${fmt(largest.bytes)} | ${fmt(TEXTS_BUDGET)} | ${ok ? 'ok' : 'OVER'} |`,
  );
}
if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
if (over) {
  console.error('over budget');
  process.exit(1);
}
