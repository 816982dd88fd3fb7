import type { Page } from '@playwright/test';
import { aedText } from '../support/figures.ts';
import { DEMO_ADMIN, DEMO_CHAIR, DEMO_MEMBERS, E2E_MEMBERS } from '../support/members.ts';
import { apiAs, DESKTOP, expect, PHONE, signIn, test } from '../support/fixtures.ts';

// Read only: no period is closed here, since that would move amina's savings, which other
// specs compare. The demo data has interest income from her loan's repayments. With two
// active admins (the treasurer and the chair) a close is first proposed; the proposal made
// here is withdrawn, never confirmed, for the same reason.
const AMINA = DEMO_MEMBERS.amina;
const WAITING = 'Proposed: waiting for a second admin';

type MyBonus = {
  closed: unknown[];
  estimate: {
    amount: number;
    your_average_balance: number;
    total_average_balance: number;
    interest_so_far: number;
  };
};
type Preview = { members: Array<{ member: { name: string }; amount: number }>; can_close: boolean };

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

test('a member reaches My bonus from the profile menu', async ({ page }) => {
  await signIn(page, AMINA);
  await page.getByRole('button', { name: 'Open the profile menu' }).click();
  await page.getByRole('link', { name: 'My bonus' }).click();
  await expect(page).toHaveURL(/\/user\/my-bonus$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My bonus' })).toBeVisible();
});

for (const viewport of [DESKTOP, PHONE]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('amina sees her bonus so far, marked as an estimate, with how it is worked out', async ({
      page,
    }) => {
      await signIn(page, AMINA);
      const mine = (await apiAs(page, '/api/my-bonus')) as MyBonus;
      expect(mine.estimate.amount).toBeGreaterThan(0);

      await page.goto('/user/my-bonus');
      const estimate = page.getByRole('region', { name: 'This period so far' });
      await expect(estimate.getByText('Estimate', { exact: true })).toBeVisible();
      await expect(estimate.getByText('Your estimated bonus')).toBeVisible();
      await expect(
        estimate.getByText(aedText(mine.estimate.amount), { exact: true }),
      ).toBeVisible();
      await expect(estimate).toContainText(
        `Your average savings ${aedText(mine.estimate.your_average_balance)} of the association's ${aedText(mine.estimate.total_average_balance)}`,
      );
      await expect(estimate).toContainText('This is an estimate, not money paid.');
      await expectNoSidewaysScroll(page);
      await expect(page).toHaveNoAxeViolations();
    });

    test('a member with no savings yet sees that there is no bonus yet', async ({ page }) => {
      await signIn(page, E2E_MEMBERS.bonus.email);
      await page.goto('/user/my-bonus');
      await expect(page.getByText('No bonus yet')).toBeVisible();
      await expect(page.getByText('Estimate', { exact: true })).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await expect(page).toHaveNoAxeViolations();
    });

    test('the treasurer sees the shares a close would make, and the confirmation, without closing', async ({
      page,
    }) => {
      await signIn(page, DEMO_ADMIN);
      await page.goto('/admin/bonus');
      await expect(page.getByRole('heading', { level: 1, name: 'Bonus share-out' })).toBeVisible();
      const periods = (await apiAs(page, '/api/admin/bonus/periods')) as {
        next: { starts_on: string; latest_ends_on: string };
      };
      await expect(page.getByLabel('End date')).toHaveValue(periods.next.latest_ends_on);
      const preview = (await apiAs(
        page,
        `/api/admin/bonus/preview?ends_on=${periods.next.latest_ends_on}`,
      )) as Preview;
      expect(preview.can_close).toBe(true);
      const amina = preview.members.find((m) => m.member.name === 'Amina Rahman')!;
      expect(amina.amount).toBeGreaterThan(0);

      const table = page.getByRole('table', { name: /^Members' shares for/ });
      const row = table.getByRole('row').filter({ hasText: 'Amina Rahman' });
      await expect(row).toContainText(aedText(amina.amount));
      await expectNoSidewaysScroll(page);
      await expect(page).toHaveNoAxeViolations();

      await page.getByRole('button', { name: 'Close period' }).click();
      const dialog = page.getByRole('dialog', { name: /^Close .+\?$/ });
      await expect(dialog).toContainText('A closed period cannot be reopened');
      await expect(page).toHaveNoAxeViolations();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      const after = (await apiAs(page, '/api/admin/bonus/periods')) as { items: unknown[] };
      expect(after.items).toEqual([]);
    });
  });
}

test('a share-out proposed by the treasurer waits for the chair, who sees the same dates; withdrawn, nothing is closed', async ({
  page,
  openAs,
}) => {
  await signIn(page, DEMO_ADMIN);
  await page.goto('/admin/bonus');
  const periods = (await apiAs(page, '/api/admin/bonus/periods')) as {
    next: { starts_on: string; latest_ends_on: string };
  };
  await page.getByRole('table', { name: /^Members' shares for/ }).waitFor();
  await page.getByRole('button', { name: 'Close period' }).click();
  const dialog = page.getByRole('dialog', { name: /^Close .+\?$/ });
  await dialog.getByRole('button', { name: 'Close period' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `${WAITING}.` })).toBeVisible();

  // Proposed, not closed: the box names the dates and the proposer, who cannot confirm.
  const box = page.getByRole('region', { name: WAITING });
  await expect(box).toContainText(/Close .+ – .+ and share AED/);
  await expect(box).toContainText('Proposed by Fatima Al Mansoori on');
  await expect(box).toContainText('You proposed this share-out, so you cannot confirm it');
  await expect(box.getByRole('button', { name: 'Confirm share-out' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Close period' })).toHaveCount(0);
  const { items: proposals } = (await apiAs(page, '/api/admin/proposals')) as {
    items: Array<{ action: string; details: { startsOn: string; endsOn: string } }>;
  };
  const proposal = proposals.find((p) => p.action === 'bonus.close')!;
  // The interest alone, as the form starts: the chair must confirm the same choice.
  expect(proposal.details).toEqual({
    startsOn: periods.next.starts_on,
    endsOn: periods.next.latest_ends_on,
    choice: { fines: false, otherIncome: false, lessExpenses: false },
  });
  expect(((await apiAs(page, '/api/admin/bonus/periods')) as { items: unknown[] }).items).toEqual(
    [],
  );
  await expect(page).toHaveNoAxeViolations();

  // The overview lists it.
  await page.goto('/admin');
  const waiting = page.getByRole('region', { name: 'Waiting for a second admin' });
  await expect(waiting.getByRole('listitem').filter({ hasText: 'Bonus share-out' })).toContainText(
    'Proposed by Fatima Al Mansoori on',
  );

  // The chair sees the proposal and its dates, and could confirm them (cancelled here).
  const chair = await openAs(DEMO_CHAIR);
  await chair.goto('/admin/bonus');
  const toConfirm = chair.getByRole('region', { name: WAITING });
  await expect(toConfirm).toContainText('Proposed by Fatima Al Mansoori on');
  await expect(chair.getByLabel('End date')).toHaveValue(periods.next.latest_ends_on);
  await expectNoSidewaysScroll(chair);
  await expect(chair).toHaveNoAxeViolations();
  await toConfirm.getByRole('button', { name: 'Confirm share-out' }).click();
  const confirm = chair.getByRole('dialog', { name: /^Close .+\?$/ });
  await expect(confirm).toContainText('Fatima Al Mansoori proposed sharing');
  await expect(confirm.getByRole('button', { name: 'Confirm share-out' })).toBeEnabled();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();

  // Withdrawn by the chair: nothing closed, the treasurer may close or propose again.
  await toConfirm.getByRole('button', { name: 'Withdraw' }).click();
  await expect(
    chair.getByRole('alert').filter({ hasText: 'The proposal was withdrawn.' }),
  ).toBeVisible();
  await expect(chair.getByRole('region', { name: WAITING })).toHaveCount(0);
  await expect(chair.getByRole('button', { name: 'Close period' })).toBeVisible();
  const after = (await apiAs(chair, '/api/admin/bonus/periods')) as { items: unknown[] };
  expect(after.items).toEqual([]);
  expect(((await apiAs(chair, '/api/admin/proposals')) as { items: unknown[] }).items).toEqual([]);
});
