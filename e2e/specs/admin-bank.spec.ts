import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DESKTOP, PHONE, apiAs, expect, signIn, test } from '../support/fixtures.ts';
import { dubaiDay, newMember, sendDuesReceipt, type Member } from '../support/bank-month.ts';
import { dubaiMonth } from '../support/figures.ts';
import { DEMO_ADMIN, DEMO_CHAIR } from '../support/members.ts';
import { sideways } from '../support/overflow.ts';
import { foreignWords, walker } from '../support/walk.ts';

// Issue 37: the month-end against the bank. Twenty members send receipts for this month's due,
// two of them invented (no transfer reached the bank); the bank's statement, a CSV export whose
// columns the treasurer maps, holds the eighteen real transfers, each with the member's ID in
// its text, and a cash deposit from a twenty-first member who sent no receipt. The treasurer
// imports it, approves the eighteen matches in one step, sees the two invented receipts flagged
// and assigns the deposit; the demo has two admins, so the chair confirms the assignment; the
// books and the bank then agree. The treasurer's decisions from /admin to the verdict are
// counted (at most 10, the target). Screenshots go to .tmp/shots-bank.

const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/shots-bank');

const PAYERS = [
  'Layla Haddad',
  'Karim Nasser',
  'Sana Qureshi',
  'Rashid Al Amri',
  'Meena Iyer',
  'Faisal Darwish',
  'Noor Siddiqui',
  'Arjun Pillai',
  'Hiba Mansour',
  'Tariq Jaber',
  'Divya Krishnan',
  'Samir Khoury',
  'Reem Al Shamsi',
  'Vivek Nambiar',
  'Lina Barakat',
  'خالد العتيبي',
  'مريم الكعبي',
  'سلمى الحوسني',
];
/** Their receipts are invented: no transfer of theirs is in the bank. */
const INVENTERS = ['Yasmin Bakr', 'Adel Rahimi'];
/** Paid in cash at the bank and sent no receipt. */
const DEPOSITOR = 'يوسف البلوشي';

interface JournalEntry {
  kind: string;
  memo: string;
  occurred_at: string;
  reverses_entry_id: number | null;
  id: number;
  postings: { account_code: string; account_name: string; debit: number; credit: number }[];
}

/**
 * The movements of cash the books already hold today (another spec's approvals, in a full
 * run): the statement holds their transfers too, with the member's ID, or the bank and the
 * books could not agree.
 */
async function cashMovedToday(page: Page): Promise<{ amount: number; text: string }[]> {
  const today = dubaiDay(new Date());
  const { items } = (await apiAs(page, '/api/admin/ledger/entries?limit=100')) as {
    items: JournalEntry[];
  };
  const reversed = new Set(items.flatMap((e) => e.reverses_entry_id ?? []));
  return items
    .filter(
      (e) =>
        dubaiDay(new Date(e.occurred_at)) === today &&
        !['opening', 'reversal'].includes(e.kind) &&
        !reversed.has(e.id),
    )
    .flatMap((e) => {
      const cash = e.postings
        .filter((p) => p.account_code === 'cash')
        .reduce((sum, p) => sum + Math.round(p.debit * 100) - Math.round(p.credit * 100), 0);
      const id = e.postings.map((p) => /\((JM\d+)\)/.exec(p.account_name)?.[1]).find(Boolean);
      return cash === 0 ? [] : [{ amount: cash / 100, text: `${e.memo} ${id ?? ''}`.trim() }];
    })
    .reverse();
}

const money = (fils: number) =>
  (fils / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const cell = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * The bank's export of today's lines, as an Indian-owned UAE bank writes it: day first,
 * thousands separated, money in and money out in two columns, a running balance.
 */
function statementCsv(openingFils: number, lines: { amount: number; text: string; ref: string }[]) {
  const [year, month, day] = dubaiDay(new Date()).split('-');
  const date = `${day}/${month}/${year}`;
  let balance = openingFils;
  const rows = lines.map((l) => {
    const fils = Math.round(l.amount * 100);
    balance += fils;
    return [
      date,
      date,
      l.text,
      l.ref,
      fils < 0 ? money(-fils) : '',
      fils > 0 ? money(fils) : '',
      money(balance),
    ]
      .map(cell)
      .join(',');
  });
  const header =
    'Txn Date,Value Date,Particulars,Cheque/Ref No,Withdrawal Amt,Deposit Amt,Closing Balance';
  return '\uFEFF' + [header, ...rows].join('\r\n') + '\r\n';
}

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

async function expectWithinWidth(page: Page, what: string) {
  const found = await sideways(page);
  expect(found.scrollWidth, `${what} scrolls sideways`).toBe(0);
  expect(found.wide, `what sticks out of ${what}`).toEqual([]);
}

test('the month-end: a statement imported, 18 matches approved, a deposit assigned by two admins, books and bank agree', async ({
  page,
  request,
  browser,
  openAs,
  mailTo,
}) => {
  test.setTimeout(240_000);
  await signIn(page, DEMO_ADMIN);
  const adminToken = (await page.evaluate(() => localStorage.getItem('ts_token')))!;
  const { monthly_due: due } = (await apiAs(page, '/api/settings')) as { monthly_due: number };

  // 1. Twenty-one members; twenty send a receipt for this month's due.
  const names = [...PAYERS, ...INVENTERS, DEPOSITOR];
  const members: Member[] = [];
  for (const [n, name] of names.entries())
    members.push(
      await newMember(request, adminToken, mailTo, {
        name,
        email: `bank.member${n}@e2e.example`,
        mobile: `+971 50 300 ${String(1000 + n)}`,
      }),
    );
  for (const m of members.slice(0, PAYERS.length + INVENTERS.length))
    await sendDuesReceipt(request, m, dubaiMonth().period, due);
  const payers = members.slice(0, PAYERS.length);
  const depositor = members.at(-1)!;

  // 2. The bank's statement: it opens with the books' cash at the end of yesterday.
  const yesterday = dubaiDay(new Date(Date.now() - 24 * 3600_000));
  const before = (await apiAs(page, `/api/admin/reconciliation?as_of=${yesterday}`)) as {
    books_cash: number;
  };
  const already = await cashMovedToday(page);
  const lines = [
    ...payers.map((m, i) => ({
      amount: due,
      text: /\p{Script=Arabic}/u.test(m.name)
        ? `تحويل وارد ${m.name} ${m.uniqueId} اشتراك`
        : `INWARD TRANSFER ${m.name.toUpperCase()} ${m.uniqueId} MONTHLY DUE`,
      ref: `FT${String(26_330_000 + i)}`,
    })),
    ...already.map((a, i) => ({ ...a, ref: `FT${String(26_340_000 + i)}` })),
    { amount: due, text: `CASH DEPOSIT ${depositor.uniqueId}`, ref: 'CD7781' },
  ];
  const file = path.join(test.info().outputDir, 'enbd-statement.csv');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, statementCsv(Math.round(before.books_cash * 100), lines), 'utf8');

  // 3. The treasurer's month-end, from /admin: each decision is counted.
  let decisions = 0;
  const decide = async (action: () => Promise<unknown>) => {
    decisions++;
    await action();
  };
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Admin area' });
  await decide(() => nav.getByRole('link', { name: 'Bank statements' }).click());
  await expect(page.getByRole('heading', { level: 1, name: 'Bank statements' })).toBeVisible();
  await expect(page.getByText('No bank statement yet')).toBeVisible();
  await expect(page).toHaveNoAxeViolations();

  await decide(() =>
    page.getByLabel('The statement (CSV, camt.053 XML or MT940)').setInputFiles(file),
  );
  // The columns mapped from their names; the treasurer checks them against the first rows.
  const mapping = page.getByRole('group', { name: 'Which column holds what' });
  await expect(mapping.getByRole('table', { name: "The file's first 5 rows" })).toBeVisible();
  await expect(mapping.getByRole('combobox', { name: 'Date of the transaction' })).toHaveValue(
    'Txn Date',
  );
  await expect(
    mapping.getByRole('radio', { name: 'Two columns: money in and money out' }),
  ).toBeChecked();
  await expect(mapping.getByRole('combobox', { name: 'Money in (credit)' })).toHaveValue(
    'Deposit Amt',
  );
  await expect(mapping.getByRole('combobox', { name: 'Money out (debit)' })).toHaveValue(
    'Withdrawal Amt',
  );
  await expect(mapping.getByRole('combobox', { name: 'Description (optional)' })).toHaveValue(
    'Particulars',
  );
  await expect(
    mapping.getByRole('combobox', { name: 'Balance after each line (optional)' }),
  ).toHaveValue('Closing Balance');
  // Before the 13th, a date like 05/11 reads either way: the treasurer says which.
  const order = mapping.getByRole('combobox', { name: 'How the dates are written' });
  if ((await order.inputValue()) === '') await decide(() => order.selectOption('dmy'));
  await expect(order).toHaveValue('dmy');
  await decide(() => page.getByLabel("The bank's name (optional)").fill('Emirates NBD'));
  await expect(page).toHaveNoAxeViolations();
  await decide(() => page.getByRole('button', { name: 'Import the statement' }).click());

  await expect(page.getByRole('heading', { name: 'Statement imported' })).toBeFocused();
  await expect(
    page.getByText(`${lines.length} lines read, ${lines.length} of them new.`),
  ).toBeVisible();

  // 4. The matches: each payer's transfer beside her receipt, by her ID.
  const matchCount = payers.length + already.length;
  const matches = page.getByRole('region', { name: `Matches proposed (${matchCount})` });
  await expect(matches).toBeVisible();
  for (const m of payers)
    await expect(
      matches.getByRole('checkbox', { name: new RegExp(`^Approve .${m.name}.,`) }),
    ).toBeChecked();
  // The two invented receipts are flagged: the bank has not seen them.
  const unseen = page.getByRole('region', { name: /^Receipts the bank has not seen \(\d+\)$/ });
  for (const name of INVENTERS) await expect(unseen).toContainText(name);
  await expect(unseen.getByText('Not found in this bank statement')).toHaveCount(
    await unseen.getByRole('listitem').count(),
  );
  await shot(page, 'en-1280-matches');
  await expect(page).toHaveNoAxeViolations();
  await page.setViewportSize(PHONE);
  await expectWithinWidth(page, 'the matches at 390 px');
  await shot(page, 'en-390-matches');
  await page.setViewportSize(DESKTOP);

  await decide(() =>
    matches.getByRole('button', { name: `Approve all ${matchCount} matches` }).click(),
  );
  await expect(page.getByRole('heading', { name: 'Matches approved' })).toBeFocused();
  await expect(page.getByText(new RegExp(`^${payers.length} payments approved`))).toBeVisible();

  // 5. The deposit with no receipt, assigned to its member for this month: proposed (two admins).
  const unmatched = page.getByRole('region', { name: 'Money in the bank with no receipt (1)' });
  await expect(unmatched).toContainText(`CASH DEPOSIT ${depositor.uniqueId}`);
  await decide(() => unmatched.getByRole('button', { name: /^Assign/ }).click());
  const dialog = page.getByRole('dialog', { name: 'Assign money from the bank' });
  await expect(dialog.getByLabel('Member')).toHaveValue(depositor.uniqueId);
  await expect(
    dialog.getByRole('radio', { name: `${depositor.name} (${depositor.uniqueId})` }),
  ).toBeChecked();
  await expect(dialog.getByRole('combobox', { name: 'Month' })).toHaveValue(dubaiMonth().period);
  await expect(page).toHaveNoAxeViolations();
  await decide(() => dialog.getByRole('button', { name: 'Assign' }).click());
  await expect(page.getByRole('heading', { name: 'Sent to a second admin' })).toBeFocused();
  await expect(unmatched.getByText(/You proposed this, so you cannot confirm it/)).toBeVisible();

  // 6. The chair confirms it, from the overview's list of what waits for a second admin.
  const chair = await openAs(DEMO_CHAIR);
  const waiting = chair.getByRole('region', { name: 'Waiting for a second admin' });
  const item = waiting
    .getByRole('listitem')
    .filter({ hasText: 'Money from the bank assigned to a member' });
  await item.getByRole('link', { name: 'Open the bank statements' }).click();
  await expect(chair).toHaveURL(/\/admin\/bank$/);
  await chair.getByRole('button', { name: 'Confirm the payment' }).click();
  const confirm = chair.getByRole('dialog', { name: 'Confirm this payment?' });
  await expect(confirm).toContainText(depositor.name);
  await confirm.getByRole('button', { name: 'Confirm the payment' }).click();
  await expect(chair.getByRole('heading', { name: 'Payment recorded' })).toBeVisible();

  // 7. The treasurer reads the books against the bank again: they agree.
  const reconcile = page.getByRole('region', { name: 'The books against the bank' });
  await decide(() => reconcile.getByRole('button', { name: 'Check again' }).click());
  await expect(reconcile.getByRole('heading', { name: 'Books and bank agree' })).toBeVisible();
  console.log(`The treasurer's decisions from /admin to "Books and bank agree": ${decisions}`);
  expect(decisions).toBeLessThanOrEqual(10);
  const trial = (await apiAs(page, '/api/admin/ledger/trial-balance')) as { balanced: boolean };
  expect(trial.balanced).toBe(true);
  await expect(
    page.getByRole('region', { name: 'Money in the bank with no receipt (0)' }),
  ).toBeVisible();
  await expect(page).toHaveNoAxeViolations();

  // 8. The page as it is now, on a desk, on phones, and in Arabic.
  await page.reload();
  await expect(reconcile.getByRole('heading', { name: 'Books and bank agree' })).toBeVisible();
  await shot(page, 'en-1280');
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: PHONE.height });
    await expect(reconcile.getByRole('heading', { name: 'Books and bank agree' })).toBeVisible();
    await expectWithinWidth(page, `/admin/bank at ${width} px`);
    await shot(page, `en-${width}`);
  }
  await expect(page).toHaveNoAxeViolations();

  const arabic = await browser.newContext({
    locale: 'ar',
    viewport: PHONE,
    serviceWorkers: 'block',
  });
  try {
    const ar = await arabic.newPage();
    const walk = walker(ar);
    await ar.goto('/');
    await ar.evaluate((t) => localStorage.setItem('ts_token', t), adminToken);
    const reading = await walk.read('/admin/bank');
    expect(reading.dir).toBe('rtl');
    await expect(ar.getByRole('heading', { name: 'الدفاتر مطابقة للبنك' })).toBeVisible();
    expect(foreignWords(reading, walk)).toEqual([]);
    await expectWithinWidth(ar, '/admin/bank in Arabic');
    await shot(ar, 'ar-390');
    await expect(ar).toHaveNoAxeViolations();
  } finally {
    await arabic.close();
  }
});
