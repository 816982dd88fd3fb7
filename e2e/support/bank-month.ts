import type { APIRequestContext, Page } from '@playwright/test';
import { tryParseAed } from '../../packages/money/src/fils.ts';
import type { BankEntry } from '../../apps/server/test/support/bank-files.ts';
import { postReceiptAs } from './dues.ts';
import { apiAs, expect, type MailTo } from './fixtures.ts';
import { DEMO_PASSWORD } from './members.ts';

// A month of the association's bank as own-books.spec.ts builds it (issue 49): members made
// through the API, their receipts, the movements of cash the books already hold that the
// statement must hold too, and the bank's CSV export of the lines. admin-bank.spec.ts makes
// its members and receipts the same way.

export interface Member {
  id: number;
  uniqueId: string;
  name: string;
  email: string;
  token: string;
}

const DUBAI_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Dubai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
/** The Dubai day of `at`, as YYYY-MM-DD. */
export const dubaiDay = (at: Date) => DUBAI_DAY.format(at);

/** Integer fils of an AED amount of the API (200, 26.25). */
export function filsOf(amount: number): number {
  const fils = tryParseAed(amount);
  if (fils === null) throw new Error(`not an AED amount: ${amount}`);
  return fils;
}

/** A member made by the treasurer, who sets their password with the link mailed to them. */
export async function newMember(
  request: APIRequestContext,
  adminToken: string,
  mailTo: MailTo,
  {
    name,
    email,
    mobile = '+971 50 411 2233',
    language,
  }: { name: string; email: string; mobile?: string; language?: string },
): Promise<Member> {
  const created = await request.post('/api/admin/members', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { name, email, mobile, ...(language ? { language } : {}) },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { member } = (await created.json()) as { member: { id: number; unique_id: string } };
  const mail = await mailTo(email);
  const token = new URL(mail.link!).searchParams.get('token')!;
  const set = await request.post('/api/password/set', {
    data: { token, password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD },
  });
  expect(set.ok(), await set.text()).toBe(true);
  const { access_token } = (await set.json()) as { access_token: string };
  return { id: member.id, uniqueId: member.unique_id, name, email, token: access_token };
}

/** The member's receipt for the due of `period`, transferred today. */
export async function sendDuesReceipt(
  request: APIRequestContext,
  member: Member,
  period: string,
  amount: number,
) {
  await postReceiptAs(request, member.token, {
    month: period,
    amount,
    transferDate: dubaiDay(new Date()),
  });
}

interface JournalEntry {
  id: number;
  kind: string;
  memo: string;
  occurred_at: string;
  reversed_by_entry_id: number | null;
  bank_line_id: number | null;
  loan_id: number | null;
  postings: { account_code: string; account_name: string; debit: number; credit: number }[];
}

/**
 * The movements of cash of `day` that no bank line holds yet (the demo's, or another spec's in
 * a full run): the bank has them too, so a statement of the day holds them, with the member's
 * ID where the books name one.
 */
export async function cashNotInBank(
  page: Page,
  day: string,
): Promise<{ amountFils: number; text: string; memberId: string | null }[]> {
  const entries: JournalEntry[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `from=${day}&limit=100${cursor ? `&cursor=${cursor}` : ''}`;
    const answer = (await apiAs(page, `/api/admin/ledger/entries?${query}`)) as {
      items: JournalEntry[];
      next_cursor: string | null;
    };
    entries.push(...answer.items);
    cursor = answer.next_cursor;
  } while (cursor);
  const open = entries.filter(
    (e) =>
      dubaiDay(new Date(e.occurred_at)) === day &&
      !['opening', 'reversal'].includes(e.kind) &&
      e.reversed_by_entry_id === null &&
      e.bank_line_id === null,
  );
  // A loan's payout and repayments name no member in their postings: the borrower's ID, as the
  // bank's line of the transfer would carry it.
  const borrowers = new Map<number, string>();
  for (const loanId of new Set(open.flatMap((e) => (e.loan_id === null ? [] : [e.loan_id]))))
    borrowers.set(
      loanId,
      ((await apiAs(page, `/api/admin/loans/${loanId}`)) as { member: { unique_id: string } })
        .member.unique_id,
    );
  return open
    .flatMap((e) => {
      const cashFils = e.postings
        .filter((p) => p.account_code === 'cash')
        .reduce((sum, p) => sum + filsOf(p.debit) - filsOf(p.credit), 0);
      const id =
        e.postings.map((p) => /\((JM\d+)\)/.exec(p.account_name)?.[1]).find(Boolean) ??
        (e.loan_id === null ? undefined : borrowers.get(e.loan_id));
      if (cashFils === 0) return [];
      return [{ amountFils: cashFils, text: `${e.memo} ${id ?? ''}`.trim(), memberId: id ?? null }];
    })
    .reverse();
}

const money = (fils: number) =>
  `${fils < 0 ? '-' : ''}${Math.floor(Math.abs(fils) / 100)}.${String(Math.abs(fils) % 100).padStart(2, '0')}`;

/**
 * The bank's CSV export of the same entries as its camt.053 (Date, Description, Amount,
 * Balance): no column of the bank's references, so nothing but the text tells its lines apart.
 */
export function csvWithoutReference(openingFils: number, entries: BankEntry[]): Buffer {
  let balance = openingFils;
  const rows = [...entries]
    .sort((a, b) => a.day.localeCompare(b.day))
    .map((e) => {
      balance += e.amountFils;
      return `${e.day},"${e.text.replace(/"/g, '""')}",${money(e.amountFils)},${money(balance)}`;
    });
  return Buffer.from(['Date,Description,Amount,Balance', ...rows].join('\r\n') + '\r\n');
}
