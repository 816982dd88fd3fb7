import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { aedText, jpegReceipt } from './figures.ts';
import { expect } from './fixtures.ts';

// The steps of paying a due, as a member and the treasurer take them (monthly-pay.spec.ts,
// pay-ahead.spec.ts).

/** A receipt's file, as the API's multipart form takes it. */
type ReceiptFile = { name: string; mimeType: string; buffer: Buffer };

/**
 * The page's member sends a receipt for `month`'s due through the API, as the form does (a
 * photo of a transfer unless `photo` says): the id of the payment it makes.
 */
export async function postDuesReceipt(
  page: Page,
  receipt: { month: string; amount: number; photo?: ReceiptFile },
): Promise<number> {
  const token = await page.evaluate(() => localStorage.getItem('ts_token'));
  return postReceiptAs(page.request, token!, receipt);
}

/** As postDuesReceipt, for the member signed in with `token`; `transferDate` as the form's. */
export async function postReceiptAs(
  request: APIRequestContext,
  token: string,
  {
    month,
    amount,
    photo,
    transferDate,
  }: { month: string; amount: number; photo?: ReceiptFile; transferDate?: string },
): Promise<number> {
  const res = await request.post('/api/save-monthly-payment', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      month,
      payment_amount: String(amount),
      account_number: 'AE07 0331 2345 6789 0123 456',
      ...(transferDate === undefined ? {} : { transfer_date: transferDate }),
      photo: photo ?? { name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: await jpegReceipt() },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { payment: { id: number } }).payment.id;
}

/**
 * Fills the open Monthly Payment form (choosing `month` when given, else keeping the one it
 * has), sees the receipt's preview, sends it and sees the confirmation as the form closes.
 */
export async function sendPayment(
  page: Page,
  dialog: Locator,
  { month, amount, receipt }: { month?: string; amount: number; receipt: Buffer },
) {
  await fillForm(dialog, receipt, month);
  await expect(dialog.getByRole('img', { name: 'Your receipt' })).toBeVisible();
  await expect(dialog.getByText(/^receipt\.jpg \(/)).toBeVisible();
  await dialog.getByLabel('Amount (AED)').fill(String(amount));
  await dialog.getByRole('button', { name: 'Send payment' }).click();
  // The toast of a payment sent a moment before may still show beside this one's.
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your payment was submitted.' }).first(),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
}

/**
 * Fills the open Monthly Payment form (choosing `month` when given) and sees the receipt's size
 * to send: a form that may have no network to send it (offline-payment.spec.ts, shared-phone).
 */
export async function fillPayment(dialog: Locator, month?: { period: string }): Promise<void> {
  await fillForm(dialog, await jpegReceipt(), month?.period);
  await expect(dialog.getByText(/^To send: [\d.]+ kB$/)).toBeVisible();
}

/** The account number, the month when given, and the receipt, in the open form. */
async function fillForm(dialog: Locator, receipt: Buffer, month?: string): Promise<void> {
  await dialog.getByLabel('Account number').fill('AE07 0331 2345 6789 0123 456');
  if (month) await dialog.getByLabel('Month').selectOption(month);
  await dialog.getByLabel('Receipt (photo or PDF)').setInputFiles({
    name: 'receipt.jpg',
    mimeType: 'image/jpeg',
    buffer: receipt,
  });
}

/** "Approve anyway": asked when a bank statement covers the receipt's date but not its money. */
const anyway = (admin: Page) => admin.getByRole('button', { name: 'Approve anyway' });

/**
 * Waits for `approved`, saying "Approve anyway" first if asked: admin-bank.spec leaves a
 * statement covering today, which the receipts of the specs after it are not in.
 */
export async function approveAnywayIfAsked(admin: Page, approved: Locator) {
  await expect(approved.or(anyway(admin)).first()).toBeVisible();
  if (await anyway(admin).isVisible()) await anyway(admin).click();
  await expect(approved).toBeVisible();
}

/** The treasurer approves `name`'s receipt for `label`, confirming a part payment if asked. */
export async function approveDues(admin: Page, name: string, label: string, amount: number) {
  await admin.goto('/admin/payments');
  await expect(admin.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
  const submission = admin
    .getByRole('list', { name: 'Pending submissions' })
    .getByRole('button')
    .filter({ hasText: name })
    .filter({ hasText: `Dues for ${label}` });
  await expect(submission).toContainText(aedText(amount));
  await submission.click();
  const panel = admin.getByRole('region', { name: 'Submission' });
  await panel.getByRole('button', { name: 'Approve', exact: true }).click();
  // A payment that leaves part of the month unpaid is asked about once.
  const approved = admin.getByRole('alert').filter({ hasText: 'The payment was approved.' });
  const partPayment = admin.getByRole('button', { name: /part payment/i });
  await expect(approved.or(partPayment).or(anyway(admin)).first()).toBeVisible();
  if (await partPayment.isVisible()) await partPayment.click();
  await approveAnywayIfAsked(admin, approved);
  await expect(submission).toHaveCount(0);
}
