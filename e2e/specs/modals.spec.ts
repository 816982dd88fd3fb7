import type { Locator, Page } from '@playwright/test';
import { dubaiMonth, jpegReceipt } from '../support/figures.ts';
import { DEMO_PASSWORD } from '../support/members.ts';
import { expect, test } from '../support/fixtures.ts';

// amina (demo data) has this month to pay. Nothing is sent: the submission is answered here.
const AMINA = 'amina@jamiya.example';

test.beforeEach(async ({ page, request }) => {
  const res = await request.post('/api/login', {
    data: { email: AMINA, password: DEMO_PASSWORD },
  });
  expect(res.ok()).toBe(true);
  const token = ((await res.json()) as { access_token: string }).access_token;
  await page.addInitScript((t) => localStorage.setItem('ts_token', t), token);
});

/** The Monthly Payment form filled in, with a receipt attached. */
async function filledPaymentForm(page: Page): Promise<Locator> {
  await page.goto('/user/monthly-pay');
  await page.getByRole('button', { name: 'Pay monthly due' }).click();
  const dialog = page.getByRole('dialog', { name: 'Monthly Payment' });
  await dialog.getByLabel('Account number').fill('AE07 0331 2345 6789 0123 456');
  await dialog.getByLabel('Month').selectOption(dubaiMonth().period);
  await dialog.getByLabel('Receipt (photo or PDF)').setInputFiles({
    name: 'receipt.jpg',
    mimeType: 'image/jpeg',
    buffer: await jpegReceipt(),
  });
  await expect(dialog.getByRole('img', { name: 'Your receipt' })).toBeVisible();
  return dialog;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
  { width: 320, height: 568 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('the form with a receipt keeps Send and Cancel in view; its body scrolls', async ({
      page,
    }) => {
      const dialog = await filledPaymentForm(page);
      await expect(dialog.getByRole('button', { name: 'Send payment' })).toBeInViewport({
        ratio: 1,
      });
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport({ ratio: 1 });
      // The first field scrolls away under the title; the buttons stay.
      await dialog.getByLabel('Amount (AED)').scrollIntoViewIfNeeded();
      await expect(dialog.getByRole('heading', { name: 'Monthly Payment' })).toBeInViewport();
      await expect(dialog.getByRole('button', { name: 'Close', exact: true })).toBeInViewport({
        ratio: 1,
      });
      await expect(dialog.getByRole('button', { name: 'Send payment' })).toBeInViewport({
        ratio: 1,
      });
    });

    test('a toast raised in the form covers neither its title nor its close button', async ({
      page,
    }) => {
      const dialog = await filledPaymentForm(page);
      await page.route('**/api/save-monthly-payment', (route) =>
        route.fulfill({
          status: 429,
          contentType: 'application/json',
          body: JSON.stringify({ status_code: 429, message: 'Too many receipts this hour.' }),
        }),
      );
      await dialog.getByRole('button', { name: 'Send payment' }).click();
      const toast = dialog.getByRole('alert').filter({ hasText: 'Too many receipts this hour.' });
      await expect(toast).toBeVisible();
      const box = (await toast.boundingBox())!;
      for (const covered of [
        dialog.getByRole('heading', { name: 'Monthly Payment' }),
        dialog.getByRole('button', { name: 'Close', exact: true }),
        dialog.getByRole('button', { name: 'Send payment' }),
      ]) {
        expect(overlaps(box, (await covered.boundingBox())!), await covered.innerText()).toBe(
          false,
        );
      }
      // What the member typed is still there.
      await expect(dialog.getByLabel('Account number')).toHaveValue('AE07 0331 2345 6789 0123 456');
    });
  });
}
