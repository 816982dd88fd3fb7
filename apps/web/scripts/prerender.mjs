// After `vite build`: one HTML file per page of the route table (src/app/routes.ts), in
// dist/pages/, listed in dist/pages/routes.json for the server (apps/server/src/plugins/web-app.ts), which
// sends each path its own page and any other path dist/index.html. How each starts, by its
// `start` in the table: docs/boot.md.
//
// - Every page names the JavaScript its route loads beyond the entry, so the browser fetches it
//   beside the entry instead of after it (the files the budget counts: scripts/bundle-size.mjs).
// - A `drawn` page holds its markup, rendered here by React (src/prerender.tsx, built for Node
//   into a scratch folder): a public page as a visitor first sees it, a member page as it looks
//   before its data. The browser shows it before any script has run, and asks for the app after
//   that first paint (src/boot.ts; a member page's first requests too, src/early.ts). A
//   `drawn-eager` member page asks for its code and data at once instead.
// - A `spinner` page shows the session check with the stylesheet alone and asks for its code at
//   once, with low priority; a member page's first requests start from early.ts.
// - A `client` page holds no markup: the app renders when its code has come.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { earlyPathsOf, PAGE_ROUTES, startOf } from '../src/app/routes.ts';
import { directionOf, LANGUAGES } from '@jamiya/contracts/languages';
import { readManifests, routeFiles, staticClosure } from './route-modules.mjs';

const web = path.resolve(import.meta.dirname, '..');
const dist = path.join(web, 'dist');
const manifests = readManifests(dist);
const { manifest } = manifests;
const shell = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = manifest['index.html'].file;
const firstLoad = staticClosure(manifest, 'index.html');
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
      // One file for Node: what the browser's build loads later (app/app.tsx, lazyPage) is in it
      // from the start, as intended.
      rolldownOptions: { checks: { ineffectiveDynamicImport: false } },
    },
  });
  const entry = fs.readdirSync(scratch).find((f) => /^prerender\.m?js$/.test(f));
  const { renderPage, renderSessionCheck } = await import(
    pathToFileURL(path.join(scratch, entry)).href
  );
  const pagesDir = path.join(dist, 'pages');
  fs.rmSync(pagesDir, { recursive: true, force: true });
  const index = {};
  const drawn = { public: 0, member: 0 };
  // Each page in each language, in pages/<language>/: the server sends the one of the request's
  // language (apps/server/src/lib/language.ts), right from its first byte.
  for (const language of LANGUAGES) {
    fs.mkdirSync(path.join(pagesDir, language), { recursive: true });
    const sessionCheck = await renderSessionCheck(language);
    checkMarkup('the session check', sessionCheck);
    const page = (tags, start, markup) => inLanguage(shellPage(tags, start, markup), language);
    for (const route of PAGE_ROUTES) {
      const files = routeFiles(manifests, route, firstLoad, language);
      const isMember = route.layout === 'member';
      const start = startOf(route);
      // The calls early.ts starts, named in the page so that it need not carry the route table.
      const early = earlyPathsOf(route);
      const calls = early.length ? [`<meta name="early-calls" content="${early.join(' ')}">`] : [];
      let html;
      if (start === 'drawn' || start === 'drawn-eager') {
        if (route.layout === 'admin' || (!isMember && start === 'drawn-eager'))
          throw new Error(`${route.path}: start '${start}' is for public or member pages`);
        const { title, markup } = await renderPage(route.path, isMember, language);
        checkMarkup(route.path, markup);
        // The app renders in place of a member page's drawing: what is typed or tapped there
        // before would be lost.
        if (isMember && /<(input|select|textarea|button)\b/i.test(markup))
          throw new Error(`${route.path} is drawn with fields or buttons: make it start 'spinner'`);
        const tags = [
          ...calls,
          ...(start === 'drawn-eager'
            ? whenReady(files, early.length > 0)
            : afterFirstPaint(files, early.length ? [earlyFile()] : [])),
        ];
        html = withTitle(page(tags, isMember ? 'when-ready' : 'hydrate', markup), title);
        if (language === 'en') drawn[route.layout]++;
      } else if (start === 'spinner') {
        html = page([...calls, ...whenReady(files, early.length > 0)], 'when-ready', sessionCheck);
      } else {
        html = page(scripts(files), null, '');
      }
      const name =
        route.path === '/' ? 'home.html' : `${route.path.slice(1).replace(/[^\w-]+/g, '-')}.html`;
      fs.writeFileSync(path.join(pagesDir, language, name), html);
      index[route.path] = name;
    }
  }
  fs.writeFileSync(path.join(pagesDir, 'routes.json'), `${JSON.stringify(index, null, 2)}\n`);
  console.log(
    `drew ${drawn.public} public pages and ${drawn.member} member pages before their data; ${PAGE_ROUTES.length} pages in ${LANGUAGES.length} languages in ${path.relative(web, pagesDir)}`,
  );
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}

/**
 * A page in a language: its `lang` and direction, before any script runs. index.html says it
 * is in any language (the server sends it for a path no route knows, whatever the request's
 * language: the app then starts in the reader's, lib/languages.ts); a page drawn here does not.
 */
function inLanguage(html, language) {
  const tag = '<html lang="en" dir="ltr" data-language="any">';
  if (!html.includes(tag)) throw new Error(`index.html does not start with ${tag}`);
  return html.replace(tag, `<html lang="${language}" dir="${directionOf(language)}">`);
}

/** index.html with other scripts, and the root's content and how main.tsx starts on it. */
function shellPage(tags, start, markup) {
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
function whenReady(files, hasEarlyCalls) {
  return [...(hasEarlyCalls ? [earlyScript()] : []), ...scripts(files, ' fetchpriority="low"')];
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
