import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './members.ts';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** Every test fails on a console error or an uncaught page error. */
export const test = base.extend<{ consoleErrors: string[] }>({
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
      expect(unexpected, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/user$/);
}

/** The API as the page's member sees it (same token). */
export async function apiAs(page: Page, path: string): Promise<unknown> {
  const token = await page.evaluate(() => localStorage.getItem('ts_token'));
  const res = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return res.json();
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary, 'axe violations').toEqual([]);
}
