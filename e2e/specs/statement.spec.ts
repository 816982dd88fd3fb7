import fs from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { extractText } from 'unpdf';
import { tryParseAed } from '../../packages/money/src/fils.ts';
import { formatMoney } from '../../packages/money/src/format.ts';
import { postDuesReceipt } from '../support/dues.ts';
import { aedText, dubaiMonth } from '../support/figures.ts';
import { DEMO_ADMIN, E2E_MEMBERS } from '../support/members.ts';
import { DESKTOP, PHONE, apiAs, expect, signIn, test } from '../support/fixtures.ts';

// hassan joined two months ago with no movements: he pays this month's due, the treasurer
// approves it, and his statement (page and PDF) shows it. amina (demo data) is only read.
const hassan = E2E_MEMBERS.statement;

type Statement = {
  member: { name: string; unique_id: string };
  from: string;
  to: string;
  opening: { savings: number; loan: number };
  closing: { savings: number; loan: number };
  lines: {
    kind: string;
    savings_change: number;
    savings_balance: number;
    loan_change: number;
    loan_principal_change: number;
    loan_interest_change: number;
  }[];
};
type AccountData = { myAccountData: { monthly_due: number; account_balance: number } };

/** An amount as the PDF prints it: grouped, decimals only when there are fils. */
const pdfAmount = (aed: number) => formatMoney(tryParseAed(aed)!, 'en', { currency: false });
/** A change as the statement's table shows it: "+200". */
const plusAed = (aed: number) => `+${formatMoney(tryParseAed(aed)!, 'en', { currency: false })}`;

const closingSavings = (page: Page) =>
  page
    .getByRole('region', { name: 'Balances' })
    .getByRole('group', { name: /^Closing/ })
    .locator('dd')
    .first();

/** The treasurer approves, at another computer. */
async function approveAsTreasurer(browser: Browser, paymentId: number) {
  const context = await browser.newContext({ viewport: DESKTOP });
  const admin = await context.newPage();
  await signIn(admin, DEMO_ADMIN);
  await apiAs(admin, `/api/admin/payments/${paymentId}/approve`, { method: 'POST', data: {} });
  await context.close();
}

test('a member downloads a PDF statement whose closing balance is the one on screen', async ({
  page,
  browser,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, hassan.email);
  const { myAccountData } = (await apiAs(page, '/api/my-account-data')) as AccountData;
  const due = myAccountData.monthly_due;
  await approveAsTreasurer(
    browser,
    await postDuesReceipt(page, { month: dubaiMonth().name, amount: due }),
  );

  await page.goto('/user/statement');
  await expect(page.getByRole('heading', { level: 1, name: 'Statement' })).toBeVisible();
  const table = page.getByRole('table', {
    name: 'Movements of your savings and loan, newest first',
  });
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Dues');
  await expect(rows.nth(1)).toContainText(plusAed(due));
  await expect(rows.nth(1)).toContainText(aedText(due));
  const opening = page
    .getByRole('group', { name: /^Opening/ })
    .locator('dd')
    .first();
  await expect(opening).toHaveText(aedText(0));
  await expect(closingSavings(page)).toHaveText(aedText(due));

  const statement = (await apiAs(page, '/api/my-statement')) as Statement;
  expect(statement.closing.savings).toBe(due);
  expect(statement.lines).toEqual([
    expect.objectContaining({ kind: 'dues', savings_change: due, savings_balance: due }),
  ]);
  await expect(page).toHaveNoAxeViolations();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(
    `statement-${statement.member.unique_id}-${statement.from}-to-${statement.to}.pdf`,
  );
  const pdf = await fs.readFile(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  expect(text).toContain(hassan.name);
  expect(text).toContain(statement.member.unique_id);
  expect(text).toMatch(new RegExp(`Savings balance\\s+0\\s+${pdfAmount(due)}`));

  // On a phone the movements are a list, not a table.
  await page.setViewportSize(PHONE);
  await expect(table).toBeHidden();
  const list = page.getByRole('list', { name: 'Movements of your savings and loan, newest first' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText(`Savings ${plusAed(due)}`);
  await expect(page).toHaveNoAxeViolations();
});

test("amina opens her statement from the dashboard; it closes at her account's balance", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signIn(page, 'amina@jamiya.example');
  await page.goto('/user/dashboard');
  await page.getByRole('link', { name: 'Statement', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/statement$/);
  const { myAccountData } = (await apiAs(page, '/api/my-account-data')) as AccountData;
  await expect(closingSavings(page)).toHaveText(aedText(myAccountData.account_balance));
  const statement = (await apiAs(page, '/api/my-statement')) as Statement;
  expect(statement.closing.savings).toBe(myAccountData.account_balance);
  await expect(page).toHaveNoAxeViolations();

  // Only her repayments: fewer lines, the same real balances.
  await page.setViewportSize(DESKTOP);
  await page.getByLabel('Kind').selectOption({ label: 'Loan repayment' });
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/kind=repayment/);
  await expect(page.getByText('Showing Loan repayment only')).toBeVisible();
  const repayments = (await apiAs(page, '/api/my-statement?kind=repayment')) as Statement;
  await expect(
    page
      .getByRole('table', { name: 'Movements of your savings and loan, newest first' })
      .getByRole('row'),
  ).toHaveCount(repayments.lines.length + 1);
  await expect(closingSavings(page)).toHaveText(aedText(myAccountData.account_balance));
  await expect(page).toHaveNoAxeViolations();
});

test('amina’s loan reads the same on My Loan and on her statement (page, CSV and PDF)', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signIn(page, 'amina@jamiya.example');
  // Her demo loan: paid out, two installments repaid (principal and interest each).
  await page.goto('/user/my-loan');
  const remaining = page
    .locator('dt', { hasText: /^Remaining$/ })
    .locator('xpath=following-sibling::dd[1]');
  await expect(remaining).toBeVisible();
  const onMyLoan = (await remaining.textContent())!.trim();
  expect(onMyLoan).not.toBe(aedText(0));

  await page.goto('/user/statement');
  const closingLoan = page
    .getByRole('group', { name: /^Closing/ })
    .locator('dt', { hasText: /^Loan owed$/ })
    .locator('xpath=following-sibling::dd[1]');
  // In all, as My Loan says it; then what it is made of.
  await expect(closingLoan).toContainText(onMyLoan);
  await expect(closingLoan).toContainText(/Principal AED\s[\d,.]+ · interest AED\s[\d,.]+/);

  const statement = (await apiAs(page, '/api/my-statement')) as Statement;
  expect(aedText(statement.closing.loan)).toBe(onMyLoan);
  const repayments = statement.lines.filter((l) => l.kind === 'repayment');
  expect(repayments.length).toBeGreaterThanOrEqual(2);
  for (const r of repayments) {
    expect(r.loan_interest_change).toBeLessThan(0);
    expect(tryParseAed(r.loan_principal_change)! + tryParseAed(r.loan_interest_change)!).toBe(
      tryParseAed(r.loan_change),
    );
  }

  // The CSV's last movement and the PDF's closing row say the same loan owed.
  const token = await page.evaluate(() => localStorage.getItem('ts_token'));
  const headers = { authorization: `Bearer ${token}` };
  const csv = await (await page.request.get('/api/my-statement?format=csv', { headers })).text();
  const [header, newest] = csv
    .replace(/^\ufeff/, '')
    .trim()
    .split('\r\n');
  const loanOwed = header!.split(',').indexOf('loan_balance_aed');
  expect(tryParseAed(newest!.split(',')[loanOwed]!)).toBe(tryParseAed(statement.closing.loan));
  const pdf = await page.request.get('/api/my-statement?format=pdf', { headers });
  const { text } = await extractText(new Uint8Array(await pdf.body()), { mergePages: true });
  expect(text.replace(/\s+/g, ' ')).toContain(pdfAmount(statement.closing.loan));
});
