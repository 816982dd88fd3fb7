import { DESKTOP, PHONE, apiAs, expect, signIn, test } from '../support/fixtures.ts';
import { DEMO_ADMIN, DEMO_CHAIR, DEMO_MEMBERS } from '../support/members.ts';

const AMINA = DEMO_MEMBERS.amina;

test('a member who opens /admin gets the not-found page, and no member page links there', async ({
  page,
}) => {
  await signIn(page, AMINA);
  for (const path of ['/user', '/user/profile', '/user/dashboard']) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.locator('a[href^="/admin"]')).toHaveCount(0);
  }
  for (const path of ['/admin', '/admin/payments', '/admin/members']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('Review queue')).toHaveCount(0);
  }
});

for (const viewport of [DESKTOP, PHONE]) {
  test(`every admin page shows real data and passes axe at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page, DEMO_ADMIN);
    const members = (await apiAs(page, '/api/admin/members?q=amina')) as {
      items: Array<{ id: number; name: string }>;
    };
    const amina = members.items[0]!;
    const trial = (await apiAs(page, '/api/admin/ledger/trial-balance')) as { balanced: boolean };
    expect(trial.balanced).toBe(true);

    const pages: Array<{ path: string; heading: string | RegExp; shows: string }> = [
      {
        path: '/admin',
        heading: 'Overview',
        shows: 'Savings and loans outstanding, last 12 months',
      },
      // A search, as the e2e data holds more members than a page of the list.
      { path: '/admin/members?q=Amina', heading: 'Members', shows: amina.name },
      { path: `/admin/members/${amina.id}`, heading: amina.name, shows: 'Statement' },
      { path: '/admin/applications', heading: 'Membership applications', shows: 'Sara Haddad' },
      { path: '/admin/settings', heading: 'Settings', shows: 'Loan policy' },
      { path: '/admin/ledger', heading: 'Books', shows: 'Balanced' },
      { path: '/admin/audit', heading: 'Audit log', shows: 'Amina' },
    ];
    for (const p of pages) {
      await page.goto(p.path);
      await expect(page.getByRole('heading', { level: 1, name: p.heading })).toBeVisible();
      // In the page, not the menu ("Bank statements" holds "Statement").
      await expect(
        page.getByRole('main').getByText(p.shows, { exact: false }).first(),
      ).toBeVisible();
      // Nothing wider than the screen.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${p.path} scrolls sideways`).toBeLessThanOrEqual(0);
      await expect(page).toHaveNoAxeViolations();
    }
  });
}

// The demo has two active admins, the treasurer and the chair: money leaving the fund needs
// both (docs/domain/maker-checker.md), so the overview keeps a list of what waits for the second.
test('the chair, an admin and a member, sees the overview with what waits for a second admin', async ({
  page,
}) => {
  await signIn(page, DEMO_CHAIR);
  const overview = (await apiAs(page, '/api/admin/overview')) as {
    active_admins: number;
    proposals: unknown[];
  };
  expect(overview.active_admins).toBeGreaterThanOrEqual(2);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  const waiting = page.getByRole('region', { name: 'Waiting for a second admin' });
  await expect(waiting).toBeVisible();
  // Two admins: not the single-admin sentence.
  await expect(waiting).not.toContainText('A single active admin');
  if (overview.proposals.length === 0)
    await expect(waiting).toContainText('Nothing is waiting for a second admin.');
  await expect(page).toHaveNoAxeViolations();
});
