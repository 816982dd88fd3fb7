// After `vite build`: one HTML file per route of the app, in dist/pages/, listed in
// dist/pages/routes.json for the server (apps/server/src/app.ts), which sends each path its
// own page and any other path dist/index.html, as before. Why: docs/decisions/010-per-route-html.md.
//
// - Every page names the JavaScript its route loads beyond the entry, so the browser fetches
//   it beside the entry instead of after it: the files the router asks for at boot
//   (preloadRoute in src/app/router.tsx) and the budget counts (scripts/bundle-size.mjs).
// - The public pages that read nothing of the visitor hold their markup, rendered here by React
//   (src/prerender.tsx, built for Node into a scratch folder): the browser shows them before
//   any script has run, asks for the app after that first paint (src/boot.ts), and hydrates
//   them (src/main.tsx, data-start="hydrate").
// - The signed-in pages (member, treasurer) show something at once with the stylesheet alone,
//   their code coming after it (fetchpriority=low), and the app renders in its place when their
//   code and first data are here (data-start="when-ready"); a member page's first requests
//   start from a small script of their own (src/early.ts). A member page shows itself as it
//   looks before its data (layout, heading, texts, loading states: src/prerender.tsx,
//   renderMemberShell; decision 017), unless that drawing has fields or buttons; the
//   treasurer's pages, and those, show the session check's spinner.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { readManifests, readRoutes, routeFiles, staticClosure } from './route-modules.mjs';

const web = path.resolve(import.meta.dirname, '..');
const dist = path.join(web, 'dist');
const manifests = readManifests(dist);
const { manifest } = manifests;
const shell = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = manifest['index.html'].file;
const firstLoad = staticClosure(manifest, 'index.html');
const router = readRoutes(web);
const routes = [
  { route: '/', files: new Set() },
  ...router.routes
    .filter((r) => !r.route.includes('*'))
    .map((r) => ({ route: r.route, files: routeFiles(manifests, router, r, firstLoad) })),
];
process.env.NODE_ENV = 'production';
// Inside the package, so that the Node build finds its dependencies (react, ...) from there.
const cache = path.join(web, 'node_modules', '.cache');
fs.mkdirSync(cache, { recursive: true });
const scratch = fs.mkdtempSync(path.join(cache, 'prerender-'));
try {
  await build({
    root: web,
    configFile: path.join(web, 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: 'src/prerender.tsx',
      outDir: scratch,
      emptyOutDir: true,
      sourcemap: false,
      copyPublicDir: false,
    },
  });
  const entry = fs.readdirSync(scratch).find((f) => /^prerender\.m?js$/.test(f));
  const { renderPage, renderMemberShell, renderSessionCheck, PRERENDERED_PATHS } = await import(
    pathToFileURL(path.join(scratch, entry)).href
  );
  for (const route of PRERENDERED_PATHS)
    if (!routes.some((r) => r.route === route)) throw new Error(`${route} is not a route`);

  const sessionCheck = await renderSessionCheck();
  checkMarkup('the session check', sessionCheck);
  const pagesDir = path.join(dist, 'pages');
  fs.rmSync(pagesDir, { recursive: true, force: true });
  fs.mkdirSync(pagesDir);
  const index = {};
  let drawn = 0;
  for (const { route, files } of routes) {
    let html;
    if (PRERENDERED_PATHS.includes(route)) {
      const { title, markup } = await renderPage(route);
      checkMarkup(route, markup);
      html = withTitle(page(afterFirstPaint(files), 'hydrate', markup), title);
    } else if (/^\/user(\/|$)/.test(route)) {
      const { title, markup } = await renderMemberShell(route);
      checkMarkup(route, markup);
      if (/<(input|select|textarea|button)\b/i.test(markup)) {
        // The app renders in place of the drawing, so what is typed or tapped there before
        // would be lost: a page drawn with fields or buttons shows the session check instead.
        html = page(whenReady(files, true), 'when-ready', sessionCheck);
      } else {
        // A page whose drawing shows its heading is on the screen before any script, and asks
        // for its code and data after that first paint, as a public page does. The member
        // home's visible content is all figures (its heading is for screen readers): it asks
        // at once.
        const showsHeading = /<h1(?![^>]*\bsr-only\b)[^>]*>/.test(markup);
        const tags = showsHeading ? afterFirstPaint(files, [earlyFile()]) : whenReady(files, true);
        html = withTitle(page(tags, 'when-ready', markup), title);
        drawn++;
      }
    } else if (route.startsWith('/admin')) {
      html = page(whenReady(files, false), 'when-ready', sessionCheck);
    } else {
      html = page(scripts(files), null, '');
    }
    const name = route === '/' ? 'home.html' : `${route.slice(1).replace(/[^\w-]+/g, '-')}.html`;
    fs.writeFileSync(path.join(pagesDir, name), html);
    index[route] = name;
  }
  fs.writeFileSync(path.join(pagesDir, 'routes.json'), `${JSON.stringify(index, null, 2)}\n`);
  console.log(
    `prerendered ${PRERENDERED_PATHS.length} public pages and ${drawn} member pages before their data; ${routes.length} pages in ${path.relative(web, pagesDir)}`,
  );
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
// Read above; not for the server to serve.
fs.rmSync(path.join(dist, '.vite'), { recursive: true, force: true });

/** index.html with other scripts, and the root's content and how main.tsx starts on it. */
function page(tags, start, markup) {
  const scriptTags =
    /\n\s*<script type="module" crossorigin src="[^"]+"><\/script>|\n\s*<link rel="modulepreload" crossorigin href="[^"]+">/g;
  if (!shell.includes(`<script type="module" crossorigin src="/${entry}"></script>`))
    throw new Error('index.html does not name its entry as expected');
  const root = `<div id="root"${start ? ` data-start="${start}"` : ''}>${markup}</div>`;
  return shell
    .replace(scriptTags, '')
    .replace(
      '    <link rel="stylesheet"',
      `${tags.map((t) => `    ${t}\n`).join('')}    <link rel="stylesheet"`,
    )
    .replace('<div id="root"></div>', root);
}

/** The page's own title, when its render gave one. */
function withTitle(html, title) {
  return title ? html.replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`) : html;
}

/** As Vite names them: the entry, its imports and the route's files, to be fetched at once. */
function scripts(files, attributes = '') {
  return [
    `<script type="module"${attributes} crossorigin src="/${entry}"></script>`,
    ...[...firstLoad, ...files]
      .filter((file) => file !== entry)
      .map((file) => `<link rel="modulepreload"${attributes} crossorigin href="/${file}">`),
  ];
}

/**
 * A drawn page needs no script to show: boot.ts asks for the entry, its imports and the route's
 * files once the page has painted.
 */
function afterFirstPaint(files, first = []) {
  const preload = [...firstLoad, ...files].filter((file) => file !== entry).map((f) => `/${f}`);
  const firstScripts = first.length ? ` data-first="${first.map((f) => `/${f}`).join(' ')}"` : '';
  return [
    `<script type="module" crossorigin src="/${manifest['src/boot.ts'].file}" data-app="/${entry}"${firstScripts} data-preload="${preload.join(' ')}"></script>`,
  ];
}

/**
 * A signed-in page shows the session check, which needs the stylesheet only; its code comes
 * after. A member page's first requests start from early.ts, which the entry imports too:
 * named as a script of its own, it runs as soon as it arrives instead of after the entry.
 */
function whenReady(files, isMember) {
  return [...(isMember ? [earlyScript()] : []), ...scripts(files, ' fetchpriority="low"')];
}

/** A member page's first requests start as soon as this script arrives (src/early.ts). */
function earlyFile() {
  return manifest['src/early.ts'].file;
}

function earlyScript() {
  return `<script type="module" async crossorigin src="/${earlyFile()}"></script>`;
}

/** The page's policy (apps/server) allows no inline script or style: none may be rendered. */
function checkMarkup(route, markup) {
  const problem = /<script|<style|\sstyle=|\son[a-z]+=|<title|<meta|<link/i.exec(markup);
  if (problem)
    throw new Error(
      `${route}: the rendered markup has ${problem[0].trim()}, which the CSP refuses`,
    );
}
