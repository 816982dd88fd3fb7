// npm run bench:bundle [-- --no-build] [--dist DIR]
//
// Gzip size of the JavaScript each route loads, against the budgets of issue 6: 95 KB for
// the public first load (index.html's entry and its static imports) and 50 KB more for any
// lazily loaded route (its layout and page chunks and their static imports not already in
// the first load). Builds the web app with a manifest into a scratch folder, so the app's
// own dist is left alone. Exits 1 over budget.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const KB = 1024;
const FIRST_LOAD_BUDGET = 95 * KB;
const ROUTE_BUDGET = 50 * KB;

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
    ['build', '--manifest', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: web, stdio: 'inherit' },
  );
}
dist ??= path.join(web, 'dist');
const manifestPath = path.join(dist, '.vite', 'manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error(`${manifestPath} is missing: build with --manifest (or run without --no-build)`);
  process.exit(2);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));

const gzipOf = new Map();
function gzipSize(file) {
  if (!gzipOf.has(file))
    gzipOf.set(file, gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzipOf.get(file);
}

/** The JS files a manifest entry loads at once: itself and its static imports, recursively. */
function staticClosure(key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  if (chunk.file.endsWith('.js')) into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, into);
  return into;
}
const total = (files) => [...files].reduce((s, f) => s + gzipSize(f), 0);

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('.html'));
if (!entryKey) throw new Error('no HTML entry in the manifest');
const firstLoad = staticClosure(entryKey);

// Which lazy module each route shows: read from the router (const X = page(() => import(...))).
const routerPath = path.join(web, 'src', 'app', 'router.tsx');
const router = fs.readFileSync(routerPath, 'utf8');
const lazyModule = new Map();
for (const m of router.matchAll(/const (\w+) = page\(\s*\(\) => import\('([^']+)'\)/g)) {
  lazyModule.set(m[1], path.relative(web, path.resolve(path.dirname(routerPath), m[2])));
}
function routesIn(block, prefix) {
  const out = [];
  for (const m of block.matchAll(/<Route (index|path="([^"]+)") element=\{<(\w+) \/>\}/g)) {
    if (lazyModule.has(m[3]))
      out.push({ route: m[1] === 'index' ? prefix : `${prefix}/${m[2]}`, page: m[3] });
  }
  return out;
}
const userAt = router.indexOf('path="user"');
const adminAt = router.indexOf('path="admin"');
const routes = [
  ...routesIn(router.slice(0, userAt), '').map((r) => ({ ...r, layout: null })),
  ...routesIn(router.slice(userAt, adminAt), '/user').map((r) => ({
    ...r,
    layout: 'MemberLayout',
  })),
  ...routesIn(router.slice(adminAt), '/admin').map((r) => ({ ...r, layout: 'AdminLayout' })),
];

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
for (const r of routes) {
  const files = new Set();
  for (const name of [r.layout, r.page].filter(Boolean)) staticClosure(lazyModule.get(name), files);
  for (const f of firstLoad) files.delete(f);
  const bytes = total(files);
  const ok = bytes <= ROUTE_BUDGET;
  over ||= !ok;
  console.log(
    `| ${r.route} (+${files.size} files) | +${fmt(bytes)} | +${fmt(ROUTE_BUDGET)} | ${ok ? 'ok' : 'OVER'} |`,
  );
}
if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
if (over) {
  console.error('over budget');
  process.exit(1);
}
