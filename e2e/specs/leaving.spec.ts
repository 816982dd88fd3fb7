import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { apiAs, expect, test } from '../support/fixtures.ts';
import { DEMO_ADMIN, DEMO_CHAIR, E2E_MEMBERS } from '../support/members.ts';

// Issue 39, leaving (docs/domain/leaving.md): a member who reads the app in Malayalam sees what
// leaving pays, asks to leave, is paid out by two admins, and downloads the clearance letter in
// Malayalam; the account is read-only after. Her past: e2e/support/members.ts (AED 800 saved).

const catalog = (dir: string): Record<string, string> =>
  JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, '../..', dir, 'ml.json'), 'utf8'),
  ) as Record<string, string>;
const ml = catalog('apps/web/src/features/leaving/locales');
const letterTexts = catalog('apps/server/src/features/statement/locales');
/** A text of the catalog up to its first value: what is fixed of it on the page. */
const before = (text: string) => text.split('{')[0]!.trim();

test('a member leaves in Malayalam, is paid out by two admins and downloads her clearance letter', async ({
  browser,
  openAs,
}) => {
  const member = E2E_MEMBERS.leaver;
  const context = await browser.newContext({ locale: 'ml', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/sign-in');
  await page.locator('input[type="email"]').fill(member.email);
  await page.locator('input[type="password"]').fill(member.password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/user$/);

  await page.goto('/user/leave');
  await expect(page.getByRole('heading', { level: 1, name: ml['leaving.title'] })).toBeVisible();
  const figures = page.getByRole('region', { name: ml['leaving.settlement.title'] });
  await expect(figures).toContainText('800');
  await page.getByLabel(ml['leaving.form.payTo']!).fill('IBAN AE07 0331 2345 6789 0123 456');
  await page.getByRole('button', { name: ml['leaving.form.continue'] }).click();
  const confirm = page.getByRole('group', { name: ml['leaving.confirm.title'] });
  await confirm.getByRole('button', { name: ml['leaving.confirm.yes'] }).click();
  await expect(page.getByRole('heading', { name: ml['leaving.request.title'] })).toBeVisible();

  // The treasurer proposes the payout on her phone; the chair confirms it.
  const treasurer = await openAs(DEMO_ADMIN);
  const exits = (await apiAs(treasurer, '/api/admin/exits')) as {
    items: Array<{ id: number; member: { name: string }; settlement: { payout: number } }>;
  };
  const exit = exits.items.find((e) => e.member.name === member.name)!;
  expect(exit.settlement.payout).toBe(800);
  await treasurer.goto('/admin/exits');
  const card = treasurer.getByRole('listitem').filter({ hasText: member.name });
  await expect(card).toContainText('800');
  await apiAs(treasurer, `/api/admin/exits/${exit.id}/payout`, {
    method: 'POST',
    data: { amount: 800 },
  });
  const chair = await openAs(DEMO_CHAIR);
  await apiAs(chair, `/api/admin/exits/${exit.id}/payout`, {
    method: 'POST',
    data: { amount: 800 },
  });

  // Her page says she left; the letter is a PDF in Malayalam with her name and what was paid.
  await page.reload();
  await expect(page.getByText(before(ml['leaving.closed.title']!)).first()).toBeVisible();
  await expect(page.getByText(before(ml['leaving.readOnly']!)).first()).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: ml['leaving.closed.download'] }).click(),
  ]);
  const file = await download.path();
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toContain(letterTexts['statement.clearance.title']!);
  expect(text).toContain(member.name);
  expect(text).toContain('800');

  // Read-only: nothing can be sent any more, the statements stay.
  const token = await page.evaluate(() => localStorage.getItem('ts_token'));
  const refused = await page.request.post('/api/my-exit', {
    headers: { authorization: `Bearer ${token}` },
    data: { leave_on: '2099-01-01', pay_to: 'Cash' },
  });
  expect(refused.status()).toBe(403);
  const statement = await page.request.get('/api/my-statement', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(statement.status()).toBe(200);
  await context.close();
});
