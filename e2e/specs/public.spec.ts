import { DESKTOP, PHONE, expect, test } from '../support/fixtures.ts';

const PUBLIC_ROUTES = [
  '/',
  '/about',
  '/sign-in',
  '/join',
  '/forgot-password',
  '/set-password',
  '/no-such-page',
];

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`public pages at ${viewport.width} px`, () => {
    test.use({ viewport });
    for (const route of PUBLIC_ROUTES) {
      test(`${route} has no axe violations`, async ({ page }) => {
        await page.goto(route);
        await expect(page.getByRole('main')).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expect(page).toHaveNoAxeViolations();
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
  // Beside the links, not among them: on a phone it stays on the first row with the language.
  await page.getByRole('banner').getByRole('link', { name: 'Join Now' }).click();
  await expect(page).toHaveURL(/\/join$/);
  await nav.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

// Sending an application, and what follows, is in join-and-reset.spec.ts.
test('Join Now checks the form in the browser before anything is sent', async ({ page }) => {
  const apiCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/')) apiCalls.push(r.url());
  });
  await page.goto('/join');
  await page.getByLabel(/name/i).first().fill('Test Person');
  await page.getByLabel(/email/i).fill('not-an-email');
  await page.getByRole('button', { name: /send|submit|apply/i }).click();
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();
  await expect(page.getByText('Passport or national ID is required.')).toBeVisible();
  expect(apiCalls.filter((u) => !u.endsWith('/api/settings'))).toEqual([]);
});
