import {
  DESKTOP,
  PHONE,
  expect,
  holdAppEntry,
  layoutShift,
  signIn,
  test,
} from '../support/fixtures.ts';

// A member page's HTML shows the page as it looks before its data (the build draws it:
// apps/web/src/prerender.tsx, renderPage), and the app renders in its place once its
// code and first data are here (docs/boot.md). The entry is held back to see the drawing.

for (const viewport of [PHONE, DESKTOP]) {
  test(`a member page shows its layout, heading and loading state before its code, then the page in place, at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page, 'amina@jamiya.example');
    const app = await holdAppEntry(page);
    await page.goto('/user/apply-loan');

    const main = page.getByRole('main');
    await expect(page.getByRole('heading', { level: 1, name: 'Apply for a loan' })).toBeVisible();
    await expect(main.getByText(/^Choose an amount and a term/)).toBeVisible();
    await expect(main.getByRole('status')).toHaveText('Loading...');
    const nav = page.getByRole('navigation', {
      name: viewport === PHONE ? 'Member shortcuts' : 'Member area',
    });
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/user');
    // The drawing names the page in its tab already (issue 33).
    await expect(page).toHaveTitle('Apply for a loan · Jamiya');
    await expect(page).toHaveNoAxeViolations();
    // Its loading states wait a second before they move (docs/boot.md).
    const delays = await page.evaluate(() =>
      document.getAnimations().map((a) => Number(a.effect?.getTiming().delay)),
    );
    expect(delays.length).toBeGreaterThan(0);
    for (const delay of delays) expect(delay).toBeGreaterThanOrEqual(1000);
    const intro = await main.getByText(/^Choose an amount and a term/).boundingBox();
    expect(app.isHeld()).toBe(true);

    app.letGo();
    await expect(page.getByRole('group', { name: 'Loan amount' })).toBeVisible();
    // The text where the drawing had it: nothing moved. (The app's render replaces the
    // drawing's nodes, which the browser's layout-shift score does not follow: this is the
    // check of that swap.)
    expect(await main.getByText(/^Choose an amount and a term/).boundingBox()).toEqual(intro);
    // And nothing moves while the app's data and code arrive. Moving the page's content by one
    // pixel at 390 px scores about 0.001. CI once saw 0.00009 here, a fraction of a pixel, not
    // seen again in 80 runs under load and with slowed requests: the bound is that pixel.
    const shift = await layoutShift(page);
    expect(shift.total, shift.moved).toBeLessThan(0.001);
    expect(app.isHeld()).toBe(false);
  });
}

test('a signed-out visitor sees the drawing until the app sends them to sign in', async ({
  page,
}) => {
  const app = await holdAppEntry(page);
  await page.goto('/user/my-loan');
  await expect(page.getByRole('heading', { level: 1, name: 'My Loan' })).toBeVisible();
  // Nothing of any member: the drawing is the same for everyone.
  await expect(page.getByRole('banner')).not.toContainText(/Amina|Rahul/);
  app.letGo();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('a member page whose drawing would have fields shows the session check instead', async ({
  page,
}) => {
  await signIn(page, 'amina@jamiya.example');
  const app = await holdAppEntry(page);
  // Its scripts are named in the page, so the page does not finish loading while one is held.
  await page.goto('/user/statement', { waitUntil: 'commit' });
  await expect(page.getByRole('status')).toHaveText('Checking your session...');
  await expect(page.getByRole('textbox')).toHaveCount(0);
  app.letGo();
  await expect(page.getByRole('heading', { level: 1, name: /statement/i })).toBeVisible();
});
