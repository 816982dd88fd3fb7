import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { buildYear } from './scripts/build-year.ts';
import { texts } from './scripts/texts-plugin.ts';

export default defineConfig({
  plugins: [texts(), buildYear(), react(), tailwindcss()],
  resolve: {
    // The default entry injects its CSS in a <style> tag, which the app's CSP forbids;
    // the stylesheet is imported as a file instead (components/toast-containers.tsx).
    alias: [
      { find: /^react-toastify$/, replacement: 'react-toastify/unstyled' },
      // react-router's package names only its development build, which ships its dev-time
      // warnings to the phones: its production build, beside it, is 0.5 KB lighter.
      {
        find: /^react-router$/,
        replacement: fileURLToPath(import.meta.resolve('react-router')).replace(
          `${path.sep}development${path.sep}`,
          `${path.sep}production${path.sep}`,
        ),
      },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3000}` },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Kept beside the build for debugging, never named in the code nor served (app.ts).
    sourcemap: 'hidden',
    assetsInlineLimit: 0,
    // Every browser the app supports knows <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: {
      polyfill: false,
      // The sign-in page's passkey parts come to a phone that can keep a passkey only, after a
      // tap at the earliest: the list of their files to preload cost every member's first
      // session 0.4 KB (issue 52's budget), to save a rare tap a few milliseconds.
      resolveDependencies: (file, deps, { hostId }) =>
        /sign-in-page/.test(hostId) && /passkey-parts/.test(file) ? [] : deps,
    },
    rolldownOptions: {
      // Tailwind's plugin writes the stylesheet without a source map; the map of a CSS file
      // generated from classes would point nowhere useful anyway.
      onLog(level, log, handler) {
        if (log.code === 'SOURCEMAP_BROKEN' && log.plugin?.startsWith('@tailwindcss/')) return;
        handler(level, log);
      },
      // Besides the app (index.html), two small scripts the build's per-route pages name
      // (scripts/prerender.mjs): boot.ts, the one script of a page drawn ahead of time, which
      // asks for the app after the first paint; early.ts, which starts a member page's first
      // requests before the app's entry has arrived (the entry imports it too).
      input: {
        index: path.join(import.meta.dirname, 'index.html'),
        boot: path.join(import.meta.dirname, 'src', 'boot.ts'),
        early: path.join(import.meta.dirname, 'src', 'early.ts'),
      },
      output: {
        // Libraries in a few large chunks, by when they are needed: they compress better and load
        // in fewer requests than many small ones (on a slow network each request costs a round
        // trip). `framework` comes with the first load, `data` with every page but the landing
        // page (app/lazy-page.tsx), `forms` with the pages that have a form, `validation` when a
        // form first validates (lib/zod-resolver.ts). The app's own modules are split where they
        // are imported; npm run bench:bundle keeps each route within its budget.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@lingui|use-sync-external-store|react-error-boundary)[\\/]|preload-helper/,
            },
            {
              name: 'data',
              // Not the kept figures' persister, nor the (de)hydration only it uses
              // (lib/kept-figures.ts, loaded by the member area on its own).
              test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/](?!.*hydration)/,
            },
            { name: 'forms', test: /node_modules[\\/]react-hook-form[\\/]/ },
            { name: 'validation', test: /node_modules[\\/](zod|@hookform)[\\/]/ },
          ],
        },
      },
    },
  },
});
