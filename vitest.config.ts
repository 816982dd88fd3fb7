import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { buildYear } from './apps/web/scripts/build-year.ts';
import { texts } from './apps/web/scripts/texts-plugin.ts';

// Every test stands alone, in any order (issue 52, decision 059): TEST_SEED=N runs the tests of
// each file in an order drawn from N (the files keep theirs, the longest first).
const seed = process.env.TEST_SEED;

// The web app's component tests, in two projects (below) that differ in what they share.
const web = {
  root: './apps/web',
  environment: 'jsdom',
  setupFiles: ['./src/testing/setup.ts'],
};

export default defineConfig({
  test: {
    // Every core: Vitest's default leaves one free, which on a two-core machine runs the
    // files one at a time (decision 016).
    maxWorkers: '100%',
    ...(seed ? { sequence: { shuffle: { files: false, tests: true }, seed: Number(seed) } } : {}),
    projects: [
      {
        test: {
          name: 'money',
          root: './packages/money',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'contracts',
          root: './packages/contracts',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        plugins: [texts(), buildYear(), react()],
        test: {
          ...web,
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/**/*.isolated.test.{ts,tsx}'],
          // The files of a worker share one jsdom and one module graph: a fourth of the time
          // (decision 016). Each test starts from setup.ts's clean slate.
          isolate: false,
        },
      },
      {
        plugins: [texts(), buildYear(), react()],
        test: {
          // A test about what a module holds for its life (the toast containers, once loaded):
          // a fresh module graph of its own.
          ...web,
          name: 'web-isolated',
          include: ['src/**/*.isolated.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: ['./test/global-setup.ts'],
          setupFiles: ['./test/setup-file.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Each file opens a database of its own; the files of a worker share their modules,
          // loaded once (decision 016).
          isolate: false,
        },
      },
    ],
  },
});
