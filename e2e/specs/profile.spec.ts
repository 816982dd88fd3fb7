import type { Page } from '@playwright/test';
import { pngPhoto } from '../support/figures.ts';
import { E2E_MEMBERS } from '../support/members.ts';
import { apiAs, expect, signIn, test } from '../support/fixtures.ts';

type Profile = { userData: { name: string; address: string | null; image: string | null } };

/** Opens /user/my-profile through the desktop profile menu. */
async function openMyProfile(page: Page) {
  await page.getByRole('button', { name: 'Open the profile menu' }).click();
  await page.getByRole('link', { name: 'My Profile' }).click();
  await expect(page).toHaveURL(/\/user\/my-profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
}

/** A row of the profile view: its term and its value. */
const profileRow = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Your details' })
    .locator('dl > div')
    .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) })
    .getByRole('definition');

test('edits the profile with a photo and a new address', async ({ page }) => {
  const member = E2E_MEMBERS.profile;
  const address = 'Al Nahda 2, Dubai';
  await signIn(page, member.email);
  const profileButton = page.getByRole('button', { name: 'Open the profile menu' });
  // No photo yet: the header shows the initials.
  await expect(profileButton).toContainText('OH');
  await expect(profileButton.locator('img')).toHaveCount(0);

  await openMyProfile(page);
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit profile' });
  await expect(dialog.getByLabel('Name')).toHaveValue(member.name);
  await dialog.getByLabel('Address').fill(address);
  await dialog.getByLabel('Wallet').fill('Botim 0559876543');
  await dialog.getByLabel('Photo (optional)').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: await pngPhoto(),
  });
  await expect(dialog.getByRole('img', { name: 'The new photo' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Save changes' }).click();

  await expect(
    page.getByRole('alert').filter({ hasText: 'Your profile has been updated.' }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(profileRow(page, 'Address')).toHaveText(address);
  await expect(profileRow(page, 'Wallet')).toHaveText('Botim 0559876543');

  // The header avatar is now the photo, drawn from the authorised file call.
  const headerPhoto = profileButton.locator('img');
  await expect(headerPhoto).toBeVisible();
  await expect(headerPhoto).toHaveAttribute('src', /^blob:/);
  expect(
    await headerPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
  ).toBe(true);
  await expect(profileButton).not.toContainText('OH');

  const { userData } = (await apiAs(page, '/api/profile')) as Profile;
  expect(userData.address).toBe(address);
  expect(userData.image).toMatch(/^\/api\/files\/./);
});

test('changes the password, signs out, and only the new password signs in', async ({ page }) => {
  const member = E2E_MEMBERS.password;
  const newPassword = 'priya-new-pass-2468';
  await signIn(page, member.email, member.password);
  await openMyProfile(page);
  await page.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await dialog.getByLabel('Current password').fill(member.password);
  await dialog.getByLabel('New password', { exact: true }).fill(newPassword);
  await dialog.getByLabel('Confirm the new password').fill(newPassword);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your password has been changed.' }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  // Sign out, from the profile menu.
  await page.getByRole('button', { name: 'Open the profile menu' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  expect(await page.evaluate(() => localStorage.getItem('ts_token'))).toBeNull();

  // The old password is refused with the server's message.
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The email or password is not correct.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in$/);

  await signIn(page, member.email, newPassword);
  await expect(page.getByRole('button', { name: 'Open the profile menu' })).toContainText(
    member.name,
  );
});
