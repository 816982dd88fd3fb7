import type { Page } from '@playwright/test';
import { fillPayment } from '../support/dues.ts';
import { dubaiMonth, dubaiMonthBefore } from '../support/figures.ts';
import { E2E_MEMBERS } from '../support/members.ts';
import { apiAs, expect, signIn, test } from '../support/fixtures.ts';
import { openPhone } from '../support/phone.ts';

// A payment made without a network waits on the phone with its Idempotency-Key, and is sent
// when the network is back, once (issue 24, point 3). meera joined two months ago: three months
// to pay.
const member = E2E_MEMBERS.outbox;

type Payments = { items: { period: string | null; status: string; amount: number }[] };

async function payOffline(page: Page, month: { period: string }): Promise<void> {
  await page.getByRole('button', { name: 'Pay monthly due' }).click();
  const dialog = page.getByRole('dialog', { name: 'Monthly Payment' });
  await expect(dialog.getByText('You are offline. Your payment will be kept')).toBeVisible();
  await fillPayment(dialog, month);
  await dialog.getByRole('button', { name: 'Send payment' }).click();
  // The toast of an earlier payment may still be there: the list of waiting payments (checked
  // by the test) tells each one apart.
  await expect(
    page.getByRole('alert').filter({ hasText: 'your payment is kept on this phone' }).first(),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function paymentsOf(page: Page, period: string) {
  const { items } = (await apiAs(page, '/api/my-payments')) as Payments;
  return items.filter((p) => p.period === period);
}

test('a payment made offline waits on the phone, can be cancelled, and is sent once online', async ({
  browser,
}) => {
  const { page, close } = await openPhone(browser);
  const oldest = dubaiMonthBefore(2);
  const last = dubaiMonthBefore(1);
  await signIn(page, member.email);
  await page.goto('/user/monthly-pay');
  await expect(page.getByRole('heading', { level: 1, name: 'Monthly Pay' })).toBeVisible();

  // The member starts the form with a signal (its code comes), then loses it.
  await page.getByRole('button', { name: 'Pay monthly due' }).click();
  await page
    .getByRole('dialog', { name: 'Monthly Payment' })
    .getByLabel('Month')
    .selectOption(oldest.period);
  await page.waitForLoadState('networkidle');
  await page
    .getByRole('dialog', { name: 'Monthly Payment' })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await page.context().setOffline(true);
  await payOffline(page, oldest);
  await payOffline(page, last);
  const waiting = page.getByRole('region', { name: 'Waiting to send' });
  await expect(waiting.getByRole('listitem')).toHaveCount(2);
  await expect(waiting).toContainText(`Monthly due for ${oldest.label}: AED 200`);
  await expect(waiting).toContainText(`Monthly due for ${last.label}: AED 200`);
  // Their months say so, and offer no second payment.
  const rows = page.getByRole('region', { name: 'Monthly dues' });
  await expect(rows.getByRole('listitem').filter({ hasText: oldest.label })).toContainText(
    'Waiting to send',
  );

  // The member changes his mind about one of them.
  await waiting
    .getByRole('listitem')
    .filter({ hasText: last.label })
    .getByRole('button', { name: 'Cancel payment' })
    .click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The payment was cancelled. Nothing was sent.' }),
  ).toBeVisible();
  await expect(waiting.getByRole('listitem')).toHaveCount(1);

  // Two tabs are open when the network comes back: both try, the money moves once.
  const second = await page.context().newPage();
  await second.goto('/user/monthly-pay').catch(() => undefined);
  const sent: string[] = [];
  page.context().on('request', (request) => {
    if (request.url().endsWith('/api/save-monthly-payment'))
      sent.push(request.headers()['idempotency-key'] ?? 'none');
  });
  await page.context().setOffline(false);
  await second.reload();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your payment was submitted.' }).first(),
  ).toBeVisible();
  await expect(waiting).toBeHidden();
  expect(new Set(sent).size, 'one Idempotency-Key for the one payment').toBe(1);
  expect(sent[0]).toMatch(/^[0-9a-f]{32}$/);
  const recorded = await paymentsOf(page, oldest.period);
  expect(recorded).toHaveLength(1);
  expect(recorded[0]).toMatchObject({ status: 'pending', amount: 200 });
  expect(await paymentsOf(page, last.period)).toHaveLength(0);
  await expect(rows.getByRole('listitem').filter({ hasText: oldest.label })).toContainText(
    'Under review',
  );
  await close();
});

test('an answer lost on the way: the payment waits with its key, and "Send now" moves the money once', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const { page, close } = await openPhone(browser);
  const month = dubaiMonth();
  await signIn(page, E2E_MEMBERS.lostAnswer.email);
  await page.goto('/user/monthly-pay');
  await expect(page.getByRole('heading', { level: 1, name: 'Monthly Pay' })).toBeVisible();
  // The server gets each attempt and records the payment; its answer never reaches the phone.
  let attempts = 0;
  await page.route('**/api/save-monthly-payment', async (route) => {
    attempts++;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.getByRole('button', { name: 'Pay monthly due' }).click();
  const dialog = page.getByRole('dialog', { name: 'Monthly Payment' });
  await fillPayment(dialog, month);
  await dialog.getByRole('button', { name: 'Send payment' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'your payment is kept on this phone' }),
  ).toBeVisible({ timeout: 20_000 });
  expect(attempts).toBe(3);
  const waiting = page.getByRole('region', { name: 'Waiting to send' });
  await expect(waiting).toContainText(`Monthly due for ${month.label}: AED 200`);

  await page.unroute('**/api/save-monthly-payment');
  await waiting.getByRole('button', { name: 'Send now' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your payment was submitted.' }),
  ).toBeVisible();
  await expect(waiting).toBeHidden();
  const recorded = await paymentsOf(page, month.period);
  expect(recorded).toHaveLength(1);
  expect(recorded[0]).toMatchObject({ status: 'pending' });
  await close();
});
