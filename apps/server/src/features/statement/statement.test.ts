import { execFileSync } from 'node:child_process';
import sharp from 'sharp';
import { extractText } from 'unpdf';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { MONTH_NAMES } from '@jamiya/contracts/common';
import { formatMonth } from '@jamiya/money/dates';
import type { Statement } from '@jamiya/contracts/statement';
import {
  bearer,
  createTestApp,
  expectError,
  multipart,
  type TestApp,
  useTestApp,
} from '../../../test/harness.ts';
import { localDate } from '../../lib/calendar.ts';
import { memberSavingsFils } from '../ledger/balances.ts';
import { postEntry, reverseEntry } from '../ledger/ledger.ts';
import { getSettings } from '../settings/settings.ts';
import { pdfAmount } from './statement-pdf.ts';
import { activeLoanOverHttp, signedInAdmin } from '../../../test/signed-in.ts';

const t = useTestApp();
let { admin, adminId, get, newMember, paidDues, approvedRepayment, activeLoan, duesOn } =
  {} as Books;

beforeAll(async () => {
  ({ admin, adminId, get, newMember, paidDues, approvedRepayment, activeLoan, duesOn } =
    await booksOf(t));
});

type Books = Awaited<ReturnType<typeof booksOf>>;

/**
 * A database of the test's own, closed after it, with the kit below on it: for a test that
 * checks the whole books, which the ledger-only dues (`duesOn`) of the others put out of step
 * with the payments.
 */
async function booksOfItsOwn(): Promise<Books> {
  const app = await createTestApp();
  onTestFinished(() => app.close());
  return booksOf(app);
}

/** The treasurer of `t`'s books, with cash to lend, and the ways these tests record money. */
async function booksOf(t: TestApp) {
  // Cash for the loans this file pays out (cash never goes below zero).
  await t.fundCash(10_000_000);
  const treasurer = await signedInAdmin(t);
  const adminId = treasurer.user.id;
  const admin = treasurer.call;

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

  async function newMember(name?: string) {
    const user = await t.makeUser({
      joinedOn: `${localDate(new Date()).slice(0, 7)}-01`,
      ...(name ? { name } : {}),
    });
    return { user, token: await t.login(user.email) };
  }

  /** This month's dues, sent with a receipt by the member and approved by the treasurer. */
  async function paidDues(token: string, amount: string) {
    const photo = await sharp({
      create: { width: 20, height: 20, channels: 3, background: '#fff' },
    })
      .jpeg()
      .toBuffer();
    const month = MONTH_NAMES[Number(localDate(new Date()).slice(5, 7)) - 1]!;
    const form = multipart(
      { payment_amount: amount, month, account_number: 'AE07' },
      { photo: { filename: 'r.jpg', contentType: 'image/jpeg', data: photo } },
    );
    const res = await t.postForm('/api/save-monthly-payment', token, form);
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().payment.id as number;
    expect((await admin('POST', `/api/admin/payments/${id}/approve`)).statusCode).toBe(200);
  }

  /**
   * A loan repayment sent by the member (the spec's amount-only call) and approved by the
   * treasurer.
   */
  async function approvedRepayment(token: string, amount: string) {
    const form = multipart({ payment_amount: amount }, {});
    const res = await t.postForm('/api/save-monthly-payment', token, form);
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().payment.id as number;
    // With no receipt, the treasurer enters the amount received.
    const approved = await admin('POST', `/api/admin/payments/${id}/approve`, {
      amount: Number(amount),
    });
    expect(approved.statusCode, approved.body).toBe(200);
  }

  const activeLoan = (token: string, amount: number) => activeLoanOverHttp(t, token, admin, amount);

  /** Dues paid in on a past day, straight through the ledger (the flows only post "now"). */
  function duesOn(userId: number, at: string, fils: number) {
    return postEntry(t.db, {
      kind: 'dues',
      memo: `Dues paid ${at}`,
      occurredAt: new Date(at),
      createdBy: adminId,
      lines: [
        { account: { code: 'cash' }, amountFils: fils },
        { account: { code: 'savings', userId }, amountFils: -fils },
      ],
    });
  }

  return {
    t,
    admin,
    adminId,
    get,
    newMember,
    paidDues,
    approvedRepayment,
    activeLoan,
    duesOn,
  };
}

const json = (res: { json(): unknown }) => res.json() as Statement;

describe('GET /api/my-statement', () => {
  it("closes at the ledger's balance after dues, a loan and repayments", async () => {
    const { t, admin, get, newMember, paidDues, activeLoan } = await booksOfItsOwn();
    const { user, token } = await newMember('Hassan Ali');
    await paidDues(token, '200');
    const loanId = await activeLoan(token, 600);
    await admin('POST', `/api/admin/loans/${loanId}/repayments`, { amount: 100 });
    await admin('POST', `/api/admin/loans/${loanId}/repayments`, { amount: 150.5 });

    const res = await get('/api/my-statement', token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const s = json(res);
    expect(s.member).toEqual({ name: 'Hassan Ali', unique_id: user.uniqueId });
    expect(s.association_name).toBe((await getSettings(t.db)).associationName);
    expect(s.kind).toBeNull();
    expect(s.to).toBe(localDate(new Date()));
    expect(s.from).toBe(localDate(new Date()));
    expect(s.lines.map((l) => l.kind)).toEqual(['repayment', 'repayment', 'disbursement', 'dues']);
    expect(s.opening).toEqual({ savings: 0, loan: 0, loan_principal: 0, loan_interest: 0 });
    expect(s.closing.savings * 100).toBe(await memberSavingsFils(t.db, user.id));
    expect(s.closing.savings).toBe(200);
    expect(s.closing).toEqual({
      savings: s.lines[0]!.savings_balance,
      loan: s.lines[0]!.loan_balance,
      loan_principal: s.lines[0]!.loan_principal_balance,
      loan_interest: s.lines[0]!.loan_interest_balance,
    });
    // 600 at 7 % is 642 owed from the payout; each repayment lowers it by all it paid.
    expect(s.lines[2]).toMatchObject({
      loan_change: 642,
      loan_principal_change: 600,
      loan_interest_change: 42,
      loan_balance: 642,
    });
    expect(s.closing.loan).toBe(642 - 250.5);
    await t.expectBooksBalance();
  });

  it('gives the loan owed in all as My Loan does, each line split into principal and interest', async () => {
    const { t, admin, get, newMember, approvedRepayment, activeLoan } = await booksOfItsOwn();
    // Issue 33 point 3: 1,500 at 7 % is 1,605 in three installments of 535 (500 + 35 each).
    const { user, token } = await newMember('Karim Loan');
    const loanId = await activeLoan(token, 1500);
    await approvedRepayment(token, '535');
    await approvedRepayment(token, '267.50');
    const myLoans = await get('/api/my-loans', token);
    const loan = (myLoans.json().items as Array<{ id: number; remaining_amount: number }>).find(
      (l) => l.id === loanId,
    )!;
    expect(loan.remaining_amount).toBe(802.5);

    const s = json(await get('/api/my-statement', token));
    expect(s.closing).toEqual({
      savings: 0,
      loan: loan.remaining_amount,
      loan_principal: 767.5,
      loan_interest: 35,
    });
    expect(s.opening).toEqual({ savings: 0, loan: 0, loan_principal: 0, loan_interest: 0 });
    const loanFigures = s.lines.map((l) => ({
      kind: l.kind,
      change: l.loan_change,
      principal: l.loan_principal_change,
      interest: l.loan_interest_change,
      balance: l.loan_balance,
      principalBalance: l.loan_principal_balance,
      interestBalance: l.loan_interest_balance,
    }));
    expect(loanFigures).toEqual([
      {
        kind: 'repayment',
        change: -267.5,
        principal: -232.5,
        interest: -35,
        balance: 802.5,
        principalBalance: 767.5,
        interestBalance: 35,
      },
      {
        kind: 'repayment',
        change: -535,
        principal: -500,
        interest: -35,
        balance: 1070,
        principalBalance: 1000,
        interestBalance: 70,
      },
      {
        kind: 'disbursement',
        change: 1605,
        principal: 1500,
        interest: 105,
        balance: 1605,
        principalBalance: 1500,
        interestBalance: 105,
      },
    ]);
    for (const l of s.lines) {
      expect(l.loan_principal_change + l.loan_interest_change).toBeCloseTo(l.loan_change, 2);
      expect(l.loan_principal_balance + l.loan_interest_balance).toBeCloseTo(l.loan_balance, 2);
    }
    // Home and the dashboard read the same figure.
    const account = await get('/api/my-account-data', token);
    expect(account.json().myAccountData.loan_balance).toBe(s.closing.loan);
    // The admin's view of the member reads the same lines.
    const detail = (await admin('GET', `/api/admin/members/${user.id}`)).json();
    expect(detail.statement[0]).toMatchObject({ loan_balance: 802.5, loan_interest_change: -35 });

    // The CSV: the same loan owed, and the principal and interest of each line after the
    // columns it always had.
    const csv = await get('/api/my-statement?format=csv', token);
    const [header, ...rows] = csv.body.slice(1).trim().split('\r\n');
    expect(header).toBe(
      'date,entry,kind,description,savings_change_aed,loan_change_aed,savings_balance_aed,loan_balance_aed,loan_principal_change_aed,loan_interest_change_aed,kind_code',
    );
    expect(
      rows.map((r) =>
        r
          .split(',')
          .slice(2)
          .filter((_, i) => i !== 1),
      ),
    ).toEqual([
      ['Loan repayment', '0.00', '-267.50', '0.00', '802.50', '-232.50', '-35.00', 'repayment'],
      ['Loan repayment', '0.00', '-535.00', '0.00', '1070.00', '-500.00', '-35.00', 'repayment'],
      ['Loan paid out', '0.00', '1605.00', '0.00', '1605.00', '1500.00', '105.00', 'disbursement'],
    ]);

    // The PDF, as poppler reads it: the closing loan owed is My Loan's remaining, and each
    // repayment's row says its principal and interest.
    const pdf = await get('/api/my-statement?format=pdf', token);
    expect(pdf.statusCode).toBe(200);
    const read = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.rawPayload })
      .toString()
      .split('\n')
      .map((l) => l.replace(/\s+/g, ' ').trim());
    expect(read).toContain(`Loan owed (principal and interest) 0 ${pdfAmount(80_250)}`);
    expect(read).toContain(`of which principal 0 ${pdfAmount(76_750)}`);
    expect(read).toContain(`of which interest 0 ${pdfAmount(3_500)}`);
    // A row's first line: date, kind, description, then the amounts.
    const rowOf = (memo: RegExp) => read.filter((l) => memo.test(l));
    expect(rowOf(/Repayment of loan/)).toEqual([
      expect.stringMatching(/ — -267\.50 -232\.50 -35 0 802\.50$/),
      expect.stringMatching(/ — -535 -500 -35 0 1,070$/),
    ]);
    expect(rowOf(/Loan \d+ paid out/)).toEqual([
      expect.stringMatching(/ — 1,605 1,500 105 0 1,605$/),
    ]);
    await t.expectBooksBalance();
  });

  it('writes off the principal and the interest still owed, leaving nothing owed', async () => {
    const { token } = await newMember();
    const loanId = await activeLoan(token, 1500);
    await approvedRepayment(token, '535');
    const off = await admin('POST', `/api/admin/loans/${loanId}/write-off`, { reason: 'Gone.' });
    expect(off.statusCode).toBe(200);
    const s = json(await get('/api/my-statement', token));
    expect(s.lines[0]).toMatchObject({
      kind: 'write_off',
      loan_change: -1070,
      loan_principal_change: -1000,
      loan_interest_change: -70,
      loan_balance: 0,
      loan_principal_balance: 0,
      loan_interest_balance: 0,
    });
    expect(s.closing).toEqual({ savings: 0, loan: 0, loan_principal: 0, loan_interest: 0 });
    const account = await get('/api/my-account-data', token);
    expect(account.json().myAccountData.loan_balance).toBe(0);
    // My Loan says the same: nothing remains to pay on a loan written off.
    const loans = await get('/api/my-loans', token);
    const loan = loans.json().items.find((l: { id: number }) => l.id === loanId);
    expect(loan).toMatchObject({ state: 'written_off', remaining_amount: 0 });
  });

  it('puts back the principal and interest of a repayment a correction reverses', async () => {
    const { token } = await newMember();
    await activeLoan(token, 1500);
    await approvedRepayment(token, '535');
    const repayment = json(await get('/api/my-statement', token)).lines[0]!;
    await reverseEntry(t.db, repayment.entry_id, {
      createdBy: adminId,
      memo: 'Entered twice',
      occurredAt: new Date(),
    });
    const s = json(await get('/api/my-statement', token));
    expect(s.lines[0]).toMatchObject({
      kind: 'reversal',
      loan_change: 535,
      loan_principal_change: 500,
      loan_interest_change: 35,
      loan_balance: 1605,
    });
  });

  it("says each movement in the reader's language, from what it is", async () => {
    const { token } = await newMember();
    await paidDues(token, '200');
    const loanId = await activeLoan(token, 600);
    await admin('POST', `/api/admin/loans/${loanId}/repayments`, { amount: 100 });
    const memos = async (language: string) =>
      json(
        await t.app.inject({
          method: 'GET',
          url: '/api/my-statement',
          headers: { ...bearer(token), 'accept-language': language },
        }),
      ).lines.map((l) => l.memo);
    const month = formatMonth(localDate(new Date()).slice(0, 7), 'hi');
    expect(await memos('hi')).toEqual([
      `लोन ${loanId} की वापसी`,
      `लोन ${loanId} की रकम दी गई`,
      `${month} की मासिक जमा`,
    ]);
    expect((await memos('en'))[1]).toBe(`Loan ${loanId} paid out`);
    const off = await admin('POST', `/api/admin/loans/${loanId}/write-off`, { reason: 'Gone.' });
    expect(off.statusCode).toBe(200);
    expect((await memos('en'))[0]).toBe(`Loan ${loanId} written off`);
  });

  it('gives the opening and closing balances of a period of Dubai days', async () => {
    const { user, token } = await newMember();
    await duesOn(user.id, '2026-01-15T08:00:00Z', 20_000);
    // 21:30 UTC on 31 January is 1:30 on 1 February in Dubai.
    await duesOn(user.id, '2026-01-31T21:30:00Z', 20_050);
    await duesOn(user.id, '2026-03-10T08:00:00Z', 20_000);

    const feb = json(await get('/api/my-statement?from=2026-02-01&to=2026-02-28', token));
    expect(feb).toMatchObject({ from: '2026-02-01', to: '2026-02-28' });
    expect(feb.opening).toMatchObject({ savings: 200, loan: 0 });
    expect(feb.closing).toMatchObject({ savings: 400.5, loan: 0 });
    expect(feb.lines.map((l) => [l.memo, l.savings_change, l.savings_balance])).toEqual([
      ['Dues paid 2026-01-31T21:30:00Z', 200.5, 400.5],
    ]);

    const fromMarch = json(await get('/api/my-statement?from=2026-03-01', token));
    expect(fromMarch.to).toBe(localDate(new Date()));
    expect(fromMarch.opening.savings).toBe(400.5);
    expect(fromMarch.closing.savings * 100).toBe(await memberSavingsFils(t.db, user.id));

    // Without `from` the statement starts at the first movement.
    const untilJan = json(await get('/api/my-statement?to=2026-01-31', token));
    expect(untilJan).toMatchObject({ from: '2026-01-15', to: '2026-01-31' });
    expect(untilJan.opening.savings).toBe(0);
    expect(untilJan.closing.savings).toBe(200);
    expect(untilJan.lines).toHaveLength(1);

    const quiet = json(await get('/api/my-statement?from=2026-04-01&to=2026-04-30', token));
    expect(quiet.lines).toEqual([]);
    expect(quiet.opening).toEqual(quiet.closing);
    expect(quiet.closing.savings).toBe(600.5);
  });

  it('lists one kind of movement, keeping the real running balances', async () => {
    const { user, token } = await newMember();
    const first = await duesOn(user.id, '2026-05-02T08:00:00Z', 30_000);
    await duesOn(user.id, '2026-05-03T08:00:00Z', 10_000);
    await reverseEntry(t.db, first, {
      createdBy: adminId,
      memo: 'Wrong member',
      occurredAt: new Date('2026-05-04T08:00:00Z'),
    });
    const reversals = json(await get('/api/my-statement?kind=reversal&from=2026-05-01', token));
    expect(reversals.kind).toBe('reversal');
    expect(reversals.lines.map((l) => [l.kind, l.savings_change, l.savings_balance])).toEqual([
      ['reversal', -300, 100],
    ]);
    expect(reversals.opening.savings).toBe(0);
    expect(reversals.closing.savings).toBe(100);
    const dues = json(await get('/api/my-statement?kind=dues&from=2026-05-01', token));
    expect(dues.lines.map((l) => l.savings_balance)).toEqual([400, 300]);
    expect(dues.closing.savings).toBe(100);
  });

  it('exports the period as CSV with the same columns as the admin export', async () => {
    const { user, token } = await newMember();
    await duesOn(user.id, '2026-06-01T08:00:00Z', 20_000);
    // 00:30 on 1 July in Dubai: the day a member reads is Dubai's, not UTC's 30 June.
    await duesOn(user.id, '2026-06-30T20:30:00Z', 25_000);
    const res = await get('/api/my-statement?format=csv&from=2026-07-01&to=2026-07-31', token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="statement-${user.uniqueId}-2026-07-01-to-2026-07-31.csv"`,
    );
    expect(res.body.startsWith('\ufeff')).toBe(true); // so that Excel reads UTF-8
    expect(res.body.slice(1).trim().split('\r\n')).toEqual([
      'date,entry,kind,description,savings_change_aed,loan_change_aed,savings_balance_aed,loan_balance_aed,loan_principal_change_aed,loan_interest_change_aed,kind_code',
      expect.stringMatching(
        /^2026-07-01,\d+,Dues,Dues paid .*,250\.00,0\.00,450\.00,0\.00,0\.00,0\.00,dues$/,
      ),
    ]);
  });

  it('writes a PDF with the association, the member, the period, the balances and every line', async () => {
    const { user, token } = await newMember('Layla Pdf');
    await duesOn(user.id, '2026-02-10T08:00:00Z', 123_456);
    const amounts = [20_000, 35_667, 20_050];
    for (const [i, fils] of amounts.entries())
      await duesOn(user.id, `2026-03-${String(10 + i).padStart(2, '0')}T08:00:00Z`, fils);
    const res = await get('/api/my-statement?format=pdf&from=2026-03-01&to=2026-03-31', token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="statement-${user.uniqueId}-2026-03-01-to-2026-03-31.pdf"`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain((await getSettings(t.db)).associationName);
    expect(flat).toContain('Layla Pdf');
    expect(flat).toContain(user.uniqueId);
    expect(flat).toContain('1 March 2026 to 31 March 2026');
    expect(flat).toContain('1,234.56'); // opening savings
    const closing = 123_456 + 20_000 + 35_667 + 20_050;
    expect(flat).toContain(pdfAmount(closing));
    expect(pdfAmount(closing)).toBe('1,991.73');
    for (const fils of amounts) expect(flat).toContain(pdfAmount(fils));
    expect(flat).toContain('10 March 2026');
    expect(flat).not.toContain('10 February 2026');
  });

  it('pages a long statement, repeating the table header on each page', async () => {
    const { user, token } = await newMember();
    for (let i = 0; i < 70; i++)
      await duesOn(user.id, new Date(Date.UTC(2025, 0, 1 + i, 8)).toISOString(), 1_000 + i);
    const res = await get('/api/my-statement?format=pdf', token);
    const { totalPages, text } = await extractText(new Uint8Array(res.rawPayload));
    expect(totalPages).toBeGreaterThan(1);
    for (const [i, page] of text.entries()) {
      expect(page).toMatch(/Savings\s+balance/);
      expect(page).toContain(`Page ${i + 1} of ${totalPages}`);
    }
    const all = text.join(' ');
    for (let i = 0; i < 70; i++) expect(all).toContain(pdfAmount(1_000 + i));
  });

  it("writes the PDF and the CSV in the reader's language, names as typed", async () => {
    const { user, token } = await newMember('أمينة الفاسي');
    await duesOn(user.id, '2026-03-10T08:00:00Z', 20_000);
    const query = '/api/my-statement?from=2026-03-01&to=2026-03-31';
    const pdf = await t.app.inject({
      method: 'GET',
      url: `${query}&format=pdf`,
      headers: { ...bearer(token), 'accept-language': 'ar-AE,ar;q=0.9,en;q=0.5' },
    });
    expect(pdf.statusCode).toBe(200);
    const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
    const flat = text.replace(/[\u200e\u200f]/g, '').replace(/\s+/g, ' ');
    expect(flat).toContain('أمينة الفاسي');
    expect(flat).toContain('كشف الحساب');
    expect(flat).toContain('الاشتراكات'); // the kind of the line
    expect(flat).not.toContain('Statement of account');

    // The kept choice (the lang cookie) wins over Accept-Language.
    const csv = await t.app.inject({
      method: 'GET',
      url: `${query}&format=csv`,
      headers: { ...bearer(token), cookie: 'lang=hi', 'accept-language': 'ar' },
    });
    const [header, row] = csv.body.slice(1).trim().split('\r\n');
    expect(header).toBe(
      'तारीख,एंट्री नंबर,प्रकार,विवरण,बचत में बदलाव (AED),लोन में बदलाव (AED),बचत की शेष राशि (AED),बकाया लोन (AED),मूल राशि में बदलाव (AED),ब्याज में बदलाव (AED),प्रकार कोड',
    );
    expect(row).toMatch(
      /^2026-03-10,\d+,मासिक जमा,.*,200\.00,0\.00,200\.00,0\.00,0\.00,0\.00,dues$/,
    );
  });

  it('needs a session and answers only the signed-in member', async () => {
    expectError(await get('/api/my-statement'), 401);
    expectError(await get('/api/my-statement', 'not-a-token'), 401);
    const a = await newMember();
    const b = await newMember();
    await duesOn(b.user.id, '2026-02-10T08:00:00Z', 50_000);
    const mine = json(await get('/api/my-statement', a.token));
    expect(mine.member.unique_id).toBe(a.user.uniqueId);
    expect(mine.lines).toEqual([]);
    expect(mine.closing).toEqual({ savings: 0, loan: 0, loan_principal: 0, loan_interest: 0 });
    // No parameter names another member.
    const other = json(
      await get(`/api/my-statement?user_id=${b.user.id}&id=${b.user.id}`, a.token),
    );
    expect(other.member.unique_id).toBe(a.user.uniqueId);
  });

  it.each([
    ['from=2026-03-02&to=2026-03-01', 'to', /on or after the start date/],
    ['from=2026-02-30', 'from', /YYYY-MM-DD/],
    ['to=01/03/2026', 'to', /YYYY-MM-DD/],
    ['kind=loan', 'kind', /kind of movement/],
    ['format=xlsx', 'format', /json, csv or pdf/],
  ])('refuses %s with a 400 naming the field', async (query, field, message) => {
    const { token } = await newMember();
    const body = expectError(await get(`/api/my-statement?${query}`, token), 400);
    expect(body.errors?.[field]?.[0]).toMatch(message);
  });

  it('takes empty filters as no filters', async () => {
    const { token } = await newMember();
    const res = await get('/api/my-statement?from=&to=&kind=', token);
    expect(res.statusCode).toBe(200);
    expect(json(res).kind).toBeNull();
  });
});

describe('GET /api/admin/members/:id/statement', () => {
  it("gives the treasurer any member's statement in each format", async () => {
    const { user, token } = await newMember('Omar Admin-View');
    await duesOn(user.id, '2026-02-10T08:00:00Z', 20_000);
    const mine = json(await get('/api/my-statement', token));
    const res = await admin('GET', `/api/admin/members/${user.id}/statement`);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual(mine);

    const csv = await admin('GET', `/api/admin/members/${user.id}/statement?format=csv`);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.trim().split('\r\n')).toHaveLength(2);

    const pdf = await admin(
      'GET',
      `/api/admin/members/${user.id}/statement?format=pdf&to=2026-02-28`,
    );
    expect(pdf.headers['content-disposition']).toContain(
      `statement-${user.uniqueId}-2026-02-10-to-2026-02-28.pdf`,
    );
    const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
    expect(text).toContain('Omar Admin-View');
    expect(text).toMatch(/Savings balance\s+0\s+200\b/);

    expectError(await admin('GET', '/api/admin/members/999999/statement'), 404);
    expectError(await admin('GET', `/api/admin/members/${user.id}/statement?kind=x`), 400);
  });

  it('refuses a member (403) and no session (401)', async () => {
    const a = await newMember();
    const b = await newMember();
    expectError(await get(`/api/admin/members/${b.user.id}/statement`, a.token), 403);
    expectError(await get(`/api/admin/members/${a.user.id}/statement`, a.token), 403);
    expectError(await get(`/api/admin/members/${b.user.id}/statement`), 401);
  });

  it('is documented in the OpenAPI document with its three formats', async () => {
    const doc = (await get('/api/openapi.json')).json();
    for (const path of ['/api/my-statement', '/api/admin/members/{id}/statement']) {
      const op = doc.paths[path].get;
      expect(Object.keys(op.responses['200'].content).sort()).toEqual([
        'application/json',
        'application/pdf',
        'text/csv',
      ]);
      expect(op.responses['401']).toBeDefined();
    }
  });
});
