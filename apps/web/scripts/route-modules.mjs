// Which built files each route of the web app loads, read from the router and Vite's
// manifests (`vite build --manifest --ssrManifest`: the first names each chunk's imports, the
// second which chunk holds each source module, as a module may sit in a group's chunk). Shared by the build (scripts/prerender.mjs: each route's HTML names its files so
// the browser fetches them beside the entry) and the budget (scripts/bundle-size.mjs).
import fs from 'node:fs';
import path from 'node:path';

/** What every lazily loaded page brings along (src/app/lazy-page.tsx). */
export const WITH_EVERY_PAGE = ['src/app/query-provider.tsx'];

/**
 * The router's lazily loaded routes: `{ route, page, layouts }` (route like `/user/my-loan`,
 * page and layouts as named in the router), and for each lazy module its manifest keys (the
 * module, and its namespace of texts): read from `const X = lazyPage(() => import('...'), 'X',
 * 'namespace')` and the `<Route>` elements.
 */
export function readRoutes(web) {
  const routerPath = path.join(web, 'src', 'app', 'router.tsx');
  const router = fs.readFileSync(routerPath, 'utf8');
  const lazyModule = new Map();
  const pageRe =
    /const (\w+) = lazyPage\(\s*\(\) => import\('([^']+)'\),\s*'\w+',?\s*(?:'([\w-]+)',?\s*)?\)/g;
  for (const m of router.matchAll(pageRe)) {
    const file = path.relative(web, path.resolve(path.dirname(routerPath), m[2]));
    const texts = m[3] ? `src/features/${m[3]}/locales/en.json` : null;
    lazyModule.set(m[1], [file, texts].filter(Boolean));
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
    if (!lazyModule.has(name))
      throw new Error(`${name} is not a lazily loaded module of the router`);
  return { lazyModule, routes };
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

/** The JS files a route loads beyond the first load (the HTML entry and its static imports). */
export function routeFiles(manifests, { lazyModule }, route, firstLoad) {
  const files = new Set();
  const modules = [...route.layouts, route.page].flatMap((name) => lazyModule.get(name));
  for (const module of [...modules, ...WITH_EVERY_PAGE])
    staticClosure(manifests.manifest, chunkKey(manifests, module), files);
  for (const file of firstLoad) files.delete(file);
  return files;
}
