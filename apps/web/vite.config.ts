import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    // The default entry injects its CSS in a <style> tag, which the app's CSP forbids;
    // the stylesheet is imported as a file instead (components/toast-containers.tsx).
    alias: [{ find: /^react-toastify$/, replacement: 'react-toastify/unstyled' }],
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
    rolldownOptions: {
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
        // A few large chunks compress better and load in fewer requests than many small ones:
        // on a slow network each request costs a round trip, and one of the browser's six
        // connections while it lasts. `framework` is what the landing page (the first load)
        // needs; `data` comes with every other page (app/lazy-page.tsx), with the app's query
        // client and the session check (2 KB a public form page does not use, one request fewer
        // for every signed-in page); `forms` with the pages that have a form; `validation` when
        // a form first validates; `member-layout` with every member page. The toast library
        // comes with the first toast (lib/messages.ts). A module goes into a group if every route
        // that loads the group needs it, or if it is small and most of them do (npm run
        // bench:bundle keeps each route within its budget).
        codeSplitting: {
          // Only the modules named below go into a group, not what they import: an import of
          // the first load (texts, the API client) stays where it is.
          includeDependenciesRecursively: false,
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|rosetta|dlv|templite|use-sync-external-store)[\\/].*\.[cm]?js$|packages[\\/]money[\\/]src[\\/]fils\.ts$/,
            },
            {
              name: 'data',
              test: /node_modules[\\/]@tanstack[\\/].*\.[cm]?js$|src[\\/](app[\\/]query-provider\.tsx|lib[\\/](query-client|messages|money-mutation|list-query)\.ts|features[\\/]auth[\\/](components[\\/]require-session\.tsx|locales[\\/]en\.json)|api[\\/]get-(profile|settings)\.ts|components[\\/]icons\.tsx)$|packages[\\/]contracts[\\/]src[\\/]values\.ts$/,
            },
            {
              name: 'forms',
              test: /node_modules[\\/]react-hook-form[\\/].*\.[cm]?js$|src[\\/]lib[\\/]zod-resolver\.ts$/,
            },
            {
              // Loaded when a form validates (lib/zod-resolver.ts), not before a page shows.
              name: 'validation',
              test: /node_modules[\\/](zod|@hookform)[\\/].*\.[cm]?js$/,
            },
            {
              name: 'member-layout',
              test: /src[\\/](features[\\/](layout[\\/]components[\\/](member-layout\.tsx|notification-bell\.tsx|profile-dropdown\.tsx|menu-entries\.ts)|notifications[\\/]locales[\\/]en\.json)|api[\\/](get-account-data|get-notifications|get-my-loans)\.ts|components[\\/]avatar\.tsx|app[\\/]member-data\.ts)$/,
            },
          ],
        },
      },
    },
  },
});
