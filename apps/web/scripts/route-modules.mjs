// Which built files each route of the web app loads, from the route table (src/app/routes.ts)
// and Vite's manifests (`vite build --manifest --ssrManifest`: the first names each chunk's
// imports, the second which chunk holds each source module, as a module may sit in a group's
// chunk). Shared by the build (scripts/prerender.mjs: each route's HTML names its files so the
// browser fetches them beside the entry) and the budget (scripts/bundle-size.mjs). Run with tsx,
// which lets these scripts import the table's TypeScript.
import fs from 'node:fs';
import path from 'node:path';
import { LAYOUTS } from '../src/app/routes.ts';
import { textsFile } from './texts-plugin.ts';

/** The namespaces of texts every page loads (src/app/i18n.ts): English ones come with the entry. */
export const FIRST_TEXTS = ['common', 'layout', 'landing'];

/** What every lazily loaded page brings along (src/app/app.tsx, lazyPage), and the tables of such pages and of the texts. */
export const WITH_EVERY_PAGE = [
  'src/app/query-provider.tsx',
  'src/app/pages.ts',
  'src/app/texts.ts',
];

const web = path.resolve(import.meta.dirname, '..');

/** The source file of a namespace's texts in a language, or English where it has none. */
export function textsModule(namespace, language) {
  const file = textsFile(path.join(web, 'src'), namespace, language);
  return path.relative(
    web,
    fs.existsSync(file) ? file : textsFile(path.join(web, 'src'), namespace, 'en'),
  );
}

/** The source modules a lazy module of the table loads: its file and its namespace of texts. */
function sourcesOf({ file, texts }, language) {
  return [`src/${file}`, ...(texts ? [textsModule(texts, language)] : [])];
}

/** Vite's two manifests of a build in `dist`. */
export function readManifests(dist) {
  const read = (name) => JSON.parse(fs.readFileSync(path.join(dist, '.vite', name), 'utf8'));
  return { manifest: read('manifest.json'), ssrManifest: read('ssr-manifest.json') };
}

/** The manifest key of the chunk that holds a source module (e.g. `src/app/query-provider.tsx`). */
export function chunkKey({ manifest, ssrManifest }, module) {
  if (manifest[module]) return module;
  const file = ssrManifest[module]?.find((f) => f.endsWith('.js'))?.replace(/^\//, '');
  const key = file && Object.keys(manifest).find((k) => manifest[k].file === file);
  if (!key) throw new Error(`${module} is in no chunk of the manifest`);
  return key;
}

/** The JS files a manifest entry loads at once: itself and its static imports, recursively. */
export function staticClosure(manifest, key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  if (chunk.file.endsWith('.js')) into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/**
 * The JS files a route of the table loads beyond the first load (the HTML entry and its
 * imports), in a language: the texts of another language than English come as files of their
 * own (src/app/texts.ts).
 */
export function routeFiles(manifests, route, firstLoad, language = 'en') {
  const files = new Set();
  const texts = language === 'en' ? [] : FIRST_TEXTS.map((ns) => textsModule(ns, language));
  for (const module of texts.length ? [...texts, 'src/app/texts.ts'] : [])
    staticClosure(manifests.manifest, chunkKey(manifests, module), files);
  // A page of the entry's own chunk (the landing page) loads nothing more; Vite's manifests
  // name no chunk for it.
  if (manifests.ssrManifest[`src/${route.page.file}`]?.length === 0) return files;
  const modules = [...LAYOUTS[route.layout].modules, route.page].flatMap((module) =>
    sourcesOf(module, language),
  );
  // The treasurer's pages have a table of their own (src/app/admin-pages.ts).
  const tables = route.layout === 'admin' ? ['src/app/admin-pages.ts'] : [];
  for (const module of [...modules, ...WITH_EVERY_PAGE, ...tables])
    staticClosure(manifests.manifest, chunkKey(manifests, module), files);
  for (const file of firstLoad) files.delete(file);
  return files;
}

/**
 * Every file the member pages can load in a language, for the service worker to keep
 * (scripts/service-worker.mjs): the first load, each member route's layout, page and parts with
 * their texts, and what these load later (a form's validation, the toasts, a photo's worker) with
 * its stylesheets. Not the tables of every page and every text (src/app/pages.ts, texts.ts), whose
 * later loads are the treasurer's pages and the other languages.
 */
export function memberFiles(manifests, routes, language) {
  const { manifest } = manifests;
  const tables = new Set(WITH_EVERY_PAGE.slice(1).map((module) => chunkKey(manifests, module)));
  // The table of the treasurer's pages, which the router may load, is none of a member's.
  const adminTable = chunkKey(manifests, 'src/app/admin-pages.ts');
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    // A passkey's ceremony needs the network: its library is not kept for offline (issue 54).
    if (!chunk || seen.has(key) || key === adminTable || key.includes('@simplewebauthn/')) return;
    seen.add(key);
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])])
      if (!file.endsWith('.html')) files.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
    if (!tables.has(key)) for (const imported of chunk.dynamicImports ?? []) visit(imported);
  };
  // English's first texts come with the entry.
  const texts = language === 'en' ? [] : FIRST_TEXTS.map((ns) => textsModule(ns, language));
  const modules = routes
    .filter((route) => route.layout === 'member')
    .flatMap((route) => [
      ...LAYOUTS.member.modules,
      route.page,
      ...Object.values(route.parts ?? {}),
    ])
    .flatMap((module) => sourcesOf(module, language));
  visit('index.html');
  for (const module of [...texts, ...modules, ...WITH_EVERY_PAGE])
    visit(chunkKey(manifests, module));
  const sentences = `../../packages/contracts/src/locales/${language}.json`;
  if (manifest[sentences]) visit(sentences);
  return [...files].sort();
}
