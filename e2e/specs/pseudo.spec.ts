import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DESKTOP, expect, test } from '../support/fixtures.ts';
import { DEMO_ADMIN, DEMO_MEMBERS, DEMO_PASSWORD } from '../support/members.ts';
import { ADMIN_ROUTES, MEMBER_ROUTES, PUBLIC_ROUTES, patternsOf } from '../support/routes.ts';
import { foreignWords, pathOf, shoot, shotName, walker } from '../support/walk.ts';

// Every page in the pseudo-locale: the web app built with its English texts accented and
// lengthened (JAMIYA_PSEUDO=1, apps/web/scripts/texts-plugin.ts), so that any word in plain
// English on a page did not come from the texts: a word written in a component, a code shown
// as it came. The build (a few seconds) goes to a scratch folder; the browser gets its files in
// place of the server's, the API stays the run's own (docs/languages.md). At the desktop's
// width: the phone's is walked in each language (languages.spec.ts). Read only.

const root = path.resolve(import.meta.dirname, '../..');
let dist: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dist = fs.mkdtempSync(path.join(process.env.TMPDIR ?? os.tmpdir(), 'jamiya-pseudo-'));
  execFileSync(
    path.join(root, 'node_modules/.bin/vite'),
    ['build', '--outDir', dist, '--emptyOutDir', '--sourcemap', 'false', '--logLevel', 'warn'],
    { cwd: path.join(root, 'apps/web'), env: { ...process.env, JAMIYA_PSEUDO: '1' } },
  );
});

test.afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

/** The pseudo build's files for the page, its index.html for every path that is not one. */
async function servePseudo(page: Page): Promise<void> {
  await page.route(
    (url) => !url.pathname.startsWith('/api/'),
    (route) => {
      const file = path.join(dist, new URL(route.request().url()).pathname);
      const isFile = fs.statSync(file, { throwIfNoEntry: false })?.isFile();
      return route.fulfill({ path: isFile ? file : path.join(dist, 'index.html') });
    },
  );
}

async function signIn(page: Page, email: string): Promise<void> {
  const res = await page.request.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok()).toBe(true);
  const { access_token: token } = (await res.json()) as { access_token: string };
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('ts_token', t), token);
}

/** Walks `routes` (patterns last, opened through the links seen before) and lists the words. */
async function foreignWordsOn(page: Page, routes: string[]): Promise<string[]> {
  const walk = walker(page);
  const found: string[] = [];
  for (const route of routes) {
    const reading = await walk.read(route.includes(':') ? pathOf(route, walk.links) : route);
    expect(reading.lang, reading.path).toBe('en');
    await shoot(page, shotName('pseudo', reading.path));
    found.push(...foreignWords(reading, walk).map((problem) => `${reading.path}: ${problem}`));
  }
  return found;
}

test.describe('the pseudo-locale', () => {
  test.use({ locale: 'en', viewport: DESKTOP });

  test.beforeEach(async ({ page }) => servePseudo(page));

  test('every public page has its words from the texts', async ({ page }) => {
    expect(await foreignWordsOn(page, [...PUBLIC_ROUTES, '/no-such-page'])).toEqual([]);
  });

  test('every member page has its words from the texts', async ({ page }) => {
    await signIn(page, DEMO_MEMBERS.amina);
    expect(await foreignWordsOn(page, MEMBER_ROUTES)).toEqual([]);
  });

  test('every page of the treasurer area has its words from the texts', async ({ page }) => {
    await signIn(page, DEMO_ADMIN);
    expect(await foreignWordsOn(page, [...ADMIN_ROUTES, ...patternsOf('admin')])).toEqual([]);
  });
});
