import { DESKTOP, PHONE, expect, expectNoAxeViolations, test } from '../support/fixtures.ts';

const PUBLIC_ROUTES = ['/', '/about', '/sign-in', '/join', '/forgot-password', '/no-such-page'];

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`public pages at ${viewport.width} px`, () => {
    test.use({ viewport });
    for (const route of PUBLIC_ROUTES) {
      test(`${route} has no axe violations`, async ({ page }) => {
        await page.goto(route);
        await expect(page.getByRole('main')).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectNoAxeViolations(page);
      });
    }
  });
}

test('the public pages load without the member-area code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.getByRole('link', { name: 'About' }).first().click();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(
    scripts.filter((s) =>
      /member-layout|monthly-pay|apply-loan|my-loan|my-profile|dashboard/.test(s),
    ),
  ).toEqual([]);
});

test('the top bar leads to Home, About, Login and Join Now', async ({ page }) => {
  await page.goto('/about');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await nav.getByRole('link', { name: 'Join Now' }).click();
  await expect(page).toHaveURL(/\/join$/);
  await nav.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('Join Now says plainly that nothing is sent yet', async ({ page }) => {
  const apiCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/')) apiCalls.push(r.url());
  });
  await page.goto('/join');
  await page.getByLabel(/name/i).first().fill('Test Person');
  await page.getByLabel(/email/i).fill('test.person@example.org');
  await page.getByLabel(/mobile/i).fill('+971501234567');
  await page.getByLabel(/passport/i).fill('N1234567');
  await page.getByLabel(/address/i).fill('Deira, Dubai');
  await page.getByRole('button', { name: /send|submit|apply/i }).click();
  await expect(page.getByText(/not sent/i).first()).toBeVisible();
  expect(apiCalls.filter((u) => !u.endsWith('/api/settings'))).toEqual([]);
});
