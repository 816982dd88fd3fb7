import type { Page } from '@playwright/test';
import { aedText, dubaiMonth, jpegReceipt } from '../support/figures.ts';
import { DEMO_ADMIN, E2E_MEMBERS } from '../support/members.ts';
import { apiAs, expect, signIn, test } from '../support/fixtures.ts';
import { approveDues, sendPayment } from '../support/dues.ts';

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
  // No month is preselected (docs/product.md 10.5); the amount starts at the monthly due.
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
  await sendPayment(page, dialog, {
    month: month.period,
    amount: due,
    receipt: await jpegReceipt(),
  });
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

// amina (demo data) has an active loan and this month to pay: Pay Now is about the month.
test('Pay Now on this month opens the dues form for this month, not the loan form', async ({
  page,
}) => {
  const month = dubaiMonth();
  await signIn(page, 'amina@jamiya.example');
  await page.goto('/user/monthly-pay');
  const { myAccountData } = (await apiAs(page, '/api/my-account-data')) as {
    myAccountData: { monthlyPaymentData: { period: string; remaining: number }[] };
  };
  const row = myAccountData.monthlyPaymentData.find((r) => r.period === month.period);
  const thisMonth = page
    .getByRole('region', { name: 'Monthly dues' })
    .getByRole('listitem')
    .filter({ hasText: month.label });
  await thisMonth.getByRole('button', { name: 'Pay Now' }).click();

  const dialog = page.getByRole('dialog', { name: 'Monthly Payment' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Month')).toHaveValue(month.period);
  await expect(dialog.getByLabel('Amount (AED)')).toHaveValue(String(row!.remaining));
  await expect(dialog.getByLabel('Receipt (photo or PDF)')).toBeVisible();
  await expect(dialog.getByLabel('Account number')).toBeVisible();
  await expect(
    dialog.getByRole('region', { name: 'Where to send the money' }).getByRole('listitem').first(),
  ).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Repay your loan' })).toHaveCount(0);
  // Repaying the loan is its own button beside the dues.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Repay loan' })).toBeVisible();
});

// sunita joined two months ago and has paid nothing. She pays this month in two parts.
test('pays part of this month, sees what is left after approval, and completes it', async ({
  page,
  openAs,
}) => {
  test.setTimeout(90_000);
  const sunita = E2E_MEMBERS.partpay;
  const month = dubaiMonth();
  await signIn(page, sunita.email);
  await page.goto('/user/monthly-pay');
  await expect(page.getByRole('heading', { level: 1, name: 'Monthly Pay' })).toBeVisible();
  const { myAccountData } = (await apiAs(page, '/api/my-account-data')) as {
    myAccountData: { monthly_due: number };
  };
  const due = myAccountData.monthly_due;
  const first = 120;
  const left = due - first;
  expect(left, 'the monthly due is more than the first part').toBeGreaterThan(0);
  const thisMonth = page
    .getByRole('region', { name: 'Monthly dues' })
    .getByRole('listitem')
    .filter({ hasText: month.label });

  const pay = async (amount: number, receipt: Buffer, prefilled: number) => {
    await thisMonth.getByRole('button', { name: 'Pay Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Monthly Payment' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Month')).toHaveValue(month.period);
    await expect(dialog.getByLabel('Amount (AED)')).toHaveValue(String(prefilled));
    await sendPayment(page, dialog, { amount, receipt });
    await expect(thisMonth.getByText('Under review', { exact: true })).toBeVisible();
  };

  // First part: 120 of the month's due.
  await pay(first, await jpegReceipt(), due);

  const admin = await openAs(DEMO_ADMIN);
  await approveDues(admin, sunita.name, month.label, first);

  // The month is still to pay, with what is left.
  await page.reload();
  await expect(
    thisMonth.getByText(`Part paid: ${aedText(first)} of ${aedText(due)}`),
  ).toBeVisible();
  await expect(thisMonth.getByText(`${aedText(left)} left`)).toBeVisible();
  await expect(thisMonth.getByRole('button', { name: 'Pay Now' })).toBeVisible();

  // More than is left is refused in the form, before anything is sent.
  await thisMonth.getByRole('button', { name: 'Pay Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Monthly Payment' });
  await expect(dialog.getByLabel('Amount (AED)')).toHaveValue(String(left));
  await dialog.getByLabel('Amount (AED)').fill(String(left + 1));
  await dialog.getByRole('button', { name: 'Send payment' }).click();
  await expect(
    dialog.getByText(
      `Only ${aedText(left)} is left to pay for ${month.label}. Enter ${aedText(left)} or less.`,
    ),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Second part: what is left.
  await pay(left, await jpegReceipt(), left);
  await approveDues(admin, sunita.name, month.label, left);

  await page.reload();
  await expect(thisMonth.getByText('Completed', { exact: true })).toBeVisible();
  await expect(thisMonth.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  const { items } = (await apiAs(page, '/api/my-payments')) as Payments;
  expect(items.map((p) => [p.period, p.amount, p.status])).toEqual([
    [month.period, left, 'approved'],
    [month.period, first, 'approved'],
  ]);
});
