import { loanFigures } from '../../packages/money/src/loan.ts';
import { parseAed } from '../../packages/money/src/fils.ts';
import { filsText } from '../support/figures.ts';
import { E2E_MEMBERS } from '../support/members.ts';
import { apiAs, expect, signIn, test } from '../support/fixtures.ts';

// joseph joined six months ago, has paid every due since (AED 1,200 saved: he may borrow up to
// AED 3,600, AED 1,200 of it with no guarantor) and has no loan.
const member = E2E_MEMBERS.loan;

type Settings = {
  loan_policy: { default: number; step: number; interest_rate_percent: number };
};

test('applies for a loan, sees it on My Loan, withdraws it, and may apply again', async ({
  page,
}) => {
  await signIn(page, member.email);
  const { loan_policy: policy } = (await apiAs(page, '/api/settings')) as Settings;
  const side = page.getByRole('navigation', { name: 'Member area' });
  await side.getByRole('link', { name: 'Apply a Loan' }).click();
  await expect(page).toHaveURL(/\/user\/apply-loan$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Apply for a loan' })).toBeVisible();
  await expect(page.getByText('You already have a loan')).toHaveCount(0);

  // The amount starts at the policy's default and the stepper moves by its step, to 1,200.
  const defaultFils = parseAed(policy.default);
  const stepFils = parseAed(policy.step);
  const amountFils = parseAed(1200);
  const amount = page.getByRole('group', { name: 'Loan amount' }).getByRole('status');
  await expect(amount).toHaveText(filsText(defaultFils));
  const increase = page.getByRole('button', { name: /^Increase the amount by/ });
  for (let fils = defaultFils; fils < amountFils; fils += stepFils) await increase.click();
  await expect(amount).toHaveText(filsText(amountFils));

  // The live estimate is the figures of packages/money for 1,200 over 3 months (1,284; 428 a month).
  const term = page.getByRole('group', { name: 'Repayment term' });
  await term.getByText('3 months', { exact: true }).click();
  await expect(term.getByRole('radio', { name: '3 months' })).toBeChecked();
  const expected = loanFigures({
    amountFils,
    termMonths: 3,
    interestPermille: Math.round(policy.interest_rate_percent * 10),
  });
  const estimate = page.getByRole('region', { name: 'Your estimate' });
  const figure = (label: string | RegExp) =>
    estimate.locator('dl > div').filter({ has: page.getByRole('term').filter({ hasText: label }) });
  await expect(figure('Per month').getByRole('definition').first()).toHaveText(
    filsText(expected.perMonthFils),
  );
  await expect(
    figure(/^Total with/)
      .getByRole('definition')
      .first(),
  ).toHaveText(filsText(expected.totalFils));

  await page.getByLabel('Bank account or Botim number').fill('Botim 0551234567');
  await page.getByLabel('Passport or ID number').fill('P7654321');
  await page.getByRole('button', { name: 'Apply for the loan' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your loan application was received.' }),
  ).toBeVisible();

  // The form is back to its defaults.
  await expect(amount).toHaveText(filsText(defaultFils));
  await expect(term.getByRole('radio', { name: '1 month', exact: true })).toBeChecked();
  await expect(page.getByLabel('Bank account or Botim number')).toHaveValue('');
  await expect(page.getByLabel('Passport or ID number')).toHaveValue('');

  await side.getByRole('link', { name: 'My Loan' }).click();
  await expect(page).toHaveURL(/\/user\/my-loan$/);
  const card = page.getByRole('region', { name: /Loan #\d+/ });
  await expect(card.getByText('Under review', { exact: true })).toBeVisible();
  const cardFigure = (label: string) =>
    card.locator('dl > div').filter({ has: page.getByRole('term').filter({ hasText: label }) });
  await expect(cardFigure('Amount').getByRole('definition')).toHaveText(filsText(amountFils));
  await expect(cardFigure('Total with interest').getByRole('definition')).toHaveText(
    filsText(expected.totalFils),
  );
  await expect(cardFigure('Per month').getByRole('definition')).toHaveText(
    filsText(expected.perMonthFils),
  );
  await expect(cardFigure('Term').getByRole('definition')).toHaveText('3 months');

  const withdraw = card.getByRole('button', { name: 'Withdraw application' });
  await withdraw.click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw your application?' });
  await expect(dialog).toBeVisible();
  // Kept: the focus is back on the button that opened it (the dialog's code comes on demand).
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await expect(dialog).toBeHidden();
  await expect(withdraw).toBeFocused();
  await withdraw.click();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Reason (optional)').fill('I found the money elsewhere.');
  await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your loan application was withdrawn.' }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Withdrawn', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Withdraw application' })).toHaveCount(0);
  await expect(page.getByText('Reason: I found the money elsewhere.')).toBeVisible();
  const { items } = (await apiAs(page, '/api/my-loans')) as { items: { state: string }[] };
  expect(items.map((l) => l.state)).toEqual(['withdrawn']);

  // Nothing is open any more: the apply page has no notice and its button works.
  await card.getByRole('link', { name: 'Apply for a loan' }).click();
  await expect(page).toHaveURL(/\/user\/apply-loan$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Apply for a loan' })).toBeVisible();
  await expect(page.getByText('You already have a loan')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Apply for the loan' })).toBeEnabled();
});

// amina (demo data) repays a loan: read only here, the form is checked and left unsent.
test('Repay loan on My Loan opens the repayment form, which asks for the receipt', async ({
  page,
}) => {
  await signIn(page, 'amina@jamiya.example');
  const { items } = (await apiAs(page, '/api/my-loans')) as {
    items: { state: string; next_installment: { amount: number } | null }[];
  };
  const loan = items.find((l) => l.state === 'active');
  expect(loan?.next_installment, 'amina repays an active loan').toBeTruthy();
  await page
    .getByRole('navigation', { name: 'Member area' })
    .getByRole('link', { name: 'My Loan' })
    .click();
  await expect(page).toHaveURL(/\/user\/my-loan$/);
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST') posts.push(r.url());
  });

  await page.getByRole('link', { name: 'Repay loan' }).click();
  await expect(page).toHaveURL(/\/user\/monthly-pay\?repay=loan$/);
  const dialog = page.getByRole('dialog', { name: 'Repay your loan' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Amount (AED)')).toHaveValue(
    String(loan!.next_installment!.amount),
  );
  await expect(dialog.getByRole('region', { name: 'Where to send the money' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Send repayment' }).click();
  await expect(dialog.getByText('Attach the receipt (a photo or a PDF).')).toBeVisible();
  await expect(dialog.getByLabel('Receipt (photo or PDF)')).toHaveAttribute('aria-invalid', 'true');
  expect(posts).toEqual([]);

  // Closed, it does not open again, and the page's own Repay loan button opens it.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/user\/monthly-pay$/);
  await page.getByRole('button', { name: 'Repay loan' }).click();
  await expect(dialog).toBeVisible();
});
