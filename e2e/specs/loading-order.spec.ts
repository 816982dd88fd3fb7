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
  // The reloaded page's HTML already shows the heading (decision 017): its loan, drawn by the
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

test('a member page loads its formatting data in a worker the page’s policy allows, and no other page does', async ({
  page,
}) => {
  await signIn(page, 'amina@jamiya.example');
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  // A load of its own: early.ts starts the worker beside the page's first requests.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Your Saving Balance' })).toBeVisible();
  await expect
    .poll(() => workers)
    .toEqual([expect.stringMatching(/\/assets\/icu-warmup\.worker-[\w-]+\.js$/)]);
  // A public page drawn by the build needs none.
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(workers).toHaveLength(1);
  // The console fixture fails the test on any CSP report of the worker.
});

test('a member page whose formatting worker cannot come shows its figures as soon as its data is here', async ({
  page,
}) => {
  await signIn(page, 'amina@jamiya.example');
  let refused = 0;
  await page.route(/\/assets\/icu-warmup\.worker-[\w-]+\.js$/, (route) => {
    refused++;
    return route.abort('internetdisconnected');
  });
  // When the balance card is put on the page, in the page's own clock.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.getElementById('saving-title')) return;
      (window as { shownAt?: number }).shownAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  await expect(page.getByRole('region', { name: 'Your Saving Balance' })).toBeVisible();
  const { shownAt, dataAt } = await page.evaluate(() => ({
    shownAt: (window as { shownAt?: number }).shownAt ?? NaN,
    dataAt: Math.max(
      ...performance
        .getEntriesByType('resource')
        .filter((r) => /\/api\/(profile|my-account-data|my-loans|settings)/.test(r.name))
        .map((r) => (r as PerformanceResourceTiming).responseEnd),
    ),
  }));
  // The app's first render waits for the worker (main.tsx), 1.5 s at most for one that says
  // nothing; one that failed is not waited for.
  expect(refused).toBe(1);
  expect(shownAt - dataAt).toBeLessThan(700);
});
