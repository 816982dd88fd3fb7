import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { jpegReceipt } from '../support/figures.ts';
import { DEMO_ADMIN, DEMO_CHAIR } from '../support/members.ts';
import { PHONE, apiAs, expect, signIn, test } from '../support/fixtures.ts';

// Issue 34, tried as a new member would: a phone set to Urdu applies to join, the invitation
// comes in Urdu, the set-password page and the first sign-in are in Urdu, and the member pays
// with the payment instructions the treasurer wrote in Urdu. Amounts keep their own order in
// the right-to-left page.

// Flat, as Lingui's extract writes them: an id to its text.
const catalog = (path: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8'));
/** A web feature's texts, by their id without the feature's name. */
const web = (feature: string) =>
  Object.fromEntries(
    Object.entries(catalog(`apps/web/src/features/${feature}/locales/ur.json`)).map(
      ([id, text]) => [id.slice(feature.length + 1), text],
    ),
  );
const publicTexts = web('public');
const dues = web('dues');
const mail = catalog('apps/server/src/features/mail/locales/ur.json');
// The server's sentences, each in the catalog of the feature that says it.
const sentences = {
  ...catalog('apps/server/src/features/auth/locales/ur.json'),
  ...catalog('apps/server/src/features/payments/locales/ur.json'),
};

const URDU_INSTRUCTIONS =
  'امارات این بی ڈی\nاکاؤنٹ کا نام: جمعیہ سیونگز\nآئی بین: AE07 0331 2345 6789 0123 456';

/** The page is Urdu, right to left. */
async function expectUrdu(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'ur');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}

/**
 * Every amount isolated in the page's text (U+2066 ... U+2069) is drawn left to right: its
 * characters stand left to right on the screen, whatever the Urdu around them.
 */
async function expectAmountsLeftToRight(page: Page) {
  const amounts = await page.evaluate(() => {
    const found: Array<{ text: string; xs: number[] }> = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node; (node = walker.nextNode());) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/\u2066([^\u2069]*)\u2069/g)) {
        const xs: number[] = [];
        for (let i = 0; i < match[1]!.length; i++) {
          if (match[1]![i] === ' ' || match[1]![i] === '\u00a0') continue;
          const range = document.createRange();
          const at = match.index! + 1 + i;
          range.setStart(node, at);
          range.setEnd(node, at + 1);
          const box = range.getBoundingClientRect();
          if (box.width > 0) xs.push(box.x);
        }
        found.push({ text: match[1]!, xs });
      }
    }
    return found;
  });
  expect(amounts.length, 'amounts on the page').toBeGreaterThan(0);
  for (const { text, xs } of amounts)
    expect(
      xs.every((x, i) => i === 0 || x > xs[i - 1]!),
      `${text} drawn left to right`,
    ).toBe(true);
}

test.use({ locale: 'ur', viewport: PHONE });

test('a visitor applies in Urdu, is invited in Urdu, and pays with the Urdu instructions', async ({
  page,
  browser,
  mailTo,
}) => {
  test.setTimeout(120_000);
  const visitor = { name: 'عمران خان', email: 'imran.urdu@e2e.example' };
  const password = 'imran-new-pass-2026';

  // The join page, in the phone's language.
  await page.goto('/join');
  await expectUrdu(page);
  await expect(
    page.getByRole('heading', { level: 1, name: publicTexts['join.title'] }),
  ).toBeVisible();
  await page.getByLabel(publicTexts['join.name']!).fill(visitor.name);
  await page.getByLabel(publicTexts['join.email']!).fill(visitor.email);
  await page.getByLabel(publicTexts['join.mobile']!).fill('+971 55 765 4321');
  await page.getByLabel(publicTexts['join.passport']!).fill('PK1234567');
  await page.getByLabel(publicTexts['join.address']!).fill('Deira, Dubai');
  await page.getByRole('button', { name: publicTexts['join.submit'] }).click();
  await expect(page.getByRole('status', { name: publicTexts['join.doneTitle'] })).toBeVisible();

  // The treasurer accepts, and has written where to send the money in Urdu.
  const admin = await browser.newPage({ locale: 'en' });
  await signIn(admin, DEMO_ADMIN);
  const { items } = (await apiAs(admin, '/api/admin/applications?status=pending')) as {
    items: { id: number; email: string }[];
  };
  const application = items.find((a) => a.email === visitor.email)!;
  await apiAs(admin, `/api/admin/applications/${application.id}/accept`, { method: 'POST' });
  const settings = (await apiAs(admin, '/api/admin/settings')) as Record<string, unknown> & {
    loan_policy: Record<string, unknown>;
    translations: Record<string, Record<string, string>>;
  };
  const { updated_at: _u, currency: _c, ...editable } = settings;
  const { interest_rate_percent: _r, ...policy } = settings.loan_policy;
  // Where members send money is two admins' (issue 50): the treasurer proposes, the chair
  // confirms by repeating it.
  const chair = await browser.newPage({ locale: 'en' });
  await signIn(chair, DEMO_CHAIR);
  const byTwo = async (data: unknown) => {
    for (const who of [admin, chair])
      await apiAs(who, '/api/admin/settings', { method: 'PUT', data });
  };
  await byTwo({
    ...editable,
    loan_policy: policy,
    translations: {
      ...settings.translations,
      ur: { ...settings.translations.ur, payment_instructions: URDU_INSTRUCTIONS },
    },
  });

  try {
    // The invitation, in Urdu.
    const invitation = await mailTo(visitor.email);
    expect(invitation.subject).toContain('اپنا پاس ورڈ سیٹ کریں');
    expect(invitation.text).toContain(mail['mail.dear']!.replace('{name}', visitor.name));

    // The set-password page and the first sign-in, in Urdu.
    await page.goto(invitation.link!);
    await expectUrdu(page);
    await page.getByLabel(publicTexts['setPassword.password']!, { exact: true }).fill(password);
    await page.getByLabel(publicTexts['setPassword.confirm']!).fill(password);
    await page.getByRole('button', { name: publicTexts['setPassword.submit'] }).click();
    await expect(page).toHaveURL(/\/user$/);
    await expectUrdu(page);
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: sentences['Your password is set, and you are signed in.']! }),
    ).toBeVisible();

    // Paying the month's due, with the Urdu instructions in the form.
    await page.goto('/user/monthly-pay');
    await expectUrdu(page);
    await expect(page.getByText(/AED/).first()).toBeVisible();
    await expectAmountsLeftToRight(page);
    await page.getByRole('button', { name: dues['actions.payDue'] }).click();
    const dialog = page.getByRole('dialog', { name: dues['form.title'] });
    await expect(dialog.getByText('اکاؤنٹ کا نام: جمعیہ سیونگز')).toBeVisible();
    await expect(dialog.getByText(dues['instructions.inEnglish']!)).toHaveCount(0);
    await dialog.getByLabel(dues['form.accountNumber']!).fill('AE07 0331 2345 6789 0123 456');
    // The first month the new member owes.
    const month = dialog.getByLabel(dues['form.month']!);
    await month.selectOption({ index: 1 });
    await dialog.getByLabel(dues['form.receipt']!).setInputFiles({
      name: 'receipt.jpg',
      mimeType: 'image/jpeg',
      buffer: await jpegReceipt(),
    });
    await dialog.getByLabel(dues['form.amount']!).fill('200');
    await dialog.getByRole('button', { name: dues['form.submit'] }).click();
    const submitted =
      'Your payment was submitted. It is added to your balance when the committee approves it.';
    await expect(page.getByRole('alert').filter({ hasText: sentences[submitted]! })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expectAmountsLeftToRight(page);
  } finally {
    // The other specs read the demo's settings as they were.
    await byTwo({ ...editable, loan_policy: policy });
    await admin.close();
    await chair.close();
  }
});
