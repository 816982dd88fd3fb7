import type { Page } from '@playwright/test';
import { DESKTOP, PHONE, expect, test } from '../support/fixtures.ts';
import { DEMO_PASSWORD } from '../support/members.ts';
import { MEMBER_ROUTES } from '../support/routes.ts';

// amina (demo data) has something on every page: savings, paid and unpaid months, an active
// loan with a schedule, payments with receipts. Read only.
const AMINA = 'amina@jamiya.example';

// One sign-in for the file: argon2 is slow on purpose, and the UI sign-in has its own tests.
let token: string;
test.beforeAll(async ({ playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const res = await api.post('/api/login', { data: { email: AMINA, password: DEMO_PASSWORD } });
  expect(res.ok()).toBe(true);
  token = ((await res.json()) as { access_token: string }).access_token;
  await api.dispose();
});

test.beforeEach(async ({ page }) => {
  await page.addInitScript((t) => localStorage.setItem('ts_token', t), token);
});

/** Opens a member route and waits until its data has loaded. */
async function openLoaded(page: Page, route: string) {
  await page.goto(route);
  await expect(page).toHaveURL(new RegExp(`${route}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/^(Loading\.\.\.|Checking your session\.\.\.)$/)).toHaveCount(0);
}

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`member pages at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const route of MEMBER_ROUTES) {
      test(`${route} has no axe violations`, async ({ page }) => {
        await openLoaded(page, route);
        await expect(page).toHaveNoAxeViolations();
      });
    }

    test('the Monthly Payment modal has no axe violations', async ({ page }) => {
      await openLoaded(page, '/user/monthly-pay');
      await page.getByRole('button', { name: 'Pay monthly due' }).click();
      await expect(page.getByRole('dialog', { name: 'Monthly Payment' })).toBeVisible();
      await expect(page).toHaveNoAxeViolations();
    });

    test('the edit-profile modal has no axe violations', async ({ page }) => {
      await openLoaded(page, '/user/my-profile');
      await page.getByRole('button', { name: 'Edit profile' }).click();
      await expect(page.getByRole('dialog', { name: 'Edit profile' })).toBeVisible();
      await expect(page).toHaveNoAxeViolations();
    });
  });
}

test.describe('keyboard at 1280 px', () => {
  test.use({ viewport: DESKTOP });

  test('Tab reaches the payment button, Enter opens the modal, Escape closes it and focus returns', async ({
    page,
  }) => {
    await openLoaded(page, '/user/monthly-pay');
    const opener = page.getByRole('button', { name: 'Pay monthly due' });
    const isFocused = () => opener.evaluate((el) => el === document.activeElement);
    let presses = 0;
    while (!(await isFocused())) {
      expect(presses++, 'Tab presses before the payment button').toBeLessThan(40);
      await page.keyboard.press('Tab');
    }
    await expect(opener).toBeFocused();

    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Monthly Payment' });
    await expect(dialog).toBeVisible();
    await expect
      .poll(() => dialog.evaluate((d) => d.contains(document.activeElement)), {
        message: 'focus is inside the dialog',
      })
      .toBe(true);
    // The page behind is inert: Tab stays in the dialog.
    for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
});
