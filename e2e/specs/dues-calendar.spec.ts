import type { Page } from '@playwright/test';
import { apiAs, expect, PHONE, signIn, test } from '../support/fixtures.ts';
import { E2E_MEMBERS, paydayDueSoon } from '../support/members.ts';

// Issue 39: the dues calendar (docs/domain/dues.md, Payday, reminders and late fines). A member
// sets their payday and is reminded before it; a member late last month sees the fine on its row
// and says their salary is late for this one. Their pasts: e2e/support/members.ts and
// prepare-db.ts.

test.use({ viewport: PHONE });

/** Today in Dubai, YYYY-MM-DD: the server's days are Dubai's. */
const dubaiToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai' }).format();

/** A day as the app writes it in English ("26 November 2026"). */
const written = (day: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));

const monthLabel = (period: string) =>
  new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${period}-01T00:00:00Z`),
  );

const rowOf = (page: Page, period: string) =>
  page
    .getByRole('region', { name: 'Monthly dues' })
    .getByRole('listitem')
    .filter({ hasText: monthLabel(period) });

type Notices = { items: Array<{ title: string; body: string }> };

test('a member sets their payday and is reminded before it, with where to pay', async ({
  page,
  mailTo,
}) => {
  const member = E2E_MEMBERS.payday;
  const today = dubaiToday();
  const payday = paydayDueSoon(today);
  const title = `Your monthly due falls due on ${written(
    `${today.slice(0, 7)}-${String(payday).padStart(2, '0')}`,
  )}`;
  const reminded = async () =>
    ((await apiAs(page, '/api/notifications')) as Notices).items.some((n) =>
      n.title.startsWith(title),
    );
  await signIn(page, member.email);
  // Her payday until now is far off (prepare-db.ts): no reminder of this one came before.
  expect(await reminded()).toBe(false);
  await page.goto('/user/my-profile');
  // The payday on its own: this member never gave a wallet, which the profile editor requires.
  await page.getByRole('button', { name: 'Change payday' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your payday' });
  await dialog.getByLabel('Payday').selectOption(String(payday));
  await dialog.getByRole('button', { name: 'Save payday' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your payday has been saved.' }),
  ).toBeVisible();
  await expect(page.getByText(/of the month$/)).toBeVisible();

  // The notifications job runs every few seconds in this run: the reminder of the payday comes.
  await expect.poll(reminded, { timeout: 30_000 }).toBe(true);
  await page.goto('/user/notifications');
  const notice = page
    .getByRole('list', { name: 'Your notifications' })
    .getByRole('listitem')
    .filter({ hasText: title });
  await expect(notice).toContainText(/AED\s200/);
  await expect(notice).toContainText('IBAN');
  // Her mails in this test until the reminder's (a fine of hers may come first, when her
  // payday's grace ended before this run).
  let mail = await mailTo(member.email);
  while (!mail.subject.startsWith(title)) mail = await mailTo(member.email);
  expect(mail.text).toContain('IBAN');
});

test('a late member sees last month’s fine and says their salary is late for this one', async ({
  page,
}) => {
  const member = E2E_MEMBERS.lateFine;
  const today = dubaiToday();
  const thisPeriod = today.slice(0, 7);
  const [year, month] = thisPeriod.split('-').map(Number) as [number, number];
  const lastPeriod =
    month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
  await signIn(page, member.email);
  await page.goto('/user/monthly-pay');
  await expect(page.getByRole('heading', { level: 1, name: 'Monthly Pay' })).toBeVisible();

  const last = rowOf(page, lastPeriod);
  await expect(last).toContainText(/Late fine AED\s10/);
  await expect(last).toContainText('210');

  const current = rowOf(page, thisPeriod);
  await expect(current).toContainText(/A late fine of AED\s10 on .+ if still unpaid\./);
  await current.getByRole('button', { name: /My salary is late/ }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Noted: your salary is late.' }),
  ).toBeVisible();
  await expect(current).toContainText(`Salary late noted on ${written(today)}.`);
  await expect(current.getByRole('button', { name: /My salary is late/ })).toHaveCount(0);

  const account = (await apiAs(page, '/api/my-account-data')) as {
    myAccountData: { monthlyPaymentData: Array<{ period: string; salary_late_on: string | null }> };
  };
  expect(
    account.myAccountData.monthlyPaymentData.find((r) => r.period === thisPeriod)?.salary_late_on,
  ).toBe(today);
});
