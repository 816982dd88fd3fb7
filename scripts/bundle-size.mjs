// npm run bench:bundle [-- --no-build] [--dist DIR]
//
// Gzip size of the JavaScript each route loads, against the budgets of issue 6: 95 KB for
// the public first load (index.html's entry and its static imports: all the landing page `/`
// needs, which loads nothing lazily) and 50 KB more for any lazily loaded route: what it
// loads beyond the first load before it can show, i.e. its layout and page chunks, the
// session checks in front of them, the query client provider and the toast container every
// lazily loaded page comes with (app/router.tsx, app/app.tsx), the page's namespace of texts,
// and the static imports of all of these. Builds the web app with a manifest into a scratch
// folder, so the app's own dist is left alone. Exits 1 over budget.
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

// Which lazy module each route shows, and the namespace of texts it loads with it: read from
// the router (const X = page(() => import('...'), 'X', 'namespace')).
const routerPath = path.join(web, 'src', 'app', 'router.tsx');
const router = fs.readFileSync(routerPath, 'utf8');
const lazyModule = new Map();
const pageRe =
  /const (\w+) = page\(\s*\(\) => import\('([^']+)'\),\s*'\w+',?\s*(?:'([\w-]+)',?\s*)?\)/g;
for (const m of router.matchAll(pageRe)) {
  const file = path.relative(web, path.resolve(path.dirname(routerPath), m[2]));
  const texts = m[3] ? `src/features/${m[3]}/locales/en.json` : null;
  lazyModule.set(m[1], [file, texts].filter(Boolean));
}
for (const [name, keys] of lazyModule)
  for (const key of keys)
    if (!manifest[key]) throw new Error(`${name}: ${key} is not in the manifest`);
// What every lazily loaded page brings along (see app/router.tsx and app/app.tsx).
const withEveryPage = ['src/app/query-provider.tsx', 'src/app/toasts.tsx'];
for (const key of withEveryPage)
  if (!manifest[key]) throw new Error(`${key} is not in the manifest`);
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
  ...routesIn(router.slice(0, userAt), '').map((r) => ({ ...r, layouts: [] })),
  ...routesIn(router.slice(userAt, adminAt), '/user').map((r) => ({
    ...r,
    layouts: ['RequireSession', 'MemberLayout'],
  })),
  ...routesIn(router.slice(adminAt), '/admin').map((r) => ({
    ...r,
    layouts: ['RequireSession', 'RequireAdmin', 'AdminLayout'],
  })),
];
for (const name of routes.flatMap((r) => r.layouts))
  if (!lazyModule.has(name)) throw new Error(`${name} is not a lazily loaded module of the router`);

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
  const modules = [...r.layouts, r.page].flatMap((name) => lazyModule.get(name));
  for (const key of [...modules, ...withEveryPage]) staticClosure(key, files);
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
