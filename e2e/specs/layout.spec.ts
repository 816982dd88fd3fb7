import { E2E_MEMBERS } from '../support/members.ts';
import { DESKTOP, PHONE, expect, signIn, test } from '../support/fixtures.ts';

const member = E2E_MEMBERS.session;

test.describe('at 390 px', () => {
  test.use({ viewport: PHONE });

  test('shows the bottom bar with the centre My Loan card, highlighted by exact path', async ({
    page,
  }) => {
    await signIn(page, member.email);
    const bar = page.getByRole('navigation', { name: 'Member shortcuts' });
    await expect(bar).toBeVisible();
    await expect(page.locator('aside')).toBeHidden();
    await expect(bar.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await bar.getByRole('link', { name: 'My Loan' }).click();
    await expect(page).toHaveURL(/\/user\/my-loan$/);
    await expect(bar.getByRole('link', { name: 'My Loan' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(bar.getByRole('link', { name: 'Home' })).not.toHaveAttribute(
      'aria-current',
      'page',
    );
    await bar.getByRole('link', { name: 'Monthly pay' }).click();
    await expect(page).toHaveURL(/\/user\/monthly-pay$/);
    await bar.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
  });

  test('the header avatar leads to the profile menu, which hides the header', async ({ page }) => {
    await signIn(page, member.email);
    await page.getByRole('banner').getByRole('link', { name: 'Profile' }).first().click();
    await expect(page).toHaveURL(/\/user\/profile$/);
    await expect(page.getByRole('banner')).toHaveCount(0);
    const menu = page.getByRole('main');
    for (const entry of [
      'Dashboard',
      'My Profile',
      'Loan Apply',
      'My bonus',
      'Mobile Recharge',
      'Contact/Chat',
      'Switch account',
    ]) {
      await expect(menu.getByRole('link', { name: entry })).toBeVisible();
    }
    await menu.getByRole('link', { name: 'My bonus' }).click();
    await expect(page).toHaveURL(/\/user\/my-bonus$/);
  });
});

test.describe('at 1280 px', () => {
  test.use({ viewport: DESKTOP });

  test('shows the side navigation, highlighted by path, and no bottom bar', async ({ page }) => {
    await signIn(page, member.email);
    const side = page.locator('aside').getByRole('navigation', { name: 'Member area' });
    await expect(side).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Member shortcuts', includeHidden: true }),
    ).toBeHidden();
    await side.getByRole('link', { name: 'Apply a Loan' }).click();
    await expect(page).toHaveURL(/\/user\/apply-loan$/);
    await expect(side.getByRole('link', { name: 'Apply a Loan' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(side.getByRole('link', { name: 'Home' })).not.toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('the profile dropdown shows name and ID, and closes on an outside click, Escape, or a choice', async ({
    page,
  }) => {
    await signIn(page, member.email);
    const button = page.getByRole('button', { name: 'Open the profile menu' });
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const card = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
    await expect(card.getByText(member.name)).toBeVisible();
    await expect(card.getByText(/^ID: JM\d{6}$/)).toBeVisible();
    await page.mouse.click(400, 28); // the empty part of the header
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(card).toBeHidden();

    await button.click();
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();

    await button.click();
    await card.getByRole('link', { name: 'My Profile' }).click();
    await expect(page).toHaveURL(/\/user\/my-profile$/);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});
