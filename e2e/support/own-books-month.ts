import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { camt053, type BankEntry } from '../../apps/server/test/support/bank-files.ts';
import {
  cashNotInBank,
  csvWithoutReference,
  dubaiDay,
  filsOf,
  newMember,
  sendDuesReceipt,
  type Member,
} from './bank-month.ts';
import { approveDues } from './dues.ts';
import { dubaiMonth, dubaiMonthBefore } from './figures.ts';
import { apiAs, type MailTo } from './fixtures.ts';

// The month of own-books.spec.ts (issue 49), set up: four members and their receipts (Imran's
// and Ayesha's approved from the review queue first), and the bank's day as camt.053 and as the
// bank's CSV without its reference column.

export const FEE_TEXT = 'MONTHLY ACCOUNT MAINTENANCE FEE INCL VAT';
export const FEE_FILS = -2625;
export const IMRAN_TEXT = 'FAMILY SUPPORT · MOHD IMRAN';

/** The month, prepared by the treasurer signed in on `page`. */
export async function prepareTheMonth({
  page,
  request,
  mailTo,
  run,
  dir,
}: {
  page: Page;
  request: APIRequestContext;
  mailTo: MailTo;
  run: string;
  dir: string;
}) {
  const adminToken = (await page.evaluate(() => localStorage.getItem('ts_token')))!;
  const { monthly_due: due } = (await apiAs(page, '/api/settings')) as { monthly_due: number };
  const today = dubaiDay(new Date());
  const month = dubaiMonth();
  const next = dubaiMonthBefore(-1);
  const dueFils = filsOf(due);
  // 1. Four members send this month's due; Imran's and Ayesha's receipts are approved first.
  const make = (name: string, n: number, language?: string) =>
    newMember(request, adminToken, mailTo, {
      name,
      email: `own-books.${run}.${n}@e2e.example`,
      language,
    });
  const imran = await make('محمد عمران', 1);
  const ayesha = await make('عائشہ صدیقی', 2, 'ur');
  const others: Member[] = [await make('Rania Saleh', 3), await make('Joseph Varghese', 4)];
  for (const m of [imran, ayesha, ...others]) await sendDuesReceipt(request, m, month.period, due);
  await approveDues(page, imran.name, month.label, due);
  await approveDues(page, ayesha.name, month.label, due);

  // 2. The bank's day, as camt.053. It holds every movement of cash of today no bank line
  // holds yet, those of other members with their ID, and opens where the bank stood before
  // them: the books' cash at the end of yesterday, and after another spec's statement of today
  // in a full run (whose lines are in the books), where that one closed.
  const unlinked = await cashNotInBank(page, today);
  const { books_cash: booksNow } = (await apiAs(
    page,
    `/api/admin/reconciliation?as_of=${today}`,
  )) as { books_cash: number };
  const openingFils = unlinked.reduce((sum, m) => sum - m.amountFils, filsOf(booksNow));
  const ours = new Set([imran, ayesha, ...others].map((m) => m.uniqueId));
  const already = unlinked.filter((m) => m.memberId === null || !ours.has(m.memberId));
  const ref = (n: number) => `EI${run.toUpperCase()}${String(n).padStart(3, '0')}`;
  const entries: BankEntry[] = [
    ...others.map((m, i) => ({
      day: today,
      amountFils: dueFils,
      ref: ref(i),
      text: `INWARD TRANSFER ${m.name.toUpperCase()} ${m.uniqueId} MONTHLY DUE`,
    })),
    { day: today, amountFils: dueFils, ref: ref(10), text: IMRAN_TEXT },
    {
      day: today,
      amountFils: dueFils,
      ref: ref(11),
      text: `INWARD TRANSFER AYESHA SIDDIQUI ${ayesha.uniqueId} ADVANCE DUE ${next.name.toUpperCase()}`,
    },
    { day: today, amountFils: FEE_FILS, ref: ref(12), text: FEE_TEXT },
    ...already.map((a, i) => ({
      day: today,
      amountFils: a.amountFils,
      text: a.text,
      ref: ref(100 + i),
    })),
  ];
  fs.mkdirSync(dir, { recursive: true });
  const camtFile = path.join(dir, 'statement-camt053.xml');
  const csvFile = path.join(dir, 'statement-export.csv');
  fs.writeFileSync(camtFile, camt053(openingFils, entries));
  fs.writeFileSync(csvFile, csvWithoutReference(openingFils, entries));

  return { imran, ayesha, others, entries, already, camtFile, csvFile };
}
