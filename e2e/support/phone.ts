import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { expect, PHONE, test } from './fixtures.ts';

/**
 * A phone of the test's own (390 px, touch), for the specs where it loses its network: its
 * console errors fail the test, but for a resource that could not load without a network,
 * which is what going offline is about, or one the test provokes on purpose (`expectedErrors`:
 * an ended session's 401, say). `options` may let the service worker run.
 */
export async function openPhone(
  browser: Browser,
  options: BrowserContextOptions = {},
  expectedErrors?: RegExp,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
    serviceWorkers: 'block',
    baseURL: test.info().project.use.baseURL,
    ...options,
  });
  const errors: string[] = [];
  context.on('page', (page) => {
    page.on('console', (m) => {
      if (
        m.type() === 'error' &&
        !/Failed to load resource: net::ERR_/.test(m.text()) &&
        !expectedErrors?.test(m.text())
      )
        errors.push(`${m.text()} ${m.location().url}`);
    });
    page.on('pageerror', (e) => errors.push(e.message));
  });
  const page = await context.newPage();
  return {
    page,
    close: async () => {
      await context.close();
      expect(errors, 'console errors').toEqual([]);
    },
  };
}
