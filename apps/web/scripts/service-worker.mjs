// After scripts/prerender.mjs: the service worker (src/sw/service-worker.ts, with Workbox) as
// dist/sw.js, and for each language the list of files the member pages load,
// dist/offline/<language>.json, which the app hands the worker to keep once it is installed
// (src/lib/app-updates.ts). Both change with every build whose files change: a new sw.js is
// how a phone learns of a new version (docs/decisions/033-an-installable-app.md).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import { PAGE_ROUTES } from '../src/app/routes.ts';
import { LANGUAGES } from '@jamiya/contracts/languages';
import { memberFiles, readManifests } from './route-modules.mjs';

const web = path.resolve(import.meta.dirname, '..');
const dist = path.join(web, 'dist');
const manifests = readManifests(dist);

const offline = path.join(dist, 'offline');
fs.mkdirSync(offline, { recursive: true });
const lists = LANGUAGES.map((language) => {
  const files = memberFiles(manifests, PAGE_ROUTES, language).map((file) => `/${file}`);
  fs.writeFileSync(path.join(offline, `${language}.json`), `${JSON.stringify(files)}\n`);
  return files;
});
// The files are named by their content, and index.html names the entry: together, the build.
const buildId = createHash('sha256')
  .update(JSON.stringify(lists))
  .update(fs.readFileSync(path.join(dist, 'index.html')))
  .digest('hex')
  .slice(0, 12);

await build({
  configFile: false,
  root: web,
  logLevel: 'warn',
  define: { BUILD: JSON.stringify(buildId), 'process.env.NODE_ENV': '"production"' },
  build: {
    outDir: dist,
    emptyOutDir: false,
    copyPublicDir: false,
    sourcemap: false,
    minify: true,
    lib: {
      entry: path.join(web, 'src', 'sw', 'service-worker.ts'),
      formats: ['iife'],
      name: 'sw',
      fileName: () => 'sw.js',
    },
  },
});
console.log(
  `service worker ${buildId}: ${lists[0].length} files of the member pages each language`,
);

// Read by this script and by prerender.mjs; not for the server to serve.
fs.rmSync(path.join(dist, '.vite'), { recursive: true, force: true });
