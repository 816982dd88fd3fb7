import type { Browser, Page } from '@playwright/test';
import { parseAed } from '../../packages/money/src/fils.ts';
import { filsToDecimalString } from '../../packages/money/src/format.ts';
import { loanFigures, loanSchedule } from '../../packages/money/src/loan.ts';
import { filsText } from '../support/figures.ts';
import {
  DESKTOP,
  PHONE,
  apiAs,
  expect,
  expectNoAxeViolations,
  signIn,
  test,
} from '../support/fixtures.ts';

// rahul (demo data) has no loan. He applies; the treasurer approves, pays out and takes every
// installment in cash until the loan closes; rahul's My Loan follows each step.
const RAHUL = 'rahul@jamiya.example';
const ADMIN = 'admin@jamiya.example';
const AMOUNT_FILS = parseAed(1200);
const TERM = 3;

type Loan = { id: number; state: string };

async function applyForLoan(page: Page): Promise<Loan> {
  const token = await page.evaluate(() => localStorage.getItem('ts_token'));
  const res = await page.request.post('/api/loan-application', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      loan_type: 'personal',
      loan_amount: '1200',
      duration_month: String(TERM),
      bank_account: 'Botim 0557654321',
      passport_or_nid: 'P7654321',
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { loan: Loan }).loan;
}

/** A second person at another computer: their own context, console errors fail the test too. */
async function openAs(browser: Browser, email: string, errors: string[]): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of (401|404|409|422)/.test(m.text()))
      errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(page, email);
  return page;
}

async function expectMyLoan(page: Page, loanId: number, state: string) {
  await page.goto('/user/my-loan');
  const card = page.getByRole('region', { name: new RegExp(`Loan #${loanId}$`) });
  await expect(card.getByText(state, { exact: true })).toBeVisible();
  return card;
}

test('the treasurer takes a loan from application to closed; the member sees each state', async ({
  page: admin,
  browser,
}) => {
  const memberErrors: string[] = [];
  const rahul = await openAs(browser, RAHUL, memberErrors);
  const loan = await applyForLoan(rahul);
  await expectMyLoan(rahul, loan.id, 'Under review');
  const { loan_policy: policy } = (await apiAs(rahul, '/api/settings')) as {
    loan_policy: { interest_rate_percent: number };
  };
  const interestPermille = Math.round(policy.interest_rate_percent * 10);
  const figures = loanFigures({ amountFils: AMOUNT_FILS, termMonths: TERM, interestPermille });
  const schedule = loanSchedule({ amountFils: AMOUNT_FILS, termMonths: TERM, interestPermille });

  await signIn(admin, ADMIN);
  await admin.goto('/admin');
  await admin
    .getByRole('navigation', { name: 'Admin area' })
    .getByRole('link', { name: 'Loans' })
    .click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Loans' })).toBeVisible();
  await admin.getByLabel('State').selectOption('pending');
  await expect(admin).toHaveURL(/\/admin\/loans\?state=pending$/);
  const row = admin
    .getByRole('table', { name: 'Loans: Pending' })
    .getByRole('row')
    .filter({ hasText: `Loan #${loan.id}` });
  await expect(row).toContainText('Rahul Nair');
  await expect(row).toContainText(filsText(figures.totalFils));
  await row.getByRole('link', { name: `Loan #${loan.id}` }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/loans/${loan.id}$`));
  await expect(admin.getByRole('heading', { level: 1, name: `Loan #${loan.id}` })).toBeVisible();

  const actions = admin.getByRole('region', { name: 'Actions' });
  const toast = (text: string) => admin.getByRole('alert').filter({ hasText: text });

  // Approve, after a confirmation.
  await actions.getByRole('button', { name: 'Approve' }).click();
  const approve = admin.getByRole('dialog', { name: `Approve loan #${loan.id}?` });
  await expect(approve).toContainText(
    `Rahul Nair asks for ${filsText(AMOUNT_FILS)} over 3 months, ${filsText(figures.totalFils)} in total.`,
  );
  await approve.getByLabel('Note (optional)').fill('Dues paid regularly.');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(toast('The loan was approved.')).toBeVisible();
  await expect(approve).toBeHidden();
  await expect(admin.getByText('Approved', { exact: true })).toBeVisible();
  await expect(admin.getByText('Reason: Dues paid regularly.')).toBeVisible();
  await expectMyLoan(rahul, loan.id, 'Approved');

  // Pay it out.
  await actions.getByRole('button', { name: 'Record pay-out' }).click();
  const payOut = admin.getByRole('dialog', { name: `Pay out loan #${loan.id}?` });
  await expect(payOut).toContainText('Botim 0557654321');
  await payOut.getByRole('button', { name: 'Confirm pay-out' }).click();
  await expect(toast('The loan was paid out.')).toBeVisible();
  const installments = admin.getByRole('table', { name: `Installments of loan #${loan.id}` });
  await expect(installments.getByRole('row')).toHaveCount(TERM + 1);
  const card = await expectMyLoan(rahul, loan.id, 'Active');
  await expect(card.getByRole('progressbar', { name: 'Repayment' })).toHaveAttribute(
    'aria-valuenow',
    '0',
  );

  // Every installment in cash; the dialog offers the next one.
  await expectNoAxeViolations(admin);
  for (const [index, installment] of schedule.entries()) {
    await actions.getByRole('button', { name: 'Record cash repayment' }).click();
    const repay = admin.getByRole('dialog', { name: `Cash repayment for loan #${loan.id}` });
    const amount = repay.getByLabel('Amount received (AED)');
    await expect(amount).toHaveValue(filsToDecimalString(installment.amountFils));
    if (index === 0) await expectNoAxeViolations(admin);
    await repay.getByLabel('Note (optional)').fill(`Cash at the meeting, installment ${index + 1}`);
    await repay.getByRole('button', { name: 'Record repayment' }).click();
    await expect(repay).toBeHidden();
    await expect(toast('The repayment was recorded.').first()).toBeVisible();
    await expect(installments.getByRole('row').nth(index + 1)).toContainText('Paid');
  }
  await expect(actions).toContainText('This loan is fully repaid. Nothing is left to do.');
  await expect(actions.getByRole('button')).toHaveCount(0);
  await expect(admin.getByRole('region', { name: 'History' })).toContainText('Fully repaid');

  const closed = await expectMyLoan(rahul, loan.id, 'Closed');
  await expect(closed.getByRole('progressbar', { name: 'Repayment' })).toHaveAttribute(
    'aria-valuetext',
    /\(100 %\)$/,
  );
  const { items } = (await apiAs(rahul, '/api/my-loans')) as { items: Loan[] };
  expect(items.find((l) => l.id === loan.id)?.state).toBe('closed');
  expect(memberErrors, 'console errors on the member page').toEqual([]);
  await rahul.context().close();
});

for (const viewport of [DESKTOP, PHONE]) {
  test(`the loans pages have no axe violations at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, ADMIN);
    await page.goto('/admin/loans');
    await expect(page.getByRole('table', { name: 'All loans' })).toBeVisible();
    await expectNoAxeViolations(page);
    // amina's loan (demo data): active, with a schedule and a history.
    await page.getByLabel('State').selectOption('active');
    const amina = page
      .getByRole('table', { name: 'Loans: Active' })
      .getByRole('row')
      .filter({ hasText: 'Amina Rahman' });
    await amina.getByRole('link', { name: /^Loan #\d+$/ }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Schedule' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Write off' }).click();
    await expect(page.getByRole('dialog', { name: /^Write off loan #\d+\?$/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  });
}
