import { PHONE, expect, signIn, test } from '../support/fixtures.ts';
import type { Page } from '@playwright/test';

// Cumulative layout shift of a page load, as Chromium reports it (layout-shift entries
// not caused by input). Good is under 0.1.
async function layoutShift(page: Page): Promise<number> {
  await page.waitForLoadState('networkidle');
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<
            PerformanceEntry & { value: number; hadRecentInput: boolean }
          >) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
}

test.describe('no layout shift on load at 390 px', () => {
  test.use({ viewport: PHONE });

  test('the landing page', async ({ page }) => {
    await page.goto('/');
    expect(await layoutShift(page)).toBeLessThan(0.1);
  });

  test('the member pages', async ({ page }) => {
    await signIn(page, 'amina@jamiya.example');
    for (const path of [
      '/user',
      '/user/monthly-pay',
      '/user/apply-loan',
      '/user/my-loan',
      '/user/dashboard',
      '/user/my-profile',
      '/user/mobile-recharge',
      '/user/notifications',
    ]) {
      await page.goto(path);
      expect(await layoutShift(page), path).toBeLessThan(0.1);
    }
  });
});
