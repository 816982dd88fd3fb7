import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    // The default entry injects its CSS in a <style> tag, which the app's CSP forbids;
    // the stylesheet is imported as a file instead (main.tsx).
    alias: [{ find: /^react-toastify$/, replacement: 'react-toastify/unstyled' }],
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3000}` },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // A few large chunks compress better and load in fewer requests than many small ones.
        // `framework` is what the landing page (the first load) needs; `data` comes with every
        // other page (app/router.tsx); `forms` with the pages that have a form; `validation` when a
        // form first validates.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|rosetta|dlv|templite|use-sync-external-store)[\\/].*\.[cm]?js$/,
            },
            {
              name: 'data',
              test: /node_modules[\\/](@tanstack|react-toastify|clsx)[\\/].*\.[cm]?js$/,
            },
            {
              name: 'forms',
              test: /node_modules[\\/]react-hook-form[\\/].*\.[cm]?js$/,
            },
            {
              // Loaded when a form validates (lib/zod-resolver.ts), not before a page shows.
              name: 'validation',
              test: /node_modules[\\/](zod|@hookform)[\\/].*\.[cm]?js$/,
            },
          ],
        },
      },
    },
  },
});
