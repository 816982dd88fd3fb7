import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { buildYear } from './apps/web/scripts/build-year.ts';
import { texts } from './apps/web/scripts/texts-plugin.ts';

// Every test stands alone, in any order (issue 52, decision 060): the tests of each file run in
// an order drawn from a seed (the files keep theirs, the longest first); TEST_SEED=N draws another.
const seed = Number(process.env.TEST_SEED ?? 3);

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
    // A test that asserts how long something takes, which a busy machine can break: left out
    // of npm test, run by npm run test:timing one file at a time (CI does, after npm test).
    tags: [{ name: 'timing', description: 'asserts a duration: npm run test:timing' }],
    sequence: { shuffle: { files: false, tests: true }, seed },
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
