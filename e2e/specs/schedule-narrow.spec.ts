import type { Locator } from '@playwright/test';
import { expect, signIn, test } from '../support/fixtures.ts';
import { DEMO_MEMBERS } from '../support/members.ts';

// Issue 33, point 9: at 320 px the loan schedule's Status column was cut off in Arabic, Urdu
// and Malayalam, with no sign that the table scrolls (and issue 50, point 12, in English). Now the table fits, or, where a language's
// words are too long for it, says that it scrolls until it is scrolled to its end. amina's
// loan (demo data) has a schedule. Read only.

/** How far `inner` lies outside what `box` shows, in px (0: all of it in view). */
async function hiddenPart(box: Locator, inner: Locator): Promise<number> {
  const outer = await box.elementHandle();
  return inner.evaluate((cell, shown) => {
    const a = cell.getBoundingClientRect();
    const b = shown!.getBoundingClientRect();
    return Math.max(0, b.left - a.left) + Math.max(0, a.right - b.right);
  }, outer);
}

for (const lang of ['ar', 'ur', 'ml', 'en', 'hi', 'bn']) {
  test(`the schedule's status shows, or the table says it scrolls, at 320 px in ${lang}`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 720 });
    await signIn(page, DEMO_MEMBERS.amina);
    await page.evaluate((l) => localStorage.setItem('lang', l), lang);
    await page.goto('/user/my-loan');
    const schedule = page.locator('section[aria-labelledby="loan-schedule-title"]');
    const table = schedule.getByRole('table');
    await expect(table).toBeVisible();
    const box = table.locator('xpath=..');
    // An installment's state as the phone shows it: under its date below 380 px, else in its
    // own column (issue 50).
    const state = table.locator('tbody [data-state]').locator('visible=true').first();
    await expect(state).toBeVisible();
    // The table's last column as the phone shows it (the state's, or Paid below 380 px).
    const status = table.locator('thead th').locator('visible=true').last();
    const cue = schedule.locator('[data-scroll-cue]');
    const scrolls = await box.evaluate((b) => b.scrollWidth > b.clientWidth + 1);
    if (!scrolls) {
      expect(await hiddenPart(box, status)).toBe(0);
      expect(await hiddenPart(box, state)).toBe(0);
      await expect(cue).toBeHidden();
      return;
    }
    // It scrolls: it says so, and the status is there at its end.
    await expect(cue).toBeVisible();
    await box.evaluate((b) =>
      b.scrollBy({ left: getComputedStyle(b).direction === 'rtl' ? -9999 : 9999 }),
    );
    await expect.poll(() => hiddenPart(box, status)).toBe(0);
    await expect(cue).toBeHidden();
  });
}
