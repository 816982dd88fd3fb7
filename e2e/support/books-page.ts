import type { Locator, Page } from '@playwright/test';
import { apiAs, expect } from './fixtures.ts';

// The treasurer's pages of the books in a spec (own-books.spec.ts): the bank page's verdict and
// import, and the journal's entries.

interface Reconciliation {
  agree: boolean;
  verdict: string;
  bank_balance: number | null;
  books_cash: number;
  lines_not_in_books: { amount: number; text: string; booked_on: string }[];
  entries_not_in_bank: { amount: number; memo: string; member: { unique_id: string } | null }[];
}

/**
 * The page says the books and the bank agree; when they do not, the failure says what is
 * still open, from the reconciliation the page reads.
 */
export async function expectBooksAndBankAgree(page: Page, day: string) {
  const panel = page.getByRole('region', { name: 'The books against the bank' });
  await panel.getByRole('button', { name: 'Check again' }).click();
  const recon = (await apiAs(page, `/api/admin/reconciliation?as_of=${day}`)) as Reconciliation;
  const open = [
    recon.verdict,
    `bank ${recon.bank_balance}, books ${recon.books_cash}`,
    ...recon.lines_not_in_books.map((l) => `bank line not in the books: ${l.amount} "${l.text}"`),
    ...recon.entries_not_in_bank.map(
      (e) => `movement not in the bank: ${e.amount} "${e.memo}" ${e.member?.unique_id ?? ''}`,
    ),
  ].join('\n');
  expect(recon.agree, open).toBe(true);
  await expect(panel.getByRole('heading', { name: 'Books and bank agree' })).toBeVisible();
}

/**
 * Imports the file. The lines that look like lines already held, if the server asks about them,
 * are `answer`; `asked` are texts of lines it must ask about.
 */
export async function importStatement(
  page: Page,
  file: string,
  { answer, asked = [] }: { answer: 'same' | 'new'; asked?: string[] },
) {
  await page.getByLabel('The statement (CSV, camt.053 XML or MT940)').setInputFiles(file);
  await page.getByLabel("The bank's name (optional)").fill('Emirates Islamic');
  if (file.endsWith('.csv')) {
    const mapping = page.getByRole('group', { name: 'Which column holds what' });
    await expect(mapping.getByRole('combobox', { name: 'Date of the transaction' })).toHaveValue(
      'Date',
    );
    await expect(mapping.getByRole('radio', { name: 'One column, with a sign' })).toBeChecked();
    await expect(
      mapping.getByRole('combobox', { name: 'Amount (money in above 0, money out below)' }),
    ).toHaveValue('Amount');
    await expect(mapping.getByRole('combobox', { name: 'Description (optional)' })).toHaveValue(
      'Description',
    );
    await expect(mapping.getByRole('combobox', { name: 'Reference (optional)' })).toHaveValue('');
  }
  await page.getByRole('button', { name: 'Import the statement' }).click();
  const imported = page.getByRole('heading', { name: 'Statement imported' });
  const lookalikes = page.getByRole('heading', {
    name: /(looks like a line|look like lines) you already have$/,
  });
  if (asked.length > 0) await expect(lookalikes).toBeFocused();
  else await expect(imported.or(lookalikes)).toBeVisible();
  if (await lookalikes.isVisible()) {
    const list = page.getByRole('list', { name: 'Lines that look like lines you already have' });
    for (const text of asked) await expect(list).toContainText(text);
    await page
      .getByRole('button', {
        name: answer === 'same' ? 'They are the same lines' : 'They are new lines',
      })
      .click();
  }
  await expect(imported).toBeFocused();
}

/** Scrolls `element` to the middle of the window, clear of the page's sticky bars. */
export async function inMiddle(element: Locator) {
  await element.evaluate((e) => e.scrollIntoView({ block: 'center' }));
}

/** A journal entry of the ledger page, asking for more of the journal until it shows. */
export async function journalEntry(page: Page, id: number): Promise<Locator> {
  const entry = page.getByRole('listitem', { name: `Entry #${id}`, exact: true });
  const more = page.getByRole('button', { name: 'Show more' });
  for (;;) {
    await expect(entry.or(more).first()).toBeVisible();
    if (await entry.isVisible()) return entry;
    await more.click();
  }
}
