// npm run bench:phone [-- --no-build] [--runs 3]   (run with tsx: it reads the e2e's receipt photo)
//
// The pay-dues flow of issue 24 on a slow mobile network, in Debian's Chromium: about 400 kbit/s
// each way and 400 ms round trips, the CPU slowed 4 times as Lighthouse does for a mid-range
// phone. A demo member opens the sign-in page, signs in, opens Monthly Pay, starts paying this
// month's due, chooses a 12-megapixel camera photo of a printed receipt (shrunk on the phone)
// and sends it. Prints how long each step took and the bytes it moved each way (bodies, through
// a proxy that counts them, the service worker's included), the median of the runs. A bench, not a test:
// the figures go in docs/performance.md.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts';
import { startCountingProxy } from '../e2e/support/counting-proxy.ts';
import { receiptPhoto } from '../e2e/support/figures.ts';
import { freePort, startServer } from './lighthouse/app.mjs';

const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
  },
});
const root = path.resolve(import.meta.dirname, '..');
if (!args['no-build']) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });

const SLOW_PHONE = {
  offline: false,
  latency: 400,
  downloadThroughput: 50_000,
  uploadThroughput: 50_000,
};
const photo = await receiptPhoto();
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'jamiya-phone-bench-'));

async function run(index) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await startServer({
    serverEntry: path.join(root, 'apps/server/dist/server.js'),
    dataDir: path.join(scratch, `data-${index}`),
    port,
    origin,
    publicUrl: origin,
  });
  const proxy = await startCountingProxy(origin);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const steps = [];
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      baseURL: proxy.url,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_PHONE);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const step = async (name, work) => {
      const received = () => proxy.received.reduce((sum, answer) => sum + answer.bytes, 0);
      const before = { bytes: received(), sent: proxy.sent() };
      const started = performance.now();
      await work();
      steps.push({
        name,
        ms: performance.now() - started,
        bytes: received() - before.bytes,
        sent: proxy.sent() - before.sent,
      });
    };
    const timeout = { timeout: 120_000 };
    await step('open the sign-in page', async () => {
      await page.goto('/sign-in');
      await page.getByRole('button', { name: 'Sign in' }).waitFor(timeout);
    });
    await step('sign in: the home with its figures', async () => {
      await page.getByLabel('Email').fill('rahul@jamiya.example');
      await page.getByLabel('Password').fill('jamiya-demo');
      await page.getByRole('button', { name: 'Sign in' }).tap();
      await page.getByText('Your Saving Balance').waitFor(timeout);
      await page.getByRole('heading', { name: 'Rahul Nair' }).waitFor(timeout);
    });
    await step('Monthly Pay, with the months', async () => {
      await page
        .getByRole('navigation', { name: 'Member shortcuts' })
        .getByRole('link', { name: 'Monthly pay' })
        .tap();
      await page.getByRole('button', { name: 'Pay Now' }).waitFor(timeout);
    });
    await step('"Pay Now": the form', async () => {
      await page.getByRole('button', { name: 'Pay Now' }).tap();
      await page.getByRole('dialog', { name: 'Monthly Payment' }).waitFor(timeout);
    });
    const dialog = page.getByRole('dialog', { name: 'Monthly Payment' });
    await step('a 12-megapixel photo chosen: shrunk, its size shown', async () => {
      await dialog
        .getByLabel('Receipt (photo or PDF)')
        .setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo });
      await dialog.getByText(/^To send: [\d.]+ kB$/).waitFor(timeout);
    });
    await step('"Send payment": the receipt up, the answer back', async () => {
      await dialog.getByLabel('Account number').fill('AE07 0331 2345 6789 0123 456');
      await dialog.getByRole('button', { name: 'Send payment' }).tap();
      await page
        .getByRole('alert')
        .filter({ hasText: 'Your payment was submitted.' })
        .waitFor(timeout);
    });
  } finally {
    await browser.close();
    proxy.close();
    server.kill('SIGTERM');
    await server.exited;
  }
  return steps;
}

const runs = [];
for (let i = 0; i < Number(args.runs); i++) runs.push(await run(i));
fs.rmSync(scratch, { recursive: true, force: true });
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`\n| step (median of ${runs.length}) | time | received | sent |`);
console.log('|---|---:|---:|---:|');
const total = { ms: 0, bytes: 0, sent: 0 };
for (const [i, { name }] of runs[0].entries()) {
  const ms = median(runs.map((r) => r[i].ms));
  const bytes = median(runs.map((r) => r[i].bytes));
  const sent = median(runs.map((r) => r[i].sent));
  Object.assign(total, { ms: total.ms + ms, bytes: total.bytes + bytes, sent: total.sent + sent });
  console.log(`| ${name} | ${(ms / 1000).toFixed(1)} s | ${kb(bytes)} | ${kb(sent)} |`);
}
console.log(`| all | ${(total.ms / 1000).toFixed(1)} s | ${kb(total.bytes)} | ${kb(total.sent)} |`);
