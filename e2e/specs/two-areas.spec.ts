import { DESKTOP, PHONE, expect, signIn, test } from '../support/fixtures.ts';
import { DEMO_ADMIN, DEMO_CHAIR, DEMO_MEMBERS } from '../support/members.ts';

// Issue 33: the chair is an admin and a member; each area links to the other, on a phone and
// on a desktop. An admin who is not a member has no member area to go to, and a member no
// admin area. Read only.

test.describe('the chair moves between the admin area and the member area', () => {
  test('on a desktop, from the side menu and the profile menu', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, DEMO_CHAIR);
    await expect(page).toHaveURL(/\/admin$/);
    await page
      .getByRole('navigation', { name: 'Admin area' })
      .getByRole('link', { name: 'My member area' })
      .click();
    await expect(page).toHaveURL(/\/user$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeAttached();

    await page.getByRole('button', { name: 'Open the profile menu' }).click();
    await page.getByRole('link', { name: 'Admin area' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  });

  test('on a phone, from the admin menu and the profile page', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, DEMO_CHAIR);
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByRole('button', { name: 'Open the admin menu' }).click();
    await page
      .getByRole('navigation', { name: 'Admin area' })
      .getByRole('link', { name: 'My member area' })
      .click();
    await expect(page).toHaveURL(/\/user$/);

    await page.getByRole('banner').getByRole('link', { name: 'Profile' }).first().click();
    await expect(page).toHaveURL(/\/user\/profile$/);
    await page.getByRole('link', { name: 'Admin area' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  });
});

test('the treasurer, an admin only, is offered no member area; a member no admin area', async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO_ADMIN);
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'My member area' })).toHaveCount(0);
  await expect(page.locator('a[href="/user"]')).toHaveCount(0);

  const member = await browser.newPage({ viewport: PHONE });
  try {
    await signIn(member, DEMO_MEMBERS.amina);
    await member.goto('/user/profile');
    await expect(member.getByRole('link', { name: 'Statement' })).toBeVisible();
    await expect(member.getByRole('link', { name: 'Admin area' })).toHaveCount(0);
  } finally {
    await member.close();
  }
});
