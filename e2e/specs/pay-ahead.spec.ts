import { aedText, dubaiMonth, dubaiMonthBefore, jpegReceipt } from '../support/figures.ts';
import { DEMO_ADMIN, E2E_MEMBERS } from '../support/members.ts';
import { apiAs, expect, signIn, test } from '../support/fixtures.ts';
import { approveDues, sendPayment } from '../support/dues.ts';

// Issue 33, as a new member would try it: Hana joined two months ago and has paid nothing.
// She pays this month in two parts, and next month ahead before going home on leave. What she
// sent stays due until the treasurer approves it, and is said beside the due meanwhile.
const hana = E2E_MEMBERS.payAhead;

type Account = {
  myAccountData: {
    monthly_due: number;
    due_balance: number;
    under_review: number;
    current_period: string;
  };
};

test('a member pays this month in two parts and next month ahead; what is sent stays due until approved', async ({
  page,
  openAs,
}) => {
  test.setTimeout(120_000);
  const month = dubaiMonth();
  await signIn(page, hana.email);
  await page.goto('/user/monthly-pay');
  await expect(page.getByRole('heading', { level: 1, name: 'Monthly Pay' })).toBeVisible();
  const { myAccountData: start } = (await apiAs(page, '/api/my-account-data')) as Account;
  expect(start.current_period).toBe(month.period);
  const due = start.monthly_due;
  const owed = start.due_balance; // three months
  const first = 120;
  const next = dubaiMonthBefore(-1);

  const dueCard = page.getByText('Due Balance', { exact: true }).locator('..');
  const rows = page.getByRole('region', { name: 'Monthly dues' });
  const thisMonth = rows.getByRole('listitem').filter({ hasText: month.label });
  // The spec's credit note, as it is true here.
  await expect(
    page.getByText('Your payment is credited once the treasurer approves it', { exact: false }),
  ).toBeVisible();

  // The first part of this month.
  await thisMonth.getByRole('button', { name: 'Pay Now' }).click();
  let dialog = page.getByRole('dialog', { name: 'Monthly Payment' });
  await expect(dialog.getByLabel('Month')).toHaveValue(month.period);
  await sendPayment(page, dialog, { amount: first, receipt: await jpegReceipt() });
  // Sent is not paid: the due stays, with what waits for review beside it.
  await expect(dueCard).toContainText(aedText(owed));
  await expect(dueCard.getByText(`${aedText(first)} under review`)).toBeVisible();
  await expect(dueCard.getByText('Nothing is due')).toHaveCount(0);

  const admin = await openAs(DEMO_ADMIN);
  await approveDues(admin, hana.name, month.label, first);
  await page.reload();
  await expect(dueCard).toContainText(aedText(owed - first));
  await expect(dueCard.getByText(/under review/)).toHaveCount(0);

  // The rest of this month, then next month ahead, chosen with its year in the picker.
  await thisMonth.getByRole('button', { name: 'Pay Now' }).click();
  dialog = page.getByRole('dialog', { name: 'Monthly Payment' });
  await expect(dialog.getByLabel('Amount (AED)')).toHaveValue(String(due - first));
  await sendPayment(page, dialog, { amount: due - first, receipt: await jpegReceipt() });

  await page.getByRole('button', { name: 'Pay monthly due' }).click();
  dialog = page.getByRole('dialog', { name: 'Monthly Payment' });
  const picker = dialog.getByLabel('Month');
  // This month is under review, so not offered; the 12 months ahead are.
  await expect(picker.locator(`option[value="${month.period}"]`)).toHaveCount(0);
  await expect(picker.locator('optgroup[label="Pay ahead"] option')).toHaveCount(12);
  await expect(picker.locator(`option[value="${next.period}"]`)).toHaveText(
    `${next.label} · ${aedText(due)}`,
  );
  await picker.selectOption(next.period);
  await expect(dialog.getByText(`The due for ${next.label} is ${aedText(due)}.`)).toBeVisible();
  await sendPayment(page, dialog, { amount: due, receipt: await jpegReceipt() });

  await expect(dueCard).toContainText(aedText(owed - first));
  await expect(dueCard.getByText(`${aedText(due - first + due)} under review`)).toBeVisible();
  const nextRow = rows.getByRole('listitem').filter({ hasText: next.label });
  await expect(nextRow.getByText('Under review', { exact: true })).toBeVisible();

  await approveDues(admin, hana.name, month.label, due - first);
  await approveDues(admin, hana.name, next.label, due);
  await page.reload();
  // This month and next month paid; the two earlier months remain due.
  await expect(thisMonth.getByText('Completed', { exact: true })).toBeVisible();
  await expect(nextRow.getByText('Completed', { exact: true })).toBeVisible();
  await expect(dueCard).toContainText(aedText(owed - due));
  const { myAccountData: end } = (await apiAs(page, '/api/my-account-data')) as Account & {
    myAccountData: { account_balance: number };
  };
  expect(end).toMatchObject({
    due_balance: owed - due,
    under_review: 0,
    account_balance: 2 * due,
  });
});
