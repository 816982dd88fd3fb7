import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { camt053, mt940, type BankEntry } from '../../../test/support/bank-files.ts';
import { onePagePdf } from '../../../test/support/uploads.ts';
import {
  applyOverHttp,
  bearer,
  multipart,
  plain,
  postForm,
  useTestAppEach,
} from '../../../test/harness.ts';
import { bankLines } from '../../db/schema/bank.ts';
import { addDaysToDate, localDate, periodOf } from '../../lib/calendar.ts';
import { cashAtEndOf } from '../ledger/public.ts';

// Issue 37, point 8: GET /api/admin/reconciliation sets the bank's balance on a day beside the
// books' cash then. Everything matched and linked: they agree, nothing listed. Money in the
// bank the books lack, then a payout the bank lacks: each is listed, and the difference is its
// amount. Point 6 beside it: a receipt is flagged by the latest statement covering its day.

// Each test tells the story from its start on a database of its own: the figures asked are
// the whole association's, which another test's lines and payouts would move.
const t = useTestAppEach();

const today = localDate(new Date());
const period = periodOf(today);
const day = (n: number) => addDaysToDate(today, n);

let token = '';
type Member = { id: number; uniqueId: string; name: string; token: string };
async function member(name: string, joinedOn = `${period}-01`): Promise<Member> {
  const user = await t.makeUser({ name, joinedOn });
  return { id: user.id, uniqueId: user.uniqueId, name, token: await t.login(user.email) };
}
const get = (url: string) => t.app.inject({ url, headers: bearer(token) });
const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

async function payDues(m: Member, extra: Record<string, string> = {}): Promise<number> {
  const res = await postForm(
    t.app,
    '/api/save-monthly-payment',
    m.token,
    multipart(
      { payment_amount: '200', month: period, account_number: 'ENBD 1', ...extra },
      { photo: { filename: 'r.pdf', contentType: 'application/pdf', data: await onePagePdf() } },
    ),
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payment.id;
}

async function importFile(data: Buffer, filename: string): Promise<number> {
  const res = await postForm(
    t.app,
    '/api/admin/bank-statements',
    token,
    multipart({}, { file: { filename, contentType: 'application/octet-stream', data } }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().statement.id;
}

const reconciliation = async (asOf: string) => {
  const res = await get(`/api/admin/reconciliation?as_of=${asOf}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

let openingFils = 0;
let omar: Member;
const paymentIds: Record<string, number> = {};
let month: BankEntry[] = [];
let firstId = 0;
let secondId = 0;

/** Three dues and a payout: one waiting, one approved from its photo, and a loan paid out. */
async function association(): Promise<void> {
  const admin = await t.makeUser({ role: 'admin', name: 'Treasurer Fatima' });
  token = await t.login(admin.email);
  await t.fundCash(500_000, new Date(Date.now() - 40 * 86_400_000));
  openingFils = await cashAtEndOf(t.db, day(-10));
  const amina = await member('Amina Yusuf');
  const sara = await member('Sara Iqbal');
  omar = await member('Omar Haddad');
  const rashid = await member('Rashid Khan', '2026-01-01');
  // Waiting for the statement.
  paymentIds.amina = await payDues(amina, { transfer_date: day(-2) });
  // Approved from its photo before the statement came: in the books already.
  paymentIds.sara = await payDues(sara);
  const approved = await post(`/api/admin/payments/${paymentIds.sara}/approve`, {});
  expect(approved.statusCode, approved.body).toBe(200);
  const loanId = await applyOverHttp(t.app, rashid.token, { loan_amount: '1000' });
  for (const step of ['approve', 'disburse'])
    expect((await post(`/api/admin/loans/${loanId}/${step}`, {})).statusCode).toBe(200);
  month = [
    { day: day(-2), amountFils: 20_000, ref: 'FT-A1', text: `${amina.uniqueId} dues` },
    { day: day(-1), amountFils: 20_000, ref: 'FT-S1', text: 'Monthly', party: 'Sara Iqbal' },
    { day: today, amountFils: -100_000, ref: 'PO-R1', text: `Loan ${rashid.uniqueId}` },
  ];
}

/** The association, and the bank's statement of those days imported and approved. */
async function monthApproved(): Promise<{ approved: Record<string, unknown[]> }> {
  await association();
  firstId = await importFile(camt053(openingFils, month), 'month.xml');
  const approved = (await post(`/api/admin/bank-statements/${firstId}/approve`, {})).json();
  return { approved };
}

const deposit: BankEntry = { day: today, amountFils: 15_000, ref: 'CD-9', text: 'Cash deposit' };

/** Then a second statement of the same days with a cash deposit the books lack. */
async function depositImported(): Promise<void> {
  await monthApproved();
  secondId = await importFile(mt940(openingFils, [...month, deposit]), 'month.sta');
}

/** Then the deposit assigned to Omar's dues: books and bank agree again. */
async function depositAssigned(): Promise<void> {
  await depositImported();
  const r = await reconciliation(today);
  const assigned = await post(`/api/admin/bank-lines/${r.lines_not_in_books[0].id}/assign`, {
    member_id: omar.id,
    period,
  });
  expect(assigned.statusCode, assigned.body).toBe(201);
}

describe('GET /api/admin/reconciliation', () => {
  it('says the books and the bank agree when every line and movement is linked', async () => {
    const { approved } = await monthApproved();
    expect(approved.approved).toHaveLength(1);
    expect(approved.linked).toHaveLength(2);
    expect(approved.refused).toEqual([]);
    const r = await reconciliation(today);
    const bankFils = openingFils + 20_000 + 20_000 - 100_000;
    expect(r).toEqual({
      as_of: today,
      bank_balance: bankFils / 100,
      statement: { id: firstId, from: day(-2), to: today },
      books_cash: bankFils / 100,
      difference: 0,
      agree: true,
      verdict: 'Books and bank agree.',
      lines_not_in_books: [],
      lines_not_in_books_total: 0,
      entries_not_in_bank: [],
      entries_not_in_bank_total: 0,
    });
    await t.expectBooksBalance();
  });

  it('links a due approved from its photo to its line with its payment, not the entry alone', async () => {
    await monthApproved();
    const [line] = await t.db.select().from(bankLines).where(eq(bankLines.bankRef, 'FT-S1'));
    expect(line).toMatchObject({ paymentId: paymentIds.sara });
    expect(line!.entryId).not.toBeNull();
  });

  it('lists money the bank holds that the books lack, until it is assigned', async () => {
    await depositImported();
    const r = await reconciliation(today);
    expect(r).toMatchObject({
      statement: { id: secondId, from: day(-2), to: today },
      bank_balance: (openingFils - 60_000 + 15_000) / 100,
      books_cash: (openingFils - 60_000) / 100,
      difference: -150,
      agree: false,
      entries_not_in_bank: [],
    });
    expect(r.lines_not_in_books).toEqual([
      expect.objectContaining({ amount: 150, bank_ref: 'CD-9', payment_id: null, entry_id: null }),
    ]);
    expect(plain(r.verdict)).toBe(
      'The books and the bank differ by AED 150: 1 bank line is not in the books, and every movement of the books is in the bank.',
    );
    const assigned = await post(`/api/admin/bank-lines/${r.lines_not_in_books[0].id}/assign`, {
      member_id: omar.id,
      period,
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    expect(await reconciliation(today)).toMatchObject({ difference: 0, agree: true });
  });

  it('lists a payout the bank does not hold', async () => {
    await depositAssigned();
    const george = await member('George Mathew', '2026-01-01');
    const loanId = await applyOverHttp(t.app, george.token, { loan_amount: '500' });
    for (const step of ['approve', 'disburse'])
      expect((await post(`/api/admin/loans/${loanId}/${step}`, {})).statusCode).toBe(200);
    const r = await reconciliation(today);
    expect(r).toMatchObject({
      bank_balance: (openingFils - 45_000) / 100,
      books_cash: (openingFils - 95_000) / 100,
      difference: -500,
      agree: false,
      lines_not_in_books: [],
    });
    expect(r.entries_not_in_bank).toEqual([
      expect.objectContaining({
        kind: 'disbursement',
        amount: -500,
        occurred_on: today,
        member: expect.objectContaining({ id: george.id }),
      }),
    ]);
    expect(plain(r.verdict)).toBe(
      'The books and the bank differ by AED 500: every bank line is in the books, and 1 movement of the books is not in the bank.',
    );
  });

  it('takes both sides at the end of the day asked, and says when no statement covers it', async () => {
    await monthApproved();
    // Yesterday the bank had the two dues. The books had Amina's from the day the bank did: it
    // was approved from its line, and dated by it (issue 49); Sara's only from today, when it
    // was approved from its photo.
    const yesterday = await reconciliation(day(-1));
    expect(yesterday).toMatchObject({
      bank_balance: (openingFils + 40_000) / 100,
      books_cash: (openingFils + 20_000) / 100,
      difference: -200,
      agree: false,
      entries_not_in_bank: [],
    });
    expect(yesterday.lines_not_in_books.map((l: { bank_ref: string }) => l.bank_ref)).toEqual([
      'FT-S1',
    ]);
    const before = await reconciliation(day(-30));
    expect(before).toMatchObject({
      bank_balance: null,
      statement: null,
      books_cash: openingFils / 100,
      difference: null,
      agree: false,
      lines_not_in_books: [],
      entries_not_in_bank: [],
    });
    expect(before.verdict).toMatch(/^No bank statement covers .+ yet: import one to compare\.$/);
  });
});

describe('GET /api/admin/reconciliation?limit', () => {
  it("lists a line linked only later and a line linked to nothing in the bank's order, the first `limit` of both", async () => {
    await monthApproved();
    // The month again with the bank's profit share of the same day as Sara's due: the line is
    // in the books of no day, Sara's from today (approved from its photo).
    const share: BankEntry = { day: day(-1), amountFils: 500, ref: 'PS-1', text: 'Profit share' };
    await importFile(mt940(openingFils, [...month, share]), 'month-again.sta');
    const refs = (r: { lines_not_in_books: Array<{ bank_ref: string }> }) =>
      r.lines_not_in_books.map((l) => l.bank_ref);
    const all = await reconciliation(day(-1));
    expect(refs(all)).toEqual(['FT-S1', 'PS-1']);
    expect(all.lines_not_in_books_total).toBe(2);
    const res = await get(`/api/admin/reconciliation?as_of=${day(-1)}&limit=1`);
    expect(res.statusCode, res.body).toBe(200);
    expect(refs(res.json())).toEqual(['FT-S1']);
    expect(res.json().lines_not_in_books_total).toBe(2);
    // Today Sara's line is in the books, and the profit share alone is not.
    expect(refs(await reconciliation(today))).toEqual(['PS-1']);
  });
});

describe('GET /api/admin/bank-statements/unseen', () => {
  it('flags a receipt by the latest statement covering its day, and one no statement covers by none', async () => {
    await depositAssigned();
    const bilal = await member('Bilal Khan');
    const nadia = await member('Nadia Rahman');
    const zain = await member('Zain Ali');
    const late = await payDues(bilal, { transfer_date: day(-1) });
    const early = await payDues(nadia, { transfer_date: day(-20) });
    await payDues(zain, { transfer_date: day(-40) });
    const olderId = await importFile(
      camt053(openingFils, [
        { day: day(-22), amountFils: 5_000, ref: 'OLD-1', text: 'Profit share' },
        { day: day(-18), amountFils: -1_000, ref: 'OLD-2', text: 'Bank charges' },
      ]),
      'older.xml',
    );
    const items = (await get('/api/admin/bank-statements/unseen')).json().items;
    expect(items).toEqual([
      { payment_id: late, statement: { id: secondId, bank: null, from: day(-2), to: today } },
      { payment_id: early, statement: { id: olderId, bank: null, from: day(-22), to: day(-18) } },
    ]);
  });
});
