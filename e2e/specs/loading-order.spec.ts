import { PHONE, expect, signIn, test } from '../support/fixtures.ts';

// A member opening /user on a slow phone: the figures come first; the recharge form (and the
// form library it needs) and the bell's unread count are asked for only once the browser has
// reported the page's content on the screen (lib/use-after-page-paint.ts), so they do not hold
// it back on the network. Read from Chromium's own timings of the page load.
test.use({ viewport: PHONE });

test('the member home asks for its recharge form and unread count after its figures are shown', async ({
  page,
}) => {
  await signIn(page, 'amina@jamiya.example');
  // A load of its own, as a member opening the app on /user.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Confirm & Pay' })).toBeVisible();
  await expect(page.getByRole('link', { name: /notification/i })).toBeVisible();

  const timings = await page.evaluate(
    () =>
      new Promise<{
        contentPaint: number | null;
        contentText: string;
        requests: { name: string; startTime: number }[];
      }>((resolve) => {
        new PerformanceObserver((list) => {
          const paints = list.getEntries() as (PerformanceEntry & { element: Element | null })[];
          // The first paint of the page's own content: what the hook waited for (a larger part
          // painted later, once the form is here, would be reported after the requests).
          const content = paints.find((p) => p.element?.closest('main'));
          resolve({
            contentPaint: content?.startTime ?? null,
            contentText: content?.element?.textContent ?? '',
            requests: performance
              .getEntriesByType('resource')
              .filter((r) => /mobile-recharge-form-|\/forms-|unread-count/.test(r.name))
              .map((r) => ({ name: r.name, startTime: r.startTime })),
          });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );

  expect(timings.contentPaint, 'the page content was painted').not.toBeNull();
  expect(timings.contentText).not.toBe('');
  expect(timings.requests.map((r) => new URL(r.name).pathname).sort()).toEqual([
    '/api/notifications/unread-count',
    expect.stringMatching(/^\/assets\/forms-.+\.js$/), // react-hook-form
    expect.stringMatching(/^\/assets\/mobile-recharge-form-.+\.js$/),
  ]);
  for (const request of timings.requests)
    expect(request.startTime, request.name).toBeGreaterThanOrEqual(timings.contentPaint!);
});

test('the member home keeps its figures when the recharge form’s code does not come, and gets it on a second try', async ({
  page,
  consoleErrors,
}) => {
  await signIn(page, 'amina@jamiya.example');
  let refused = 0;
  await page.route(/\/assets\/mobile-recharge-form-.+\.js$/, (route) =>
    refused++ === 0 ? route.abort('internetdisconnected') : route.continue(),
  );
  await page.reload();
  const alert = page
    .getByRole('alert')
    .filter({ hasText: 'The recharge form could not be loaded' });
  await expect(alert).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your Saving Balance' })).toBeVisible();
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('button', { name: 'Confirm & Pay' })).toBeVisible();
  await expect(alert).toHaveCount(0);
  expect(refused).toBe(2);
  expectOnlyLostDownloads(consoleErrors, /mobile-recharge-form-/);
});

test('a page whose code does not come shows an error inside the member area, and loads on a second try', async ({
  page,
  consoleErrors,
}) => {
  await signIn(page, 'amina@jamiya.example');
  let requests = 0;
  // Refused once, then slow: the second try is seen while it loads.
  await page.route(/\/assets\/my-loan-page-.+\.js$/, async (route) => {
    if (requests++ === 0) return route.abort('internetdisconnected');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return route.continue();
  });
  const shortcuts = page.getByRole('navigation', { name: 'Member shortcuts' });
  await shortcuts.getByRole('link', { name: 'My Loan' }).click();

  const alert = page.getByRole('alert').filter({ hasText: 'We could not load this page' });
  await expect(alert).toBeVisible();
  // The member area stays around the error, and around the page loading again.
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(shortcuts.getByRole('link', { name: 'Home' })).toBeVisible();
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Loading...');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(shortcuts.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'My Loan' })).toBeVisible();
  await expect(alert).toHaveCount(0);
  expect(requests).toBe(2);

  expectOnlyLostDownloads(consoleErrors, /my-loan-page-/);
});

test('a page whose code fails again is reloaded by the next try', async ({
  page,
  consoleErrors,
}) => {
  await signIn(page, 'amina@jamiya.example');
  let requests = 0;
  await page.route(/\/assets\/my-loan-page-.+\.js$/, (route) =>
    requests++ < 2 ? route.abort('internetdisconnected') : route.continue(),
  );
  await page
    .getByRole('navigation', { name: 'Member shortcuts' })
    .getByRole('link', { name: 'My Loan' })
    .click();
  const alert = page.getByRole('alert').filter({ hasText: 'We could not load this page' });
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(alert).toBeVisible();
  expect(requests).toBe(2);

  const reloaded = page.waitForEvent('load');
  await alert.getByRole('button', { name: 'Try again' }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/user\/my-loan$/);
  // The reloaded page's HTML already shows the heading (docs/boot.md): its loan, drawn by the
  // app, says that the page's code came.
  await expect(page.getByRole('region', { name: /Loan #\d+$/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'My Loan' })).toBeVisible();
  expect(requests).toBe(3);

  expectOnlyLostDownloads(consoleErrors, /my-loan-page-/);
});

/** What a refused download logs, and only that: the failed load and React's report of it. */
function expectOnlyLostDownloads(consoleErrors: string[], file: RegExp) {
  const expected = new RegExp(
    `ERR_INTERNET_DISCONNECTED|dynamically imported module|${file.source}`,
  );
  expect(consoleErrors.some((e) => expected.test(e))).toBe(true);
  consoleErrors.splice(0, Infinity, ...consoleErrors.filter((e) => !expected.test(e)));
}

test('a member page starts the calls its HTML names before the app, and asks for none twice', async ({
  page,
}) => {
  await signIn(page, 'amina@jamiya.example');
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${url.pathname}${url.search}`);
  });
  await page.goto('/user/my-loan');
  await expect(page.getByRole('heading', { level: 1, name: 'My Loan' })).toBeVisible();
  // The heading is in the drawn HTML: the app's render, with its data, comes after.
  await page.waitForLoadState('networkidle');
  // The build wrote the route's calls (src/app/routes.ts) into its page.
  const named = await page.locator('meta[name="early-calls"]').getAttribute('content');
  expect(named?.split(' ')).toEqual([
    '/api/profile',
    '/api/my-account-data',
    '/api/my-loans?limit=20',
  ]);
  for (const call of named!.split(' '))
    expect(
      calls.filter((c) => c === call),
      call,
    ).toHaveLength(1);
});
