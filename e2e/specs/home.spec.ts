import { aedText } from '../support/figures.ts';
import { apiAs, expect, signIn, test } from '../support/fixtures.ts';

// amina (demo data): savings, a due this month and an active loan; read only.
const AMINA = 'amina@jamiya.example';

type AccountData = {
  myAccountData: {
    account_balance: number;
    due_balance: number;
    loan_balance: number;
    account_holder_name: string;
    owner_data: { unique_id: string; status: 0 | 1 };
  };
};

test('the home figures are the API figures', async ({ page }) => {
  await signIn(page, AMINA);
  const { myAccountData: data } = (await apiAs(page, '/api/my-account-data')) as AccountData;
  // Real figures, not zeros: the check below would prove little otherwise.
  expect(data.account_balance).toBeGreaterThan(0);
  expect(data.due_balance).toBeGreaterThan(0);
  expect(aedText(data.account_balance)).toMatch(/^AED\s\d{1,3}(,\d{3})*(\.\d\d)?$/);

  const saving = page.getByRole('region', { name: 'Your Saving Balance' });
  await expect(saving).toContainText(aedText(data.account_balance));

  const holder = page.getByRole('region', { name: data.account_holder_name });
  await expect(holder.getByRole('heading', { name: data.account_holder_name })).toBeVisible();
  await expect(holder.getByText(`ID: ${data.owner_data.unique_id}`)).toBeVisible();
  // Each figure of the card is a term and its definitions.
  const dueBalance = holder.locator('dl > div').filter({
    has: page.getByRole('term').filter({ hasText: 'Due balance' }),
  });
  await expect(dueBalance.getByRole('definition').first()).toHaveText(aedText(data.due_balance));
  // The spec's placeholders are gone.
  await expect(holder).not.toContainText('12 Apr');
  await expect(holder).not.toContainText('120 AED');
});

test('the dashboard figures and Member Status are the API figures', async ({ page }) => {
  await signIn(page, AMINA);
  const { myAccountData: data } = (await apiAs(page, '/api/my-account-data')) as AccountData;
  await page
    .getByRole('navigation', { name: 'Member area' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(
    page.getByRole('heading', { level: 1, name: `Welcome, ${data.account_holder_name}` }),
  ).toBeVisible();

  const balances = page.getByRole('list', { name: 'Your balances' });
  const card = (label: string) => balances.getByRole('listitem').filter({ hasText: label });
  await expect(card('Savings balance')).toContainText(aedText(data.account_balance));
  await expect(card('Due balance')).toContainText(aedText(data.due_balance));
  await expect(card('Loan balance')).toContainText(aedText(data.loan_balance));

  const status = page.getByRole('region', { name: 'Member Status' });
  expect(data.owner_data.status).toBe(1);
  await expect(status.getByText('Active', { exact: true })).toBeVisible();
  await expect(
    status.getByRole('definition').filter({ hasText: data.owner_data.unique_id }),
  ).toHaveText(data.owner_data.unique_id);
});
