import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../support/chromium.ts';
import { DEMO_MEMBERS, E2E_MEMBERS } from '../support/members.ts';
import { expect, PHONE, signIn, test } from '../support/fixtures.ts';
import {
  keptFigures as keptFiguresOf,
  keptFiles,
  memberFilesMissing,
  phoneWithWorker,
  workerInstalled,
} from '../support/service-worker.ts';

// The member's phone (issue 24): the app installs, keeps its code and the member's last figures,
// and opens without a network. The service worker runs in these tests only (playwright.config).

const member = E2E_MEMBERS.pwa;

test('every page links the manifest, which installs the member area with its icons', async ({
  page,
}) => {
  for (const path of ['/', '/sign-in', '/user', '/about']) {
    const html = await (await page.request.get(path)).text();
    expect(html, path).toContain('<link rel="manifest" href="/manifest.webmanifest"');
  }
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({
    name: 'Jamiya',
    short_name: 'Jamiya',
    start_url: '/user',
    display: 'standalone',
    theme_color: '#0f766e',
    background_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
  });
  const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
  expect(icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of icons) {
    const res = await page.request.get(icon.src);
    expect(res.headers()['content-type']).toBe('image/png');
    const { width, height } = await sharp(await res.body()).metadata();
    expect(`${width}x${height}`).toBe(icon.sizes);
  }
});

test('Chromium offers to install the app from the member area', async ({ playwright }) => {
  // A profile of its own: a browser offers no install in a private window, as test contexts are.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'jamiya-install-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
    viewport: PHONE,
    baseURL: test.info().project.use.baseURL,
    // The config's default, which Playwright hands to this launch too, blocks the worker.
    serviceWorkers: 'allow',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await signIn(page, member.email);
    await workerInstalled(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const { errors } = await cdp.send('Page.getAppManifest');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

test('installs from the member area and opens /user without a network, with the kept figures', async ({
  browser,
}) => {
  const { page, close } = await phoneWithWorker(browser);
  await signIn(page, member.email);
  await expect(page.getByText('Your Saving Balance')).toBeVisible();
  await workerInstalled(page);
  // Answers of the API are never kept by the worker: only the app's own copy, shown as such.
  expect((await keptFiles(page)).filter((p) => p.startsWith('/api/'))).toEqual([]);

  await page.context().setOffline(true);
  await page.reload();
  await expect(
    page.getByRole('status').filter({ hasText: 'You are offline. These figures are from' }),
  ).toContainText(/These figures are from \d{1,2} \w+ \d{4} at \d{1,2}:\d{2}/);
  await expect(page.getByText('Your Saving Balance')).toBeVisible();
  await expect(page.getByRole('heading', { name: member.name })).toBeVisible();
  // The API is not answered from a cache: without a network, a call fails.
  expect(
    await page.evaluate(() =>
      fetch('/api/settings').then(
        () => 'answered',
        () => 'failed',
      ),
    ),
  ).toBe('failed');

  // Back online, the banner goes and the figures are the server's again.
  await page.context().setOffline(false);
  await expect(page.getByText('You are offline.')).toBeHidden();
  await close();
});

test('a later session keeps what the first did not, and every member page then opens without a network', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const { page, close } = await phoneWithWorker(browser);
  await signIn(page, member.email);
  await workerInstalled(page);
  // The first session keeps the member pages' files once it is quiet (decision 039)...
  await expect.poll(() => memberFilesMissing(page), { timeout: 30_000 }).toEqual([]);
  // ...unless it is closed before they have all come: as if two had not.
  const notKept = ['my-bonus-page', 'statement-page'];
  const dropped = await page.evaluate(async (names) => {
    const gone: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys())
        if (names.some((n) => new URL(request.url).pathname.startsWith(`/assets/${n}-`))) {
          await (await caches.open(name)).delete(request);
          gone.push(new URL(request.url).pathname);
        }
    return gone;
  }, notKept);
  expect(dropped).toHaveLength(notKept.length);
  expect((await memberFilesMissing(page)).sort()).toEqual(dropped.sort());

  // The next time the member opens the app, the worker fetches the files it lacks.
  const later = await page.context().newPage();
  await later.goto('/user');
  await expect(later.getByText('Your Saving Balance')).toBeVisible();
  await expect.poll(() => memberFilesMissing(later), { timeout: 30_000 }).toEqual([]);

  await later.context().setOffline(true);
  const pages: [string, string][] = [
    ['/user/my-loan', 'My Loan'],
    ['/user/monthly-pay', 'Monthly Pay'],
    ['/user/dashboard', `Welcome, ${member.name}`],
  ];
  for (const [path, heading] of pages) {
    await later.goto(path);
    await expect(later.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(later.getByText('You are offline.')).toBeVisible();
  }
  await close();
});

test('signing out forgets the figures, and another account never sees them', async ({
  browser,
}) => {
  const { page, close } = await phoneWithWorker(browser);
  await signIn(page, member.email);
  await expect(page.getByRole('heading', { name: member.name })).toBeVisible();
  await workerInstalled(page);
  const keptFigures = () => keptFiguresOf(page);
  await expect.poll(keptFigures).toContain(member.name);

  await page.goto('/user/switch-account');
  await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect.poll(keptFigures).not.toContain(member.name);

  // Someone else signs in on the same phone, then loses the network: his own figures only.
  await signIn(page, DEMO_MEMBERS.rahul);
  await expect(page.getByRole('heading', { name: 'Rahul Nair' })).toBeVisible();
  // Kept (a second at most after the answers came): his profile and his account's figures.
  await expect.poll(keptFigures).toContain('Rahul Nair');
  await expect.poll(keptFigures).toContain('accountData');
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByText('You are offline.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Rahul Nair' })).toBeVisible();
  await expect(page.getByText(member.name)).toHaveCount(0);
  await close();
});

// This test failed on loaded machines (CI of 26 and 27 Nov 2026), its retry too. The worker took
// over each time (seen with the DevTools protocol); the test's own click on a banner the reload
// had just removed waited for ever. The retry stays for a machine slower still.
test.describe('the update', () => {
  test.describe.configure({ retries: 1 });

  test('a new version says "Update available" and reloads in it when tapped', async ({
    browser,
  }) => {
    test.setTimeout(100_000);
    const { page, close } = await phoneWithWorker(browser);
    // The worker's script as the browser first fetches it, then as a new build has it.
    let fetches = 0;
    await page.context().route('**/sw.js', async (route) => {
      const response = await route.fetch();
      const script = `${await response.text()}\n// build ${Math.min(fetches++, 1)}`;
      await route.fulfill({
        response,
        body: script,
        headers: { 'content-type': 'text/javascript' },
      });
    });
    await signIn(page, member.email);
    await workerInstalled(page);
    // The first session has kept the member pages. A new version that comes while the old worker
    // still fetches them (decision 039) was seen kept waiting a minute and more: not this case.
    await expect.poll(() => memberFilesMissing(page), { timeout: 30_000 }).toEqual([]);
    await page.reload();
    const banner = page.getByRole('status').filter({ hasText: 'Update available' });
    await expect(banner).toBeVisible({ timeout: 20_000 });
    await banner.getByRole('button', { name: 'Update' }).click();
    // The page reloads in the new version. (Chromium was seen, now and then, to keep a new worker
    // waiting after its first tap, while the old one finishes what it was doing; the page then
    // reloads after 5 s and offers it again. On a busy machine that took up to six rounds.)
    await expect
      .poll(
        async () => {
          const waiting = await page
            .evaluate(async () =>
              Boolean((await navigator.serviceWorker.getRegistration())?.waiting),
            )
            .catch(() => true);
          // A click of its own would wait for ever for a banner the reload has just taken away
          // (the new version took over meanwhile): the poll asks again a second later instead.
          if (waiting && (await banner.isVisible().catch(() => false)))
            await banner
              .getByRole('button', { name: 'Update' })
              .click({ timeout: 2_000 })
              .catch(() => undefined);
          return waiting;
        },
        { timeout: 60_000, intervals: [1000] },
      )
      .toBe(false);
    await expect(page.getByText('Your Saving Balance')).toBeVisible();
    await expect(banner).toBeHidden();
    // The new version is the one that runs: none waits any more.
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting),
    ).toBeNull();
    await close();
  });
});
