import type { Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_PASSWORD } from '../support/members.ts';
import { expect, test } from '../support/fixtures.ts';
import { sideways } from '../support/overflow.ts';
import { ADMIN_ROUTES, MEMBER_ROUTES } from '../support/routes.ts';

// No page may scroll sideways or hide text past its box: at 320 px, the narrowest phones
// members carry, and at 768 px, where the side navigation takes a third of a tablet's width.
// amina (demo data) has something on every page; the treasurer's pages hold every table.
// Read only.
const WIDTHS = [320, 768];

const PUBLIC_ROUTES = ['/', '/about', '/sign-in', '/join', '/forgot-password', '/no-such-page'];

async function expectNoSidewaysScroll(page: Page, route: string): Promise<void> {
  await page.goto(route);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByText(/^(Loading\.\.\.|Checking your session\.\.\.)$/)).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  const found = await sideways(page);
  expect(found.scrollWidth, `${route} scrolls sideways`).toBe(0);
  expect(found.wide, `what sticks out on ${route}`).toEqual([]);
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 720 } });

    test('no public page scrolls sideways', async ({ page }) => {
      for (const route of PUBLIC_ROUTES) await expectNoSidewaysScroll(page, route);
    });

    for (const [who, email, routes] of [
      ['member', 'amina@jamiya.example', MEMBER_ROUTES],
      ['treasurer', DEMO_ADMIN, ADMIN_ROUTES],
    ] as const) {
      test(`no ${who} page scrolls sideways`, async ({ page, request }) => {
        const res = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
        expect(res.ok()).toBe(true);
        const token = ((await res.json()) as { access_token: string }).access_token;
        await page.addInitScript((t) => localStorage.setItem('ts_token', t), token);
        for (const route of routes) await expectNoSidewaysScroll(page, route);
      });
    }
  });
}
