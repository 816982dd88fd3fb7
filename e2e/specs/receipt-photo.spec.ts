import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { heicSample } from '../../apps/server/test/support/uploads.ts';
import { dubaiMonth, dubaiMonthBefore, receiptPhoto } from '../support/figures.ts';
import { E2E_MEMBERS } from '../support/members.ts';
import { expect, signIn, test } from '../support/fixtures.ts';
import { openPhone } from '../support/phone.ts';

// A receipt photo from a phone's camera weighs megabytes; members pay for their data. Before it
// is sent it is shrunk on the phone, in a worker, to at most 1600 px and 300 KB
// (apps/web/src/lib/shrink-photo.ts), with the size shown and the upload's progress (issue 24,
// point 4).
const MAX_BYTES = 300 * 1024;

/**
 * Keeps each file the page uploads (through XMLHttpRequest, which tells the progress): Chromium
 * reports no body for a multipart request built from a File.
 */
async function recordUploads(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const sent: File[] = [];
    Object.assign(window, { sentFiles: sent });
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body) {
      if (body instanceof FormData)
        for (const value of body.values()) if (value instanceof File) sent.push(value);
      return send.call(this, body);
    };
  });
}

/** The last file the page uploaded, as it left the page. */
async function lastUpload(page: Page): Promise<{ name: string; type: string; bytes: Buffer }> {
  const file = await page.evaluate(async () => {
    const sent = (window as unknown as { sentFiles: File[] }).sentFiles;
    const last = sent[sent.length - 1]!;
    let text = '';
    for (const byte of new Uint8Array(await last.arrayBuffer())) text += String.fromCharCode(byte);
    return { name: last.name, type: last.type, base64: btoa(text) };
  });
  return { name: file.name, type: file.type, bytes: Buffer.from(file.base64, 'base64') };
}

test('a 12-megapixel camera photo goes up as at most 300 KB and stays readable, with its progress shown', async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const camera = await receiptPhoto();
  expect(camera.length).toBeGreaterThan(3 * 1024 * 1024);
  // A phone: a touch screen, which the camera button is offered on.
  const { page, close } = await openPhone(browser);
  await recordUploads(page);
  await signIn(page, E2E_MEMBERS.photo.email);
  await page.goto('/user/monthly-pay');
  await page.getByRole('button', { name: 'Pay monthly due' }).click();
  const dialog = page.getByRole('dialog', { name: 'Monthly Payment' });
  // The camera, or the gallery and files.
  const cameraInput = dialog.getByLabel('Take a photo');
  await expect(cameraInput).toHaveAttribute('capture', 'environment');
  await expect(cameraInput).toHaveAttribute('accept', 'image/*');
  await expect(dialog.getByLabel('Receipt (photo or PDF)')).toHaveAttribute(
    'accept',
    'image/*,application/pdf',
  );
  await dialog.getByLabel('Month').selectOption(dubaiMonth().period);
  await dialog.getByLabel('Account number').fill('AE07 0331 2345 6789 0123 456');
  await cameraInput.setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: camera });
  // The form says what will be sent, once the photo is ready.
  const size = dialog.getByText(/^To send: [\d.]+ kB$/);
  await expect(size).toBeVisible({ timeout: 30_000 });
  expect(Number((await size.textContent())?.match(/\d+/)?.[0])).toBeLessThanOrEqual(300);

  // On a slow mobile network the upload takes seconds: its progress is shown meanwhile.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: 50_000,
    uploadThroughput: 50_000,
  });
  await dialog.getByRole('button', { name: 'Send payment' }).click();
  await expect(dialog.getByText(/^Sending: \d+\s%$/)).toBeVisible();
  await expect(dialog.getByRole('progressbar')).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your payment was submitted.' }),
  ).toBeVisible({ timeout: 30_000 });

  const photo = await lastUpload(page);
  expect(photo).toMatchObject({ name: 'IMG_2041.jpg', type: 'image/jpeg' });
  expect(photo.bytes.length).toBeGreaterThan(50_000);
  expect(photo.bytes.length).toBeLessThanOrEqual(MAX_BYTES);
  const { width, height } = await sharp(photo.bytes).metadata();
  expect(Math.max(width!, height!)).toBeLessThanOrEqual(1600);
  // Kept for a person to look at: the print must read as well as on the original.
  fs.mkdirSync(testInfo.outputDir, { recursive: true });
  fs.writeFileSync(path.join(testInfo.outputDir, 'sent-receipt.jpg'), photo.bytes);
  await close();
});

test('a photo the browser cannot read (HEIC) goes as it is', async ({ browser }) => {
  const { page, close } = await openPhone(browser);
  await recordUploads(page);
  const heic = await heicSample();
  await signIn(page, E2E_MEMBERS.photo.email);
  await page.goto('/user/monthly-pay');
  await page.getByRole('button', { name: 'Pay monthly due' }).click();
  const dialog = page.getByRole('dialog', { name: 'Monthly Payment' });
  await dialog.getByLabel('Receipt (photo or PDF)').setInputFiles({
    name: 'IMG_0001.HEIC',
    mimeType: 'image/heic',
    buffer: heic,
  });
  await expect(dialog.getByText('To send: 0.9 kB')).toBeVisible();
  await dialog.getByLabel('Month').selectOption(dubaiMonthBefore(1).period);
  await dialog.getByLabel('Account number').fill('AE07 0331 2345 6789 0123 456');
  await dialog.getByRole('button', { name: 'Send payment' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your payment was submitted.' }),
  ).toBeVisible();
  const photo = await lastUpload(page);
  expect(photo.name).toBe('IMG_0001.HEIC');
  expect(photo.bytes.equals(heic)).toBe(true);
  await close();
});
