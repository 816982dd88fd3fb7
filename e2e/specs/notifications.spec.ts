import type { APIRequestContext, Page } from '@playwright/test';
import { postDuesReceipt } from '../support/dues.ts';
import { aedText, dubaiMonth } from '../support/figures.ts';
import { DEMO_ADMIN, DEMO_PASSWORD, E2E_MEMBERS } from '../support/members.ts';
import { DESKTOP, PHONE, apiAs, expect, signIn, test } from '../support/fixtures.ts';

// grace sends this month's due; the treasurer approves it; grace's bell counts it, she opens
// her notifications and reads it.
const grace = E2E_MEMBERS.notify;

type Notices = { unread: number; items: Array<{ title: string; read: boolean }> };

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function sendThisMonthsDue(page: Page): Promise<{ paymentId: number; due: number }> {
  const token = await page.evaluate(() => localStorage.getItem('ts_token'));
  const account = await page.request.get('/api/my-account-data', {
    headers: { authorization: `Bearer ${token}` },
  });
  const due = ((await account.json()) as { myAccountData: { monthly_due: number } }).myAccountData
    .monthly_due;
  return { paymentId: await postDuesReceipt(page, { month: dubaiMonth().name, amount: due }), due };
}

test('after the treasurer approves her receipt, the member sees it under the bell and reads it', async ({
  page,
}) => {
  const month = dubaiMonth().label;
  const title = `Your due for ${month} is approved`;
  await signIn(page, grace.email);
  const bell = page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
  // Three days before a due day the dues calendar reminds her of the next month's due: read
  // first, so that the bell counts what this test sends.
  await apiAs(page, '/api/notifications/read-all', { method: 'POST' });
  await page.reload();
  await expect(bell).toHaveAccessibleName('Notifications');

  const { paymentId, due } = await sendThisMonthsDue(page);
  const adminToken = await tokenOf(page.request, DEMO_ADMIN);
  const approved = await page.request.post(`/api/admin/payments/${paymentId}/approve`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(approved.ok(), await approved.text()).toBe(true);

  await page.reload();
  // One unread, unless her reminder came meanwhile (the job's first pass of a reminder day).
  const unread = async () => ((await apiAs(page, '/api/notifications')) as Notices).unread;
  const reminders = async () =>
    ((await apiAs(page, '/api/notifications')) as Notices).items.filter(
      (n) => !n.read && n.title.startsWith('Your monthly due falls due on'),
    ).length;
  await expect.poll(unread).toBeGreaterThanOrEqual(1);
  const count = 1 + (await reminders());
  expect(await unread()).toBe(count);
  await expect(bell).toHaveAccessibleName(`Notifications, ${count} unread`);
  await expect(bell).toHaveText(String(count));
  await expect(page).toHaveNoAxeViolations();

  await bell.click();
  await expect(page).toHaveURL(/\/user\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const item = page
    .getByRole('list', { name: 'Your notifications' })
    .getByRole('listitem')
    .filter({ hasText: title });
  // Shown, it is read: the bell says so at once, and the page marks it new until it is left.
  await expect(item.getByRole('heading')).toHaveText(`New: ${title}`);
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(page.getByText('All read')).toBeVisible();
  await expect(item).toContainText(`${aedText(due)} is added to your savings for ${month}.`);
  const share = item.getByRole('link', { name: /^Share on WhatsApp/ });
  await expect(share).toHaveAttribute('target', '_blank');
  await expect(share).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=/);
  expect(decodeURIComponent((await share.getAttribute('href'))!)).toContain(
    `${new URL(page.url()).origin}/user/monthly-pay`,
  );
  await expect(page).toHaveNoAxeViolations();

  // Opening it follows its link: this month is paid.
  await item.getByRole('link', { name: title, exact: true }).click();
  await expect(page).toHaveURL(/\/user\/monthly-pay$/);
  await expect(
    page
      .getByRole('region', { name: 'Monthly dues' })
      .getByRole('listitem')
      .filter({ hasText: month })
      .getByText('Completed', { exact: true }),
  ).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications');
  await bell.click();
  await expect(item.getByRole('heading')).toHaveText(title);
  await expect(page.getByText('All read')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`the bell and the notifications page have no axe violations at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page, grace.email);
    const bell = page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
    await expect(bell).toBeVisible();
    await expect(page).toHaveNoAxeViolations();
    await bell.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    await expect(page).toHaveNoAxeViolations();
  });
}
