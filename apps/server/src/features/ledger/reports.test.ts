import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  bearer,
  createTestApp,
  expectError,
  type TestApp,
  useTestApp,
} from '../../../test/harness.ts';
import { postEntry, reverseEntry } from './ledger.ts';

// Issue 49 point 7: the trial balance grouped by kind on a day, and the income and expenditure
// statement over Dubai days, as JSON and CSV. Each test keeps to a year of its own, so that the
// entries of one are outside the days of another. The PDFs are in reports-pdf.test.ts, the
// journal in reports-journal.test.ts.

const t = useTestApp();
let get: Treasurer['get'];
let own: Treasurer['own'];
let adminId: number;

beforeAll(async () => {
  ({ id: adminId, get, own } = await treasurerOf(t));
});

type Treasurer = Awaited<ReturnType<typeof treasurerOf>>;

/** The treasurer of `app`, signed in, with their reports and hand-made entries. */
async function treasurerOf(app: TestApp) {
  const user = await app.makeUser({ role: 'admin', name: 'Treasurer' });
  const admin = await app.login(user.email);
  const get = (url: string, language = 'en', token = admin) =>
    app.app.inject({ url, headers: { ...bearer(token), 'accept-language': language } });

  /** An entry of the association's own: `account` debited for an expense, credited for income. */
  function own(account: string, fils: number, at: string, kind: 'expense' | 'income' = 'expense') {
    const sign = kind === 'expense' ? 1 : -1;
    return postEntry(app.db, {
      kind: 'journal',
      memo: `${account} by hand`,
      occurredAt: new Date(at),
      createdBy: user.id,
      lines: [
        { account: { code: 'chart', account }, amountFils: sign * fils },
        { account: { code: 'cash' }, amountFils: -sign * fils },
      ],
    });
  }
  return { id: user.id, get, own };
}

const KINDS = ['asset', 'liability', 'equity', 'income', 'expense'];
type Group = { kind: string; code?: string; debits: number; credits: number; balance: number };

/** The lines of a CSV answer, its byte order mark taken off. */
const csvLines = (body: string) =>
  body
    .replace(/^\ufeff/, '')
    .trim()
    .split('\r\n');

describe('GET /api/admin/ledger/trial-balance', () => {
  it('groups the accounts by kind, totals each kind, and counts only the entries up to as_of', async () => {
    // Books of its own: the changes below subtract decimals, exact only when nothing comes
    // before these days; the CSV test's entries of 2018 would leave them a rounding off.
    const books = await createTestApp();
    onTestFinished(() => books.close());
    const { get, own } = await treasurerOf(books);
    await books.fundCash(50_000, new Date('2019-03-10T08:00:00Z'));
    await own('bank_charges', 2_625, '2019-03-20T08:00:00Z');
    await own('bank_interest', 1_000, '2019-03-25T08:00:00Z', 'income');
    // 1 April in Dubai (31 March in UTC): after a trial balance as of 31 March.
    await own('stationery', 4_000, '2019-03-31T20:30:00Z');

    // What other tests posted before these days is in every trial balance after them.
    const before = (await get('/api/admin/ledger/trial-balance?as_of=2019-03-09')).json();
    const res = await get('/api/admin/ledger/trial-balance?as_of=2019-03-31');
    expect(res.statusCode, res.body).toBe(200);
    const tb = res.json();
    expect(tb.as_of).toBe('2019-03-31');
    expect(tb.balanced).toBe(true);
    expect(tb.total_debits).toBe(tb.total_credits);
    expect(tb.groups.map((g: Group) => g.kind)).toEqual(KINDS);
    const change = (kind: string) => {
      const [now, then] = [tb, before].map((b) => b.groups.find((g: Group) => g.kind === kind));
      return [now.debits - then.debits, now.credits - then.credits, now.balance - then.balance];
    };
    // Cash: 500 in, 26.25 out, 10 in; the stationery of 1 April is not counted.
    expect(change('asset')).toEqual([510, 26.25, 483.75]);
    expect(change('liability')).toEqual([0, 500, -500]);
    expect(change('equity')).toEqual([0, 0, 0]);
    expect(change('income')).toEqual([0, 10, -10]);
    expect(change('expense')).toEqual([26.25, 0, 26.25]);
    // Each group is the sum of its accounts, and the accounts come by kind: assets first.
    for (const group of tb.groups as Group[]) {
      const of = tb.accounts.filter((a: Group) => a.kind === group.kind);
      expect(of.reduce((s: number, a: Group) => s + a.debits * 100, 0)).toBe(group.debits * 100);
    }
    const kinds = tb.accounts.map((a: Group) => KINDS.indexOf(a.kind));
    expect(kinds).toEqual([...kinds].sort((a: number, b: number) => a - b));
    const account = (of: { accounts: Group[] }, code: string) =>
      of.accounts.find((a) => a.code === code)!;
    expect(account(tb, 'bank_charges')).toMatchObject({ kind: 'expense', type: 'expense' });
    const stationery = () =>
      account(tb, 'stationery').debits - account(before, 'stationery').debits;
    expect(stationery()).toBe(0);

    const later = (await get('/api/admin/ledger/trial-balance?as_of=2019-04-01')).json();
    expect(account(later, 'stationery').debits - account(before, 'stationery').debits).toBe(40);
    expect(later.balanced).toBe(true);
  });

  it('is today when as_of is left out, and names the accounts in the reader’s language', async () => {
    const tb = (await get('/api/admin/ledger/trial-balance', 'ar')).json();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai' }).format(new Date());
    expect(tb.as_of).toBe(today);
    const name = (code: string) => tb.accounts.find((a: { code: string }) => a.code === code).name;
    expect(name('cash')).toBe('النقد والحساب البنكي');
    expect(name('bank_charges')).toBe('رسوم بنكية');
  });

  it('gives one CSV row per account: codes, the name in the reader’s language, plain decimals', async () => {
    await t.fundCash(30_000, new Date('2018-06-01T08:00:00Z'));
    await own('meeting_costs', 12_345, '2018-06-02T08:00:00Z');
    const res = await get('/api/admin/ledger/trial-balance.csv?as_of=2018-06-30', 'ar');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('trial-balance-2018-06-30.csv');
    expect(res.body.startsWith('\ufeff')).toBe(true);
    const [header, ...rows] = csvLines(res.body);
    expect(header).toBe('kind,code,name,debits_aed,credits_aed,balance_aed');
    expect(rows).toContain(
      'expense,meeting_costs,تكاليف الاجتماعات والجمعية العمومية,123.45,0.00,123.45',
    );
    // The page sums members' and loans' accounts on a line each; the CSV lists every one.
    const json = (await get('/api/admin/ledger/trial-balance?as_of=2018-06-30')).json();
    const lines = json.accounts as Array<{ summed_accounts?: number }>;
    expect(rows).toHaveLength(lines.reduce((n, a) => n + (a.summed_accounts ?? 1), 0));
  });
});

describe('GET /api/admin/ledger/income-statement', () => {
  it('lists income and expenses of the Dubai days asked, with the totals and the surplus', async () => {
    await t.fundCash(100_000, new Date('2021-01-05T08:00:00Z'));
    await own('bank_interest', 5_000, '2021-02-10T08:00:00Z', 'income');
    await own('other_income', 2_000, '2021-03-31T19:59:00Z', 'income'); // 23:59 on 31 March in Dubai
    await own('bank_charges', 2_625, '2021-03-01T08:00:00Z');
    await own('meeting_costs', 10_000, '2021-03-31T20:00:00Z'); // 00:00 on 1 April in Dubai

    const res = await get('/api/admin/ledger/income-statement?from=2021-01-01&to=2021-03-31');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      from: '2021-01-01',
      to: '2021-03-31',
      income: [
        { code: 'bank_interest', name: 'Bank interest received', amount: 50 },
        { code: 'other_income', name: 'Other income', amount: 20 },
      ],
      expenses: [{ code: 'bank_charges', name: 'Bank charges', amount: 26.25 }],
      total_income: 70,
      total_expenses: 26.25,
      surplus: 43.75,
      shared_out: 0,
    });

    const april = (
      await get('/api/admin/ledger/income-statement?from=2021-04-01&to=2021-04-30')
    ).json();
    expect(april).toMatchObject({
      income: [],
      expenses: [{ code: 'meeting_costs', amount: 100 }],
      total_income: 0,
      total_expenses: 100,
      surplus: -100,
    });
  });

  it('counts a correction on the day it was made, not on the original’s', async () => {
    await t.fundCash(100_000, new Date('2022-01-05T08:00:00Z'));
    const charge = await own('bank_charges', 2_625, '2022-01-20T08:00:00Z');
    await reverseEntry(t.db, charge, {
      createdBy: adminId,
      memo: 'Not ours: the bank refunded it',
      occurredAt: new Date('2022-02-03T08:00:00Z'),
      reasonCode: 'wrong_account',
    });
    const period = async (from: string, to: string) =>
      (await get(`/api/admin/ledger/income-statement?from=${from}&to=${to}`)).json();
    expect((await period('2022-01-01', '2022-01-31')).expenses).toEqual([
      { code: 'bank_charges', name: 'Bank charges', amount: 26.25 },
    ]);
    const february = await period('2022-02-01', '2022-02-28');
    expect(february.expenses).toEqual([
      { code: 'bank_charges', name: 'Bank charges', amount: -26.25 },
    ]);
    expect(february.surplus).toBe(26.25);
    const both = await period('2022-01-01', '2022-02-28');
    expect(both).toMatchObject({ total_expenses: 0, surplus: 0 });
  });

  it('leaves a share-out out of the income, and says what it gave the members in the CSV', async () => {
    await t.fundCash(100_000, new Date('2023-01-05T08:00:00Z'));
    const member = await t.makeUser();
    // Interest of 100 earned, 60 of it shared out to a member's savings.
    await own('interest_income', 10_000, '2023-02-01T08:00:00Z', 'income');
    await postEntry(t.db, {
      kind: 'bonus',
      memo: 'Share-out',
      occurredAt: new Date('2023-03-01T08:00:00Z'),
      createdBy: adminId,
      lines: [
        { account: { code: 'interest_income' }, amountFils: 6_000 },
        { account: { code: 'savings', userId: member.id }, amountFils: -6_000 },
      ],
    });
    const query = 'from=2023-01-01&to=2023-12-31';
    const statement = (await get(`/api/admin/ledger/income-statement?${query}`)).json();
    expect(statement.income).toEqual([
      { code: 'interest_income', name: 'Interest income', amount: 100 },
    ]);
    expect(statement.surplus).toBe(100);
    expect(statement.shared_out).toBe(60);

    const csv = await get(`/api/admin/ledger/income-statement.csv?${query}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toContain(
      'income-statement-2023-01-01-2023-12-31.csv',
    );
    expect(csvLines(csv.body)).toEqual([
      'section,code,name,amount_aed',
      'income,interest_income,Interest income,100.00',
      'total_income,,Total income,100.00',
      'total_expenses,,Total expenses,0.00',
      'surplus,,Surplus for the period,100.00',
      'shared_out,,Shared out to members,60.00',
    ]);
    // The trial balance counts every entry: the interest after the share-out.
    const interest = async (asOf: string) =>
      (await get(`/api/admin/ledger/trial-balance?as_of=${asOf}`))
        .json()
        .accounts.find((a: Group) => a.code === 'interest_income').balance;
    expect((await interest('2023-12-31')) - (await interest('2022-12-31'))).toBe(-40);
  });

  it('runs from 1 January of this year to today when the days are left out', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai' }).format(new Date());
    const statement = (await get('/api/admin/ledger/income-statement')).json();
    expect(statement).toMatchObject({ from: `${today.slice(0, 4)}-01-01`, to: today });
    const ended = (await get('/api/admin/ledger/income-statement?to=2020-06-30')).json();
    expect(ended).toMatchObject({ from: '2020-01-01', to: '2020-06-30' });
  });
});

describe('what the reports refuse', () => {
  it.each([
    ['/api/admin/ledger/income-statement?from=2024-03-02&to=2024-03-01', 'to', /on or after/],
    ['/api/admin/ledger/income-statement.pdf?from=2024-02-30', 'from', /YYYY-MM-DD/],
    ['/api/admin/ledger/trial-balance?as_of=31/03/2024', 'as_of', /YYYY-MM-DD/],
    ['/api/admin/ledger/trial-balance.csv?as_of=2024-13-01', 'as_of', /YYYY-MM-DD/],
  ])('refuses %s with a 400 naming the field, as every query', async (url, field, message) => {
    const body = expectError(await get(url), 400);
    expect(body.errors?.[field]?.[0]).toMatch(message);
  });

  it('says so in Arabic to an Arabic reader', async () => {
    const res = await get('/api/admin/ledger/income-statement?from=2024-03-02&to=2024-03-01', 'ar');
    expect(expectError(res, 400).errors?.to?.[0]).toBe(
      'يجب أن يكون تاريخ النهاية في يوم البداية أو بعده.',
    );
  });

  it.each([
    '/api/admin/ledger/trial-balance',
    '/api/admin/ledger/trial-balance.csv',
    '/api/admin/ledger/trial-balance.pdf',
    '/api/admin/ledger/income-statement',
    '/api/admin/ledger/income-statement.csv',
    '/api/admin/ledger/income-statement.pdf',
  ])('refuses %s to a member (403) and to no one signed in (401)', async (url) => {
    const member = await t.makeUser();
    expectError(await get(url, 'en', await t.login(member.email)), 403);
    expectError(await t.app.inject({ url }), 401);
  });
});
