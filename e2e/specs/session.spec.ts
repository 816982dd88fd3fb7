import { DEMO_PASSWORD, E2E_MEMBERS } from '../support/members.ts';
import { expect, holdAppEntry, signIn, test } from '../support/fixtures.ts';

test('a deep link while signed out goes to /sign-in', async ({ page }) => {
  await page.goto('/user/monthly-pay');
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('signs in, keeps the token under ts_token, and signs out through Switch account', async ({
  page,
}) => {
  await signIn(page, E2E_MEMBERS.session.email);
  const token = await page.evaluate(() => localStorage.getItem('ts_token'));
  expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  // Opening the page only asks: a link to it signs no one out.
  await page.goto('/user/switch-account');
  const main = page.getByRole('main');
  await expect(main.getByText('Sign out and sign in with another account?')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('ts_token'))).toBe(token);
  await main.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  expect(await page.evaluate(() => localStorage.getItem('ts_token'))).toBeNull();
  // The old token no longer works on the server either.
  const res = await page.request.get('/api/profile', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(401);
});

test('a sign-in leaves the browser a device cookie that its script cannot read, sent back on the next sign-in', async ({
  page,
  context,
}) => {
  // Decision 035: the browser where the account signed in keeps an allowance of its own.
  await signIn(page, E2E_MEMBERS.session.email);
  const devices = (await context.cookies()).filter((c) => c.name === 'jamiya_device');
  expect(devices.map((c) => c.path).sort()).toEqual([
    '/api/login',
    '/api/passkeys/authentication',
    '/api/password',
  ]);
  for (const cookie of devices) {
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Strict');
  }
  expect(await page.evaluate(() => document.cookie)).not.toContain('jamiya_device');
  await page.evaluate(() => localStorage.removeItem('ts_token'));
  const sent = page.waitForRequest('**/api/login');
  await signIn(page, E2E_MEMBERS.session.email);
  const cookieHeader = (await (await sent).allHeaders()).cookie ?? '';
  expect(cookieHeader).toContain(`jamiya_device=${devices[0]!.value}`);
});

test('a wrong password shows the server message in a toast', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(E2E_MEMBERS.session.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The email or password is not correct.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('an unknown path shows the not-found page with its link to /', async ({ page }) => {
  await page.goto('/no/such/page');
  const link = page.getByRole('link', { name: 'Go to Dashboard' });
  await expect(link).toBeVisible();
  await expect(page.getByRole('img').first()).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/$/);
});

test('the sign-in page shows before its script, and its form waits for the script instead of losing what is typed', async ({
  page,
}) => {
  // A slow phone: the app's entry comes when the test lets it (after the checks of the waiting
  // form, which took more than the 1.5 s of an earlier fixed delay on a cold, busy browser).
  const entry = await holdAppEntry(page);
  await page.goto('/sign-in');
  // Drawn by the build: the form is there, its fields wait.
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  await expect(page).toHaveNoAxeViolations(); // a waiting form is still readable (contrast, names)
  expect(entry.isHeld()).toBe(true);
  entry.letGo();
  // Playwright waits for the fields to take input, as a person would see them do.
  await page.getByLabel('Email').fill(E2E_MEMBERS.session.email);
  expect(entry.isHeld()).toBe(false);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/user$/);
});
