import type { Browser, Page } from '@playwright/test';
import { DESKTOP, PHONE, apiAs, expect, signIn, test } from '../support/fixtures.ts';
import { DEMO_ADMIN, DEMO_PASSWORD, E2E_MEMBERS } from '../support/members.ts';

// The mails go through a real SMTP server started by the global setup; `mailTo` reads them.

type Applications = { items: { id: number; email: string; status: string }[] };

/** The admin, signed in through the sign-in page in a browser context of their own. */
async function adminPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage();
  await signIn(page, DEMO_ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

/** Chooses a password on the page of a set-password link. */
async function setPasswordAt(page: Page, link: string, password: string) {
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm the new password').fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
}

test('a visitor applies, the admin accepts, the mailed link sets a password, and the new member signs in', async ({
  page,
  browser,
  mailTo,
}) => {
  const visitor = {
    name: 'Farah Siddiqui',
    email: 'farah.joins@e2e.example',
    mobile: '+971 52 345 6789',
    nationalId: 'P7654321',
    address: 'Al Karama, Dubai',
  };
  const password = 'farah-new-pass-2026';

  await page.goto('/join');
  await page.getByLabel('Full name').fill(visitor.name);
  await page.getByLabel('Email').fill(visitor.email);
  await page.getByLabel('Mobile number').fill(visitor.mobile);
  await page.getByLabel('Passport or national ID number').fill(visitor.nationalId);
  await page.getByLabel('Address').fill(visitor.address);
  await page.getByRole('button', { name: 'Submit application' }).click();
  const sent = page.getByRole('status', { name: 'Your application has been sent' });
  await expect(sent).toBeVisible();
  await expect(sent).toContainText(visitor.email);
  await expect(sent).toBeFocused();
  await expect(page).toHaveNoAxeViolations();

  // The admin UI is another piece of work: the admin accepts through the API.
  const admin = await adminPage(browser);
  const { items } = (await apiAs(admin, '/api/admin/applications?status=pending')) as Applications;
  const application = items.find((a) => a.email === visitor.email);
  expect(application, 'the application is pending').toBeDefined();
  await apiAs(admin, `/api/admin/applications/${application!.id}/accept`, { method: 'POST' });
  await admin.close();

  const mail = await mailTo(visitor.email);
  expect(mail.subject).toMatch(/^Set your password for /);
  expect(mail.text).toContain(`Dear ${visitor.name},`);
  // The link opens where the browser opens the app (PUBLIC_URL).
  const baseURL = test.info().project.use.baseURL;
  expect(mail.link?.startsWith(`${baseURL}/set-password?token=`), String(mail.link)).toBe(true);

  // Setting the password signs the new member in, in their area (issue 33).
  await setPasswordAt(page, mail.link!, password);
  await expect(page).toHaveURL(/\/user$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeAttached();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your password is set, and you are signed in.' }),
  ).toBeVisible();

  // And the password signs in from anywhere else.
  const elsewhere = await browser.newPage();
  await signIn(elsewhere, visitor.email, password);
  await expect(elsewhere).toHaveURL(/\/user$/);
  await elsewhere.close();
  const { userData } = (await apiAs(page, '/api/profile')) as {
    userData: { name: string; mobile: string; role: string };
  };
  expect(userData).toMatchObject({ name: visitor.name, mobile: visitor.mobile, role: 'member' });
});

test('a member resets a forgotten password through the mailed link, which then works no more', async ({
  page,
  mailTo,
}) => {
  const member = E2E_MEMBERS.reset;
  const password = 'leila-new-pass-2026';

  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The sign-in page stays until the next page's code has come, and it has an Email too.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Forgot your password?' }),
  ).toBeVisible();
  await page.getByLabel('Email').fill(member.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  const sent = page.getByRole('status', { name: 'Check your email' });
  await expect(sent).toContainText(member.email);
  await expect(page).toHaveNoAxeViolations();

  const mail = await mailTo(member.email);
  expect(mail.subject).toMatch(/^Set a new password for /);
  expect(mail.link).not.toBeNull();

  await setPasswordAt(page, mail.link!, password);
  await expect(page).toHaveURL(/\/user$/);

  // The old password is gone; the new one signs in.
  const old = await page.request.post('/api/login', {
    data: { email: member.email, password: DEMO_PASSWORD },
  });
  expect(old.status()).toBe(401);
  const again = await page.request.post('/api/login', { data: { email: member.email, password } });
  expect(again.status()).toBe(200);

  // The link worked once.
  await setPasswordAt(page, mail.link!, 'leila-third-pass-2026');
  const failed = page.getByRole('alert', { name: 'This link no longer works' });
  await expect(failed).toBeVisible();
  await expect(failed).toBeFocused();
  await expect(page).toHaveNoAxeViolations();
  await failed.getByRole('link', { name: 'Get a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('a set-password page without a token says how to get a new link', async ({ page }) => {
  await page.goto('/set-password');
  await expect(page.getByRole('alert', { name: 'This link no longer works' })).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Get a new link' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
});

// A token of the right form that the server does not know: the form shows, nothing is sent.
const UNKNOWN_TOKEN = 'x'.repeat(43);

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`join and password pages at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('/join with its errors shown has no axe violations', async ({ page }) => {
      await page.goto('/join');
      await page.getByRole('button', { name: 'Submit application' }).click();
      await expect(page.getByText('Name is required.')).toBeVisible();
      await expect(page).toHaveNoAxeViolations();
    });

    test('/forgot-password has no axe violations', async ({ page }) => {
      await page.goto('/forgot-password');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The page as it settles, once its script has taken the form over (it shows before).
      await expect(page.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
      await expect(page).toHaveNoAxeViolations();
    });

    test('/set-password with a token has no axe violations', async ({ page }) => {
      await page.goto(`/set-password?token=${UNKNOWN_TOKEN}`);
      await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Set password' }).click();
      await expect(page.getByText('The new password must be at least 8 characters.')).toBeVisible();
      await expect(page).toHaveNoAxeViolations();
    });

    test('/set-password without a token has no axe violations', async ({ page }) => {
      await page.goto('/set-password');
      await expect(page.getByRole('alert', { name: 'This link no longer works' })).toBeVisible();
      await expect(page).toHaveNoAxeViolations();
    });
  });
}
