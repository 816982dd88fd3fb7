import { DEMO_ADMIN, E2E_MEMBERS } from '../support/members.ts';
import { apiAs, DESKTOP, expect, PHONE, signIn, test } from '../support/fixtures.ts';

// ravi (made for this run) asks for a recharge from /user; the treasurer, at another
// computer, marks it done with the operator's reference; ravi sees Done with the reference.
const RAVI = E2E_MEMBERS.recharge;
const REFERENCE = 'JIO-E2E-48213';

type Savings = { myAccountData: { account_balance: number } };

test('a member asks for a recharge and the treasurer marks it done; savings stay as they were', async ({
  page: ravi,
  openAs,
}) => {
  await signIn(ravi, RAVI.email);
  const before = ((await apiAs(ravi, '/api/my-account-data')) as Savings).myAccountData;

  // From the home page, with a number as people type it.
  const form = ravi.getByRole('region', { name: 'Mobile recharge' });
  await expect(form.getByText('From AED 10 to AED 500.')).toBeVisible();
  await form.getByLabel('Mobile number').fill('+91 98765 43210');
  await form.getByLabel('Amount (AED)').fill('75');
  await form.getByLabel('Operator').selectOption('jio');
  // Beside Confirm & Pay: who makes the recharge, not at once, and nothing from the savings.
  const pay = form.getByRole('button', { name: 'Confirm & Pay' });
  await expect(pay).toHaveAccessibleDescription(
    /a committee member makes this recharge with the operator by hand, so not at once.*Nothing is taken from your savings/,
  );
  await pay.click();
  const sent = form.getByRole('status').filter({ hasText: 'Request sent' });
  // The long confirmation stays in view, not in a toast that closes after a second.
  await expect(sent).toBeInViewport();
  await expect(sent).toContainText('AED 75 for +91 98765 43210 (Jio)');
  await expect(sent).toContainText('at least 3-4 minutes');
  await expect(sent).toContainText('Nothing is deducted from your savings.');
  await expect(form.getByLabel('Mobile number')).toHaveValue('');

  const admin = await openAs(DEMO_ADMIN);
  await admin
    .getByRole('navigation', { name: 'Admin area' })
    .getByRole('link', { name: 'Mobile recharges' })
    .click();
  await expect(admin).toHaveURL(/\/admin\/recharges$/);
  const card = admin.getByRole('listitem').filter({ hasText: RAVI.name });
  await expect(card).toContainText('+91 98765 43210');
  await expect(card).toContainText('Jio');
  await expect(admin).toHaveNoAxeViolations();
  await card.getByRole('button', { name: /^Mark done: Ravi Shankar, AED\s75 for/ }).click();
  const dialog = admin.getByRole('dialog', { name: 'Mark the recharge for Ravi Shankar done' });
  await expect(dialog).toContainText('+91 98765 43210');
  await expect(admin).toHaveNoAxeViolations();
  await dialog.getByLabel("Operator's reference").fill(REFERENCE);
  await dialog.getByRole('button', { name: 'Mark done' }).click();
  await expect(
    admin.getByRole('alert').filter({ hasText: 'The recharge for Ravi Shankar was marked done.' }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card).toHaveCount(0);
  await admin.getByRole('tab', { name: 'Done' }).click();
  await expect(admin.getByRole('listitem').filter({ hasText: RAVI.name })).toContainText(REFERENCE);

  await ravi.goto('/user/mobile-recharge');
  const mine = ravi.getByRole('region', { name: 'Your recharge requests' }).getByRole('listitem');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('+91 98765 43210');
  await expect(mine).toContainText('Done');
  await expect(mine).toContainText(`Reference: ${REFERENCE}`);
  const after = ((await apiAs(ravi, '/api/my-account-data')) as Savings).myAccountData;
  expect(after.account_balance).toBe(before.account_balance);
});

test('a request whose answer is lost on the way back is sent again with its key and made once', async ({
  page,
  consoleErrors,
}) => {
  const member = E2E_MEMBERS.retry;
  await signIn(page, member.email);
  // The first request reaches the server, which makes the recharge request; the answer is
  // then lost (a dropped mobile connection). The app sends it again, with the same key.
  const keys: string[] = [];
  await page.route('**/api/recharge-requests', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length === 1) {
      await route.fetch();
      await route.abort('connectionreset');
    } else {
      await route.continue();
    }
  });
  const form = page.getByRole('region', { name: 'Mobile recharge' });
  await form.getByLabel('Mobile number').fill('9876501234');
  await form.getByLabel('Amount (AED)').fill('20');
  await form.getByLabel('Operator').selectOption('airtel');
  await form.getByRole('button', { name: 'Confirm & Pay' }).click();
  await expect(form.getByRole('status').filter({ hasText: 'Request sent' })).toContainText(
    'AED 20 for +91 98765 01234',
  );
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(keys[1]).toBe(keys[0]);
  await page.unroute('**/api/recharge-requests');
  const mine = (await apiAs(page, '/api/recharge-requests')) as { items: unknown[] };
  expect(mine.items).toHaveLength(1);
  // Chromium logs the dropped connection it was made to see; nothing else may be logged.
  const dropped = consoleErrors.filter((e) => e.includes('net::ERR_CONNECTION_RESET'));
  expect(dropped).toHaveLength(1);
  consoleErrors.splice(consoleErrors.indexOf(dropped[0]!), 1);
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`the recharge pages have no axe violations at ${viewport.width} px`, async ({
    page,
    openAs,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page, RAVI.email);
    // A request waiting for the treasurer, so every list below has one.
    await apiAs(page, '/api/recharge-requests', {
      method: 'POST',
      data: { operator: 'airtel', number: '7012345678', amount: 20 },
    });
    const form = page.getByRole('region', { name: 'Mobile recharge' });
    await expect(form.getByText('From AED 10 to AED 500.')).toBeVisible();
    // With its errors showing, too.
    await form.getByRole('button', { name: 'Confirm & Pay' }).click();
    await expect(form.getByText('Choose an operator: Airtel, Jio, Vi or BSNL.')).toBeVisible();
    await expect(page).toHaveNoAxeViolations();

    await page.goto('/user/mobile-recharge');
    await expect(page.getByRole('heading', { level: 1, name: 'Mobile recharge' })).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Your recharge requests' })
        .getByRole('listitem')
        .filter({ hasText: '+91 70123 45678' })
        .first(),
    ).toContainText('Requested');
    await expect(page).toHaveNoAxeViolations();

    const admin = await openAs(DEMO_ADMIN);
    await admin.setViewportSize(viewport);
    await admin.goto('/admin/recharges');
    await expect(
      admin.getByRole('listitem').filter({ hasText: '+91 70123 45678' }).first(),
    ).toBeVisible();
    await expect(admin).toHaveNoAxeViolations();
  });
}
