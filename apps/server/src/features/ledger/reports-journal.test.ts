import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, expectError, paidDues, useTestApp } from '../../../test/harness.ts';
import { postEntry } from './ledger.ts';

// Issue 49 point 7: the journal by account and by Dubai days, as a page, a CSV file and a PDF of
// at most 2,000 entries. Each test keeps to days of its own.

const t = useTestApp();
let admin: string;
let adminId: number;

beforeAll(async () => {
  const user = await t.makeUser({ role: 'admin', name: 'Treasurer' });
  adminId = user.id;
  admin = await t.login(user.email);
});

const get = (url: string, language = 'en', token = admin) =>
  t.app.inject({ url, headers: { ...bearer(token), 'accept-language': language } });

const charge = (account: string, fils: number, at: string) =>
  postEntry(t.db, {
    kind: 'journal',
    memo: `${account} by hand`,
    occurredAt: new Date(at),
    createdBy: adminId,
    lines: [
      { account: { code: 'chart', account }, amountFils: fils },
      { account: { code: 'cash' }, amountFils: -fils },
    ],
  });

type Entry = { id: number; kind: string; postings: Array<{ account_code: string }> };
const ids = (body: { items: Entry[] }) => body.items.map((e) => e.id);

describe('GET /api/admin/ledger/entries', () => {
  it('keeps the entries that post to an account', async () => {
    await t.fundCash(50_000, new Date('2024-01-02T08:00:00Z'));
    const fee = await charge('bank_charges', 2_625, '2024-01-10T08:00:00Z');
    const paper = await charge('stationery', 1_500, '2024-01-11T08:00:00Z');
    const page = (await get('/api/admin/ledger/entries?account=bank_charges&limit=100')).json();
    expect(ids(page)).toContain(fee);
    expect(ids(page)).not.toContain(paper);
    for (const e of page.items as Entry[])
      expect(e.postings.map((p) => p.account_code)).toContain('bank_charges');
  });

  it("keeps a member's entries by their savings account's code", async () => {
    const member = await t.makeUser();
    await paidDues(t.db, member.id, ['2024-02'], 20_000, new Date('2024-02-05T08:00:00Z'));
    const page = (await get(`/api/admin/ledger/entries?account=savings:${member.id}`)).json();
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ kind: 'dues' });
  });

  it('keeps the Dubai days from and to, an entry on the day its occurred_at is in Dubai', async () => {
    await t.fundCash(50_000, new Date('2024-03-01T08:00:00Z'));
    const lastOfMarch = await charge('meeting_costs', 1_000, '2024-03-31T19:59:00Z'); // 23:59 Dubai
    const firstOfApril = await charge('meeting_costs', 1_000, '2024-03-31T20:00:00Z'); // 00:00 Dubai
    const march = (
      await get('/api/admin/ledger/entries?from=2024-03-31&to=2024-03-31&account=meeting_costs')
    ).json();
    expect(ids(march)).toEqual([lastOfMarch]);
    const april = (
      await get('/api/admin/ledger/entries?from=2024-04-01&account=meeting_costs')
    ).json();
    expect(ids(april)).toEqual([firstOfApril]);
    const both = (
      await get('/api/admin/ledger/entries?to=2024-04-01&account=meeting_costs')
    ).json();
    expect(ids(both)).toEqual([firstOfApril, lastOfMarch]);
    // With the kind, and page by page.
    const first = (
      await get('/api/admin/ledger/entries?from=2024-03-31&to=2024-04-01&kind=journal&limit=1')
    ).json();
    expect(ids(first)).toEqual([firstOfApril]);
    const next = (
      await get(
        `/api/admin/ledger/entries?from=2024-03-31&to=2024-04-01&kind=journal&limit=1&cursor=${first.next_cursor}`,
      )
    ).json();
    expect(ids(next)).toEqual([lastOfMarch]);
    expect(next.next_cursor).toBeNull();
  });
});

describe('GET /api/admin/ledger/entries.csv', () => {
  it('gives the postings of the entries kept, oldest first, with codes and words', async () => {
    await t.fundCash(50_000, new Date('2024-05-01T08:00:00Z'));
    const first = await charge('stationery', 1_250, '2024-05-03T08:00:00Z');
    const second = await charge('stationery', 750, '2024-05-04T08:00:00Z');
    const res = await get(
      '/api/admin/ledger/entries.csv?account=stationery&from=2024-05-01&to=2024-05-31',
      'ar',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const [header, ...rows] = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(header).toBe(
      'entry,occurred_at,kind,description,account,account_name,debit_aed,credit_aed',
    );
    expect(rows).toEqual([
      `${first},2024-05-03T08:00:00.000Z,journal,stationery by hand,stationery,القرطاسية والطباعة,12.50,0.00`,
      `${first},2024-05-03T08:00:00.000Z,journal,stationery by hand,cash,النقد والحساب البنكي,0.00,12.50`,
      `${second},2024-05-04T08:00:00.000Z,journal,stationery by hand,stationery,القرطاسية والطباعة,7.50,0.00`,
      `${second},2024-05-04T08:00:00.000Z,journal,stationery by hand,cash,النقد والحساب البنكي,0.00,7.50`,
    ]);
  });
});

describe('GET /api/admin/ledger/entries.pdf', () => {
  it('refuses more than 2,000 entries, asking for a shorter period', async () => {
    // 2,001 entries of money in on one day, written at once (their month totals are not kept:
    // no other test of this file reads them).
    await t.db.execute(sql`
      with made as (
        insert into journal_entries (kind, memo, occurred_at)
        select 'journal', 'Bulk', timestamptz '2015-06-01 08:00:00+00' from generate_series(1, 2001)
        returning id)
      insert into postings (entry_id, account_id, amount_fils)
      select id, (select id from ledger_accounts where code = 'cash'), 100 from made
      union all
      select id, (select id from ledger_accounts where code = 'other_income'), -100 from made`);
    const body = expectError(
      await get('/api/admin/ledger/entries.pdf?from=2015-06-01&to=2015-06-30'),
      422,
    );
    expect(body.message).toMatch(/at most 2,000 entries.*2,001.*shorter period/);
    const arabic = expectError(
      await get('/api/admin/ledger/entries.pdf?from=2015-06-01&to=2015-06-30', 'ar'),
      422,
    );
    expect(arabic.message).toContain('اختر فترة أقصر');
    // The CSV holds them all.
    const csv = await get('/api/admin/ledger/entries.csv?from=2015-06-01&to=2015-06-30');
    expect(csv.body.trim().split('\r\n')).toHaveLength(1 + 2 * 2001);
  });
});

describe('what the journal refuses', () => {
  it.each(['', '.csv', '.pdf'])(
    'refuses an account the books do not have (entries%s, 422)',
    async (ext) => {
      const body = expectError(
        await get(`/api/admin/ledger/entries${ext}?account=petty_cash`),
        422,
      );
      expect(body.errors?.account?.[0]).toBe('The books have no account petty_cash.');
      const arabic = expectError(
        await get(`/api/admin/ledger/entries${ext}?account=petty_cash`, 'ar'),
        422,
      );
      expect(arabic.message).toBe('لا يوجد في الدفاتر حساب petty_cash.');
    },
  );

  it.each(['', '.csv', '.pdf'])(
    'refuses days that run backwards or are not days (entries%s, 400)',
    async (ext) => {
      const backwards = expectError(
        await get(`/api/admin/ledger/entries${ext}?from=2024-03-02&to=2024-03-01`),
        400,
      );
      expect(backwards.errors?.to?.[0]).toMatch(/on or after the start date/);
      const notADay = expectError(
        await get(`/api/admin/ledger/entries${ext}?from=2024-02-30`),
        400,
      );
      expect(notADay.errors?.from?.[0]).toMatch(/YYYY-MM-DD/);
    },
  );

  it.each(['', '.csv', '.pdf'])(
    'refuses entries%s to a member (403) and to no one signed in (401)',
    async (ext) => {
      const member = await t.makeUser();
      const url = `/api/admin/ledger/entries${ext}`;
      expectError(await get(url, 'en', await t.login(member.email)), 403);
      expectError(await t.app.inject({ url }), 401);
    },
  );
});
