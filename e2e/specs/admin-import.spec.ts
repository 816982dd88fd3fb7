import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { apiAs, expect, signIn, test } from '../support/fixtures.ts';
import { formatMoney } from '../../packages/money/src/format.ts';
import { dubaiMonth, dubaiMonthBefore } from '../support/figures.ts';
import { DEMO_ADMIN, DEMO_CHAIR } from '../support/members.ts';

// Issue 36: the treasurer brings members in from the association's spreadsheet. The template is
// downloaded, a filled file with two wrong cells is checked, corrected and applied; the demo
// has two admins, so the chair confirms it; a member of the file signs in by the invitation
// mailed to her and finds her savings, her paid months and her loan.

const fatima = {
  name: 'فاطمة الزهراء',
  email: 'fatima.import@e2e.example',
  savings: 1400,
};
const anil = { name: 'അനിൽ കുമാർ', email: 'anil.import@e2e.example' };

/** The last day of last month (Dubai): the books start then. */
function booksStart(): { day: string; month: string; year: string; label: string } {
  const last = dubaiMonthBefore(1);
  const [year, month] = last.period.split('-') as [string, string];
  const day = String(new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate());
  return { day, month: String(Number(month)), year, label: `${day} ${last.label}` };
}

/**
 * The template as the treasurer fills it: the notes and the header kept, the example row
 * replaced by two members. Fatima joined 7 months ago, paid up to two months ago, and has a
 * loan of 1,000 over 10 months paid out 3 months ago, two installments (214) repaid.
 */
function filled(template: string, mistakes: boolean): string {
  const lines = template.replace(/^\uFEFF/, '').split('\r\n');
  const header = lines.findIndex((l) => l.startsWith('name,'));
  const rows = [
    [
      fatima.name,
      mistakes ? 'fatima.import@e2e' : fatima.email,
      '+971 50 111 2233',
      dubaiMonthBefore(7).period,
      'P1234500',
      'ar',
      '1,400',
      dubaiMonthBefore(2).period,
      '1000',
      '10',
      dubaiMonthBefore(3).period,
      '214',
    ],
    [
      anil.name,
      anil.email,
      '050 222 3344',
      mistakes ? '2024-13' : dubaiMonthBefore(4).period,
      '',
      'ml',
      '800',
      dubaiMonthBefore(1).period,
      '',
      '',
      '',
      '',
    ],
  ];
  // As a spreadsheet saves it: a cell with a comma in quotes.
  const csv = (r: string[]) => r.map((c) => (c.includes(',') ? `"${c}"` : c)).join(',');
  return '\uFEFF' + [...lines.slice(0, header + 1), ...rows.map(csv)].join('\r\n');
}

async function chooseFile(page: Page, name: string, text: string) {
  const file = path.join(test.info().outputDir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text, 'utf8');
  await page.getByLabel('The filled-in file (CSV or XLSX)').setInputFiles(file);
}

test('the treasurer checks a file, corrects two cells, applies it; the chair confirms; a member signs in by her invitation', async ({
  page,
  openAs,
  mailTo,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_ADMIN);
  await page.goto('/admin/import');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Import from a spreadsheet' }),
  ).toBeVisible();

  // 1. The template, as CSV.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the template (CSV)' }).click();
  const template = fs.readFileSync((await (await downloading).path())!, 'utf8');
  expect(template).toContain('name,email,mobile,joined,passport_or_nid,language,savings');

  // 2. A file with two wrong cells: each is named beside its row, and nothing can be applied.
  const start = booksStart();
  await chooseFile(page, 'members-with-mistakes.csv', filled(template, true));
  await page
    .getByRole('combobox', { name: 'The day the books start, Day' })
    .selectOption(start.day);
  await page
    .getByRole('combobox', { name: 'The day the books start, Month' })
    .selectOption(start.month);
  await page
    .getByRole('combobox', { name: 'The day the books start, Year' })
    .selectOption(start.year);
  await page.getByLabel('Bank balance on that day (AED)').fill('25000');
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByRole('heading', { name: 'The file has cells to correct' })).toBeVisible();
  await expect(page.getByText('2 cells need correcting, in 2 rows.')).toBeVisible();
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();
  await expect(
    page.getByText('This is not a real month: write it as YYYY-MM, like 2024-03.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply the import' })).toHaveCount(0);
  await expect(page).toHaveNoAxeViolations();

  // 3. Corrected, checked again: ready, with the opening entry.
  await chooseFile(page, 'members.csv', filled(template, false));
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByRole('heading', { name: 'The file is ready to import' })).toBeVisible();
  await expect(page.getByText(`Opening entry on ${start.label}`)).toBeVisible();

  // 4. Applied: with two admins, it waits for the second.
  await page.getByRole('button', { name: 'Apply the import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Apply the import?' });
  await dialog.getByRole('button', { name: 'Apply the import' }).click();
  await expect(page.getByRole('heading', { name: 'Sent to a second admin' })).toBeVisible();

  // 5. The chair confirms it.
  const chair = await openAs(DEMO_CHAIR);
  await chair.goto('/admin/import');
  await expect(
    chair.getByRole('heading', { name: 'An import waits for confirmation' }),
  ).toBeVisible();
  await chair.getByRole('button', { name: 'Confirm and apply' }).click();
  await chair
    .getByRole('dialog', { name: 'Confirm and apply this import?' })
    .getByRole('button', { name: 'Confirm and apply' })
    .click();
  await expect(chair.getByRole('heading', { name: 'The import is applied' })).toBeVisible();
  await expect(chair.getByText('Each new member was mailed an invitation')).toBeVisible();
  const trial = (await apiAs(chair, '/api/admin/ledger/trial-balance')) as { balanced: boolean };
  expect(trial.balanced).toBe(true);

  // 6. Fatima's invitation, in Arabic: she sets her password and is signed in.
  const mail = await mailTo(fatima.email);
  expect(mail.text).toMatch(/[\u0600-\u06ff]/);
  // The link opens the page in her language, Arabic.
  const link = /https?:\/\/\S+\/set-password\?token=[\w-]+&lang=ar/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeDefined();
  const member = await page.context().browser()!.newPage();
  await member.goto(link!);
  await expect(member.locator('html')).toHaveAttribute('dir', 'rtl');
  await member.getByLabel('كلمة المرور الجديدة', { exact: true }).fill('fatima-new-pass-2026');
  await member.getByLabel('تأكيد كلمة المرور الجديدة').fill('fatima-new-pass-2026');
  await member.getByRole('button', { name: 'تعيين كلمة المرور' }).click();
  await expect(member).toHaveURL(/\/user$/);

  // Her savings, her months and her loan, as the file said.
  const { myAccountData } = (await apiAs(member, '/api/my-account-data')) as {
    myAccountData: {
      account_balance: number;
      monthlyPaymentData: Array<{ period: string; status: string }>;
    };
  };
  expect(myAccountData.account_balance).toBe(fatima.savings);
  const status = (back: number) =>
    myAccountData.monthlyPaymentData.find((m) => m.period === dubaiMonthBefore(back).period)
      ?.status;
  expect([7, 3, 2].map(status)).toEqual(['completed', 'completed', 'completed']);
  expect(status(1)).toBe('due');
  expect(myAccountData.monthlyPaymentData[0]).toMatchObject({
    period: dubaiMonth().period,
    status: 'pay_now',
  });
  // Her pages, in Arabic, show the same figures.
  const arabic = (aed: number) => formatMoney(aed * 100, 'ar');
  await expect(member.getByText(arabic(fatima.savings)).first()).toBeVisible();
  await member.goto('/user/my-loan');
  await expect(member.getByRole('heading', { level: 1, name: 'قرضي' })).toBeVisible();
  await expect(member.getByText(arabic(214)).first()).toBeVisible();
  await expect(member.getByText(arabic(1070 - 214)).first()).toBeVisible();
  await member.close();
});
