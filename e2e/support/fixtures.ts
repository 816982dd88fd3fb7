import AxeBuilder from '@axe-core/playwright';
import { test as base, expect as baseExpect, type Page, type ViewportSize } from '@playwright/test';
import { readMailbox } from './mailbox.ts';
import { DEMO_PASSWORD } from './members.ts';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** A mail as a test reads it: `link` is its first set-password link, if it has one. */
export interface Mail {
  subject: string;
  text: string;
  link: string | null;
}

/**
 * Waits for the next mail to `address` that arrived during this test, at the SMTP server
 * of the run (global-setup.ts); each mail is handed out once.
 */
export type MailTo = (address: string, options?: { timeoutMs?: number }) => Promise<Mail>;

/**
 * A second person at another computer, signed in as `email` in a context of their own (the
 * desktop's size unless told; the run's server unless `baseURL` names another). Their console errors fail the test too (the answers a page
 * expects to handle, 401 to 422, aside); their context closes when the test ends.
 */
export type OpenAs = (email: string, viewport?: ViewportSize, baseURL?: string) => Promise<Page>;

/** Every test fails on a console error or an uncaught page error. */
export const test = base.extend<{ consoleErrors: string[]; mailTo: MailTo; openAs: OpenAs }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern.
  mailTo: async ({}, use) => {
    const dir = process.env.E2E_MAIL_DIR;
    if (!dir) throw new Error('E2E_MAIL_DIR is not set: the global setup did not run');
    const taken = new Set(readMailbox(dir).map((m) => m.file));
    await use(async (address, { timeoutMs = 15_000 } = {}) => {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = readMailbox(dir).find(
          (m) => !taken.has(m.file) && m.mail.to.includes(address.toLowerCase()),
        );
        if (found) {
          taken.add(found.file);
          const link = /https?:\/\/\S+\/set-password\?token=[\w-]+/.exec(found.mail.text);
          return { subject: found.mail.subject, text: found.mail.text, link: link?.[0] ?? null };
        }
        if (Date.now() > until) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    });
  },

  openAs: async ({ browser }, use) => {
    const opened: { email: string; page: Page; errors: string[] }[] = [];
    await use(async (email, viewport = DESKTOP, baseURL = undefined) => {
      const context = await browser.newContext({
        viewport,
        serviceWorkers: 'block',
        ...(baseURL ? { baseURL } : {}),
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' && !/status of (401|404|409|422)/.test(m.text()))
          errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));
      opened.push({ email, page, errors });
      await signIn(page, email);
      return page;
    });
    for (const { page } of opened) await page.context().close();
    for (const { email, errors } of opened)
      baseExpect(errors, `console errors of ${email}`).toEqual([]);
  },

  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use(errors);
      // A 401/404/409 the test provokes on purpose is logged by Chromium as a failed resource load.
      const unexpected = errors.filter(
        (e) =>
          !/Failed to load resource: the server responded with a status of (401|404|409|413|415|422|429)/.test(
            e,
          ),
      );
      baseExpect(unexpected, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});
/** Playwright's expect, and `await expect(page).toHaveNoAxeViolations()`. */
export const expect = baseExpect.extend({
  /**
   * No axe violations on the page as it settles: colour transitions (a button that becomes
   * enabled fades in over 150 ms) are let finish first, as axe reads colours mid-way; endless
   * animations (spinners) are not waited for.
   */
  async toHaveNoAxeViolations(page: Page) {
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    );
    // Legacy mode runs axe in the page alone; the default also opens a blank page and injects
    // axe there to merge the frames' results, which took 2.2 s a scan here against 0.8 s, for
    // the same results. It gives up cross-origin frames, which the app has none of (its CSP).
    const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
    const summary = results.violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
    return {
      pass: summary.length === 0,
      name: 'toHaveNoAxeViolations',
      message: () => `axe violations:\n${summary.join('\n')}`,
    };
  },
});

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // A member lands on /user, an admin on /admin.
  await expect(page).toHaveURL(/\/(user|admin)$/);
}

/** The API as the page's member (or admin) sees it (same token); GET unless `method` says. */
export async function apiAs(
  page: Page,
  path: string,
  { method = 'GET', data }: { method?: 'GET' | 'POST' | 'PUT'; data?: unknown } = {},
): Promise<unknown> {
  const token = await page.evaluate(() => localStorage.getItem('ts_token'));
  const res = await page.request.fetch(path, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

/**
 * Holds the app's entry back until `letGo()`, as a slow phone would, to see what a page shows
 * before its script; `isHeld()` says whether it is still held.
 */
export async function holdAppEntry(
  page: Page,
): Promise<{ letGo: () => void; isHeld: () => boolean }> {
  let letGo!: () => void;
  const mayGo = new Promise<void>((resolve) => (letGo = resolve));
  let isHeld = true;
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await mayGo;
    isHeld = false;
    await route.continue();
  });
  return { letGo, isHeld: () => isHeld };
}

/**
 * Cumulative layout shift of the page load once the network is quiet, as Chromium reports it
 * (layout-shift entries not caused by input; good is under 0.1), and what moved: each shifted
 * node with its box before and after, for the failure message (`expect(s.total, s.moved)`).
 */
export async function layoutShift(page: Page): Promise<{ total: number; moved: string }> {
  await page.waitForLoadState('networkidle');
  return page.evaluate(
    () =>
      new Promise<{ total: number; moved: string }>((resolve) => {
        type Rect = { x: number; y: number; width: number; height: number };
        type Shift = PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources: Array<{ node: Node | null; previousRect: Rect; currentRect: Rect }>;
        };
        const box = (r: Rect) => `${r.x},${r.y} ${r.width}x${r.height}`;
        const name = (node: Node | null) =>
          node instanceof Element
            ? `<${node.localName} class="${node.getAttribute('class') ?? ''}">`
            : JSON.stringify(node?.textContent?.slice(0, 40) ?? null);
        let total = 0;
        const moved: string[] = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Shift[]) {
            if (entry.hadRecentInput) continue;
            total += entry.value;
            for (const { node, previousRect, currentRect } of entry.sources)
              moved.push(
                `${entry.value} at ${Math.round(entry.startTime)} ms: ${name(node)} ` +
                  `${box(previousRect)} -> ${box(currentRect)}`,
              );
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve({ total, moved: moved.join('\n') || 'nothing moved' }), 500);
      }),
  );
}
