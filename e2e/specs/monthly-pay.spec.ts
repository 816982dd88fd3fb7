import type { Page } from '@playwright/test';
import { aedText, dubaiMonth, jpegReceipt } from '../support/figures.ts';
import { E2E_MEMBERS } from '../support/members.ts';
import { apiAs, expect, signIn, test } from '../support/fixtures.ts';

// nadia joined two months ago and has paid nothing: three unpaid months, the newest this one.
const member = E2E_MEMBERS.dues;

type Payments = {
  items: {
    kind: string;
    period: string | null;
    amount: number;
    account_number: string | null;
    status: string;
    receipt_url: string | null;
  }[];
};

async function openMonthlyPay(page: Page) {
  await signIn(page, member.email);
  await page
    .getByRole('navigation', { name: 'Member area' })
    .getByRole('link', { name: 'Monthly Pay' })
    .click();
  await expect(page).toHaveURL(/\/user\/monthly-pay$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Monthly Pay' })).toBeVisible();
}

async function openPaymentModal(page: Page) {
  await page.getByRole('button', { name: 'Pay monthly due' }).click();
  const dialog = page.getByRole('dialog', { name: 'Monthly Payment' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('submitting the Monthly Payment form empty shows every field error and keeps it open', async ({
  page,
}) => {
  await openMonthlyPay(page);
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST') posts.push(r.url());
  });
  const dialog = await openPaymentModal(page);
  // No month is preselected (spec section 5); the amount starts at the monthly due.
  await expect(dialog.getByLabel('Month')).toHaveValue('');
  await dialog.getByLabel('Amount (AED)').clear();
  await dialog.getByRole('button', { name: 'Send payment' }).click();

  await expect(dialog.getByText('Account number is required.')).toBeVisible();
  await expect(dialog.getByText('Choose a month.')).toBeVisible();
  await expect(dialog.getByText('Attach the receipt (a photo or a PDF).')).toBeVisible();
  await expect(dialog.getByText('Enter an amount in AED.')).toBeVisible();
  for (const label of ['Account number', 'Month', 'Receipt (photo or PDF)', 'Amount (AED)']) {
    await expect(dialog.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
  }
  await expect(dialog).toBeVisible();
  expect(posts).toEqual([]);
});

test('pays this month with a receipt and sees it Under review', async ({ page }) => {
  const month = dubaiMonth();
  await openMonthlyPay(page);
  const { myAccountData } = (await apiAs(page, '/api/my-account-data')) as {
    myAccountData: { monthly_due: number };
  };
  const due = myAccountData.monthly_due;
  const rows = page.getByRole('region', { name: 'Monthly dues' });
  const thisMonth = rows.getByRole('listitem').filter({ hasText: month.label });
  // This month is unpaid: the spec's Pay Now button.
  await expect(thisMonth.getByRole('button', { name: 'Pay Now' })).toBeVisible();

  const dialog = await openPaymentModal(page);
  await dialog.getByLabel('Account number').fill('AE07 0331 2345 6789 0123 456');
  await dialog.getByLabel('Month').selectOption(month.name);
  await dialog.getByLabel('Receipt (photo or PDF)').setInputFiles({
    name: 'receipt.jpg',
    mimeType: 'image/jpeg',
    buffer: await jpegReceipt(),
  });
  await expect(dialog.getByRole('img', { name: 'Your receipt' })).toBeVisible();
  await expect(dialog.getByText(/^receipt\.jpg \(/)).toBeVisible();
  await dialog.getByLabel('Amount (AED)').fill(String(due));
  await dialog.getByRole('button', { name: 'Send payment' }).click();

  await expect(
    page.getByRole('alert').filter({ hasText: 'Your payment was submitted.' }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(thisMonth.getByText('Under review', { exact: true })).toBeVisible();
  await expect(thisMonth.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  const history = page.getByRole('region', { name: 'My payments' });
  const sent = history.getByRole('listitem').filter({ hasText: `Due for ${month.label}` });
  await expect(sent).toContainText(aedText(due));
  await expect(sent.getByText('Under review', { exact: true })).toBeVisible();

  const { items } = (await apiAs(page, '/api/my-payments')) as Payments;
  expect(items).toHaveLength(1);
  expect(items[0]).toMatchObject({
    kind: 'dues',
    period: month.period,
    amount: due,
    account_number: 'AE07 0331 2345 6789 0123 456',
    status: 'pending',
  });
  expect(items[0]?.receipt_url).toMatch(/^\/api\/files\/./);
});
