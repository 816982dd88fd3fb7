import type { APIRequestContext } from '@playwright/test';
import {
  receiptText,
  sentAgain,
  templateReceipt,
} from '../../apps/server/test/support/template-receipts.ts';
import { DESKTOP, PHONE, expect, test } from '../support/fixtures.ts';
import { DEMO_ADMIN, DEMO_PASSWORD } from '../support/members.ts';
import { serverWithoutMail } from '../support/run-server.ts';

// Issue 50, point 11: receipts of one exchange house's template, each with its own date,
// amount, reference and member ID, are not duplicates of each other; the same receipt sent
// again is, and the queue says so in one line. On a server of its own: its members and their
// receipts stay out of the other specs' review queue.

const server = serverWithoutMail();

const PASSWORD = 'template-receipts-2026';

/** A member the admin opens, who sets a password with the link handed over and signs in. */
async function newMember(api: APIRequestContext, admin: string, n: number): Promise<string> {
  const opened = await api.post(`${server.base}/api/admin/members`, {
    headers: { authorization: `Bearer ${admin}` },
    data: {
      name: `Template Sender ${n}`,
      email: `template${n}@e2e.example`,
      mobile: `050 100 20${n}${n}`,
    },
  });
  expect(opened.ok(), await opened.text()).toBe(true);
  const { handover } = (await opened.json()) as {
    handover: { set_password_link: { url: string } };
  };
  const token = new URL(handover.set_password_link.url).searchParams.get('token');
  const set = await api.post(`${server.base}/api/password/set`, {
    data: { token, password: PASSWORD, password_confirmation: PASSWORD },
  });
  expect(set.ok(), await set.text()).toBe(true);
  return signIn(api, `template${n}@e2e.example`, PASSWORD);
}

async function signIn(api: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await api.post(`${server.base}/api/login`, { data: { email, password } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function sendDues(api: APIRequestContext, token: string, receipt: Buffer) {
  const month = new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'Asia/Dubai' }).format(
    new Date(),
  );
  const res = await api.post(`${server.base}/api/save-monthly-payment`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      month,
      payment_amount: '200',
      account_number: 'AE07 0331 2345 6789 0123 456',
      photo: { name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: receipt },
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

test('receipts of one template are not duplicates; the same receipt sent again is, in one line', async ({
  openAs,
  playwright,
}) => {
  test.setTimeout(120_000);
  const api = await playwright.request.newContext();
  const admin = await signIn(api, DEMO_ADMIN, DEMO_PASSWORD);
  const receipts = await Promise.all([0, 1, 2, 3].map((n) => templateReceipt(receiptText(n))));
  for (const [n, receipt] of receipts.entries())
    await sendDues(api, await newMember(api, admin, n), receipt);
  // Receipt 1 again, as a messenger re-sends it, by two other members.
  const copies = await sentAgain(receipts[1]!);
  await sendDues(api, await newMember(api, admin, 4), copies['40 % size, JPEG 40']!);
  await sendDues(api, await newMember(api, admin, 5), copies.PNG!);
  await api.dispose();

  for (const viewport of [DESKTOP, PHONE]) {
    const page = await openAs(DEMO_ADMIN, viewport, server.base);
    await page.goto('/admin/payments');
    const queue = page.getByRole('list', { name: /submissions$/ });
    const items = queue.getByRole('listitem').filter({ hasText: 'Template Sender' });
    await expect(items).toHaveCount(6);
    const warned = items.filter({ hasText: 'Possible duplicate receipt' });
    await expect(warned).toHaveCount(3);
    // Each look-alike of receipt 1 names one other and counts the rest: one line a receipt.
    await expect(warned.filter({ hasText: 'and by 1 other submission' })).toHaveCount(3);
    const plain = await items.filter({ hasNotText: 'Possible duplicate' }).allTextContents();
    expect(plain.map((text) => /Template Sender \d/.exec(text)?.[0]).sort()).toEqual([
      'Template Sender 0',
      'Template Sender 2',
      'Template Sender 3',
    ]);
    await expect(page).toHaveNoAxeViolations();
    await page.screenshot({
      path: `.tmp/shots/template-receipts-${viewport.width}.png`,
      fullPage: true,
    });
  }
});
