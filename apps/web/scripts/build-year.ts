import type { Plugin } from 'vite';

/** Defines __BUILD_YEAR__, the year the build (or the test run) started in (lib/this-year.ts). */
export const buildYear = (): Plugin => ({
  name: 'jamiya-build-year',
  config: () => ({ define: { __BUILD_YEAR__: String(new Date().getFullYear()) } }),
});
