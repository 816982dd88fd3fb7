import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './support/chromium.ts';

// Debian's chromium, never a downloaded browser (STACK-NOTES). The flags keep it off the
// network this machine does not have.
export default defineConfig({
  testDir: './specs',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  outputDir: '../.tmp/e2e-results',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // Recording a trace costs a fourth of the run's time, kept or not: E2E_TRACE=1 keeps one
    // of each failed test (decision 016). A failure always leaves a screenshot and the page's
    // accessibility tree.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    // The app's service worker (issue 24) would serve a page's files from its cache mid-test,
    // out of page.route's sight: only the specs about it let it run (pwa.spec.ts).
    serviceWorkers: 'block',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
  },
  // Desktop by default; the specs that are about the phone layout set a 390 px viewport.
  projects: [
    { name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } },
  ],
});
