import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { formatDay, formatMonth } from '../../packages/money/src/dates.ts';
import { dubaiDay } from '../support/bank-month.ts';
import { dubaiMonth, dubaiMonthBefore } from '../support/figures.ts';
import { apiAs, expect, signIn, test } from '../support/fixtures.ts';
import { DEMO_ADMIN, DEMO_CHAIR, DEMO_PASSWORD } from '../support/members.ts';
import { openPhone } from '../support/phone.ts';
import { FEE_TEXT, IMRAN_TEXT, prepareTheMonth } from '../support/own-books-month.ts';
import {
  expectBooksAndBankAgree,
  importStatement,
  inMiddle,
  journalEntry,
} from '../support/books-page.ts';

// Issue 49: the month the books and the bank could not agree on. Four members send this
// month's due. Imran, whose name is in Arabic script, is approved from the review queue; his
// bank writes the transfer "FAMILY SUPPORT · MOHD IMRAN", with no member ID. Ayesha, who reads
// the app in Urdu, paid next month ahead, but her receipt says this month and is approved so.
// The bank also took its monthly fee. The treasurer imports the day as camt.053, approves the
// matches, books the fee, links Imran's line by hand, then imports the same day as the bank's
// CSV and says its lookalike lines are the same: the books and the bank agree. Then Ayesha's
// approval is corrected by two admins, her line assigned to next month by two admins, and she
// reads the correction in Urdu on her phone. Screenshots go to .tmp/shots-own-books.

const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/shots-own-books');

const catalog = (file: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../..', file), 'utf8')) as Record<
    string,
    string
  >;
const duesUr = catalog('apps/web/src/features/dues/locales/ur.json');
const statementUr = catalog('apps/web/src/features/statement/locales/ur.json');
/** The server's sentence for a payment corrected for the wrong month, after its day. */
const WRONG_MONTH_UR = 'کی ادائیگی کی درستی: غلط مہینے کے لیے منظور ہوا تھا';

async function shot(page: Page, name: string, fullPage = true) {
  fs.mkdirSync(SHOTS, { recursive: true });
  // From the top: the page's fixed bars are drawn where the window is scrolled to.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

test('the month reaches "Books and bank agree"; a wrong approval is corrected by two admins and read in Urdu', async ({
  page,
  request,
  browser,
  openAs,
  mailTo,
}) => {
  test.setTimeout(120_000);
  const today = dubaiDay(new Date());
  const month = dubaiMonth();
  const next = dubaiMonthBefore(-1);
  await signIn(page, DEMO_ADMIN);

  // 1 and 2: the members, their receipts (Imran's and Ayesha's approved first), the bank's day.
  const run = Date.now().toString(36);
  const { imran, ayesha, others, entries, already, camtFile, csvFile } = await prepareTheMonth({
    page,
    request,
    mailTo,
    run,
    dir: test.info().outputDir,
  });

  // 3. The treasurer's month-end at 1280 px.
  await page.goto('/admin/bank');
  await expect(page.getByRole('heading', { level: 1, name: 'Bank statements' })).toBeVisible();
  // In a full run another spec's statement of today holds transfers of AED 200 this file's
  // line without a member ID cannot be told from: that one is a new line.
  await importStatement(page, camtFile, { answer: 'new' });
  await expect(
    page.getByText(`${entries.length} lines read, ${entries.length} of them new.`),
  ).toBeVisible();

  // The members' transfers with their IDs, Ayesha's beside her approved payment: one step.
  const matchCount = others.length + 1 + already.length;
  const matches = page.getByRole('region', { name: `Matches proposed (${matchCount})` });
  for (const m of [...others, ayesha])
    await expect(
      matches.getByRole('checkbox', { name: new RegExp(`^Approve .${m.name}.,`) }),
    ).toBeChecked();
  await matches.getByRole('button', { name: `Approve all ${matchCount} matches` }).click();
  await expect(page.getByRole('heading', { name: 'Matches approved' })).toBeFocused();

  // The bank's fee, booked to bank charges by one admin (within the AED 100 of the settings).
  const other = page.getByRole('region', { name: 'Payouts and other movements' });
  await expect(other.getByText('Out of the bank, not in the books (1)')).toBeVisible();
  await expect(other).toContainText(FEE_TEXT);
  await other.getByRole('button', { name: /^Book as… \(AED 26\.25 of / }).click();
  const book = page.getByRole('dialog', { name: 'Book a bank line to an account' });
  await expect(book.getByRole('radio', { name: 'Bank charges' })).toBeChecked();
  await book.getByLabel('Memo (optional)').fill(`Account maintenance fee, ${month.label}`);
  await expect(page).toHaveNoAxeViolations();
  await book.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(other.getByRole('heading', { name: 'Line booked' })).toBeFocused();
  await expect(other.getByText('Out of the bank, not in the books')).toHaveCount(0);

  // Imran's transfer, without his ID, linked by hand to his payment approved before.
  const noReceipt = page.getByRole('region', { name: 'Money in the bank with no receipt (1)' });
  await expect(noReceipt).toContainText(IMRAN_TEXT);
  await noReceipt.getByRole('button', { name: /^Link to a payment…/ }).click();
  const link = page.getByRole('dialog', { name: 'Link to a payment' });
  await link.getByLabel('Member', { exact: true }).fill(imran.name);
  await link.getByRole('radio', { name: `${imran.name} (${imran.uniqueId})` }).check();
  const candidates = link.getByRole('region', {
    name: "The member's receipts waiting and payments approved",
  });
  await expect(candidates.getByRole('listitem')).toHaveCount(1);
  await expect(candidates).toContainText('Approved');
  await expect(candidates).toContainText(`Dues for ${month.label}`);
  await expect(page).toHaveNoAxeViolations();
  await candidates.getByRole('button', { name: /^Link the payment of / }).click();
  await expect(page.getByRole('heading', { name: 'Line linked' })).toBeFocused();
  await expect(
    page.getByRole('region', { name: 'Money in the bank with no receipt (0)' }),
  ).toBeVisible();
  await expectBooksAndBankAgree(page, today);

  // The same day again, as the bank's CSV export without its references: the lines no member
  // ID tells apart are asked about, and they are the same lines. Nothing is counted twice.
  await importStatement(page, csvFile, { answer: 'same', asked: [IMRAN_TEXT, FEE_TEXT] });
  await expect(page.getByText(`${entries.length} lines read, 0 of them new.`)).toBeVisible();
  const summary = page.getByRole('region', { name: /^Statement of / });
  await expect(summary).toContainText(`${entries.length} lines, ${entries.length} in the books`);
  await expect(
    page.getByRole('region', { name: `Lines in the books (${entries.length})` }),
  ).toBeVisible();
  await expectBooksAndBankAgree(page, today);
  await shot(page, 'bank-1280-agree');
  await expect(page).toHaveNoAxeViolations();

  // 4. Ayesha's payment was for the wrong month: the treasurer corrects it, the chair confirms.
  const { items: ayeshaEntries } = (await apiAs(
    page,
    `/api/admin/ledger/entries?member_id=${ayesha.id}&kind=dues`,
  )) as { items: { id: number }[] };
  const wrongId = ayeshaEntries[0]!.id;
  await page.goto('/admin/ledger');
  await expect(page.getByRole('heading', { level: 1, name: 'Books' })).toBeVisible();
  const wrong = await journalEntry(page, wrongId);
  await wrong.getByRole('button', { name: 'Correct (reverse)…' }).click();
  const correct = page.getByRole('dialog', { name: `Correct entry #${wrongId}` });
  await correct.getByRole('radio', { name: 'Wrong month' }).check();
  await correct
    .getByLabel('In a sentence')
    .fill(`Her transfer paid ${next.label} ahead; the receipt said ${month.label}.`);
  const proposed = page.waitForResponse((r) =>
    r.url().endsWith(`/api/admin/journal-entries/${wrongId}/reverse`),
  );
  await correct.getByRole('button', { name: 'Correct it' }).click();
  expect((await proposed).status()).toBe(202);
  await expect(correct.getByRole('status')).toContainText(
    'A second admin confirms it from the Books page',
  );
  // The dialog's own button, not its corner's ×.
  await correct.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();
  await expect(wrong).toContainText('waiting for a second admin');

  const chair = await openAs(DEMO_CHAIR);
  await chair.goto('/admin/ledger');
  const waiting = chair.getByRole('region', { name: 'Waiting for a second admin' });
  const proposal = waiting
    .getByRole('listitem')
    .filter({ hasText: `Correct entry #${wrongId}. Why: Wrong month.` });
  await expect(proposal).toContainText(`Her transfer paid ${next.label} ahead`);
  await shot(chair, 'ledger-1280-proposed', false);
  await expect(chair).toHaveNoAxeViolations();
  await proposal.getByRole('button', { name: 'Confirm the correction' }).click();
  await chair
    .getByRole('dialog', { name: 'Confirm the correction' })
    .getByRole('button', { name: 'Confirm', exact: true })
    .click();
  await expect(
    chair.getByText('The payment was corrected: its month is open again, and the member is told.'),
  ).toBeVisible();
  await expect(proposal).toHaveCount(0);

  await page.reload();
  const corrected = await journalEntry(page, wrongId);
  const correctedBy = corrected.getByText(/^Corrected by entry #\d+$/);
  await expect(correctedBy).toBeVisible();
  const reversalId = Number((await correctedBy.textContent())!.split('#')[1]);
  const reversal = await journalEntry(page, reversalId);
  await expect(reversal).toContainText('Reversal');
  await expect(reversal).toContainText('Why: Wrong month.');
  await expect(reversal).toContainText('Proposed by');
  await inMiddle(reversal);
  await shot(page, 'ledger-1280-corrected', false);
  await expect(page).toHaveNoAxeViolations();

  // Her line is open again: the treasurer assigns it to next month, the chair confirms.
  await page.goto('/admin/bank');
  const freed = page.getByRole('region', { name: 'Money in the bank with no receipt (1)' });
  await expect(freed).toContainText(ayesha.uniqueId);
  await freed.getByRole('button', { name: /^Assign / }).click();
  const assign = page.getByRole('dialog', { name: 'Assign money from the bank' });
  await expect(
    assign.getByRole('radio', { name: `${ayesha.name} (${ayesha.uniqueId})` }),
  ).toBeChecked();
  await assign.getByRole('combobox', { name: 'Month' }).selectOption(next.period);
  await assign.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Sent to a second admin' })).toBeFocused();

  await chair.goto('/admin/bank');
  await chair
    .getByRole('region', { name: 'Money in the bank with no receipt (1)' })
    .getByRole('button', { name: 'Confirm the payment' })
    .click();
  const confirm = chair.getByRole('dialog', { name: 'Confirm this payment?' });
  await expect(confirm).toContainText(ayesha.name);
  await expect(confirm).toContainText(`Dues for ${next.label}`);
  await confirm.getByRole('button', { name: 'Confirm the payment' }).click();
  await expect(chair.getByRole('heading', { name: 'Payment recorded' })).toBeVisible();

  await expectBooksAndBankAgree(page, today);
  await page.reload();
  await expect(
    page
      .getByRole('region', { name: 'The books against the bank' })
      .getByRole('heading', { name: 'Books and bank agree' }),
  ).toBeVisible();
  await shot(page, 'bank-1280-after-correction');

  // 5. Ayesha on her phone, in Urdu: the correction on her statement, this month open again.
  const phone = await openPhone(browser, { locale: 'ur' });
  const member = phone.page;
  try {
    await member.goto('/sign-in');
    await member.locator('input[type="email"]').fill(ayesha.email);
    await member.locator('input[type="password"]').fill(DEMO_PASSWORD);
    await member.locator('form button[type="submit"]').click();
    await expect(member).toHaveURL(/\/user$/);
    await expect(member.locator('html')).toHaveAttribute('lang', 'ur');
    await expect(member.locator('html')).toHaveAttribute('dir', 'rtl');

    await member.goto('/user/statement');
    await expect(
      member.getByRole('heading', { level: 1, name: statementUr['statement.title'] }),
    ).toBeVisible();
    const lines = member.getByRole('list', { name: statementUr['statement.lines.caption'] });
    const correction = lines.getByRole('listitem').filter({ hasText: WRONG_MONTH_UR });
    await expect(correction).toHaveCount(1);
    await expect(correction).toContainText(`${formatDay(today, 'ur')} ${WRONG_MONTH_UR}`);
    // What her phone shows: the statement's lines in the window (a whole-page capture draws the
    // phone's sticky header where the window was).
    await inMiddle(correction);
    await shot(member, 'ur-390-statement', false);

    await member.goto('/user/monthly-pay');
    await expect(
      member.getByRole('heading', { level: 1, name: duesUr['dues.title'] }),
    ).toBeVisible();
    const rows = member.getByRole('region', { name: duesUr['dues.rows.title'] });
    const thisMonth = rows
      .getByRole('listitem')
      .filter({ hasText: formatMonth(month.period, 'ur') });
    await expect(thisMonth.getByRole('button', { name: duesUr['dues.rows.payNow'] })).toBeVisible();
    const nextMonth = rows
      .getByRole('listitem')
      .filter({ hasText: formatMonth(next.period, 'ur') });
    await expect(nextMonth.getByText(duesUr['dues.rows.completed']!)).toBeVisible();
    const history = member.getByRole('region', { name: duesUr['dues.history.title'] });
    await expect(history.getByText(duesUr['dues.history.reversed']!)).toBeVisible();
    await inMiddle(rows);
    await shot(member, 'ur-390-monthly-pay', false);
  } finally {
    await phone.close();
  }
});
