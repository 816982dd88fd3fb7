import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import readXlsxFile from 'read-excel-file/universal';
import { describe, expect, it } from 'vitest';
import { expectError, useTestAppEach } from '../../../test/harness.ts';
import { adminCalls } from '../../../test/support/own-books.ts';
import { lastYearBooked } from '../../../test/support/year.ts';
import { addMonthsToPeriod, localDate } from '../../lib/calendar.ts';

// Issue 53, point 4: the accountant's pack of a year. One ZIP: the general ledger, the trial
// balance before and after the close, the income statement, the balance sheet and the members'
// balances, each as XLSX with a CSV beside it, whose totals agree with each other.

const t = useTestAppEach();
const thisYear = Number(localDate(new Date()).slice(0, 4));
const lastYear = thisYear - 1;
const FORMULA = '=HYPERLINK("http://evil.example","Hall")';

async function treasurerWithAYear() {
  const user = await t.makeUser({ role: 'admin', isMember: false, name: 'Treasurer' });
  const token = await t.login(user.email);
  const a = { token, ...adminCalls(t.app, token) };
  const member = await t.makeUser({ name: 'Amina Rahman' });
  await lastYearBooked(t, token);
  // A member paid the hall from her own pocket: it is credited to her savings.
  const hall = await a.post('/api/admin/journal-entries', {
    date: `${lastYear}-03-10`,
    memo: FORMULA,
    lines: [
      { account: 'meeting_costs', debit: 50 },
      { account: `savings:${member.id}`, credit: 50 },
    ],
  });
  expect(hall.statusCode, hall.body).toBe(201);
  return { a, member };
}

async function close(a: Awaited<ReturnType<typeof treasurerWithAYear>>['a']) {
  for (let m = `${lastYear}-01`; m <= `${lastYear}-12`; m = addMonthsToPeriod(m, 1))
    expect((await a.post(`/api/admin/periods/${m}/lock`)).statusCode).toBe(200);
  expect((await a.post(`/api/admin/years/${lastYear}/arrears-review`)).statusCode).toBe(200);
  const closed = await a.post(`/api/admin/years/${lastYear}/close`);
  expect(closed.statusCode, closed.body).toBe(200);
}

/** The ZIP's files, and each CSV read as rows of named columns. */
async function packOf(
  a: {
    get: (url: string) => Promise<{
      statusCode: number;
      body: string;
      rawPayload: Buffer;
      headers: Record<string, unknown>;
    }>;
  },
  year: number,
) {
  const res = await a.get(`/api/admin/years/${year}/pack`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  const files = unzipSync(new Uint8Array(res.rawPayload));
  const csv = (name: string) =>
    parse(strFromU8(files[name]!).replace(/^\ufeff/, ''), { columns: true }) as Array<
      Record<string, string>
    >;
  return { res, files, csv };
}

const aed = (s: string | undefined) => Math.round(Number(s || 0) * 100);

describe('GET /api/admin/years/:year/pack', () => {
  it('packs a closed year whose files agree with each other and with the ledger', async () => {
    const { a } = await treasurerWithAYear();
    await close(a);
    const { res, files, csv } = await packOf(a, lastYear);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="jamiya-${lastYear}-accounts.zip"`,
    );
    const tables = [
      'general-ledger',
      'trial-balance-before-close',
      'trial-balance-after-close',
      'income-statement',
      'balance-sheet',
      'member-balances',
    ];
    expect(Object.keys(files).sort()).toEqual(
      ['README.txt', ...tables.flatMap((n) => [`${n}.csv`, `${n}.xlsx`])].sort(),
    );

    const before = new Map(
      csv('trial-balance-before-close.csv').map((r) => [r.code, aed(r.balance_aed)]),
    );
    const after = new Map(
      csv('trial-balance-after-close.csv').map((r) => [r.code, aed(r.balance_aed)]),
    );
    expect([
      before.get('other_income'),
      before.get('meeting_costs'),
      before.get('members_surplus') ?? 0,
    ]).toEqual([-100_000, 5_000, 0]);
    for (const code of ['other_income', 'bank_interest', 'bank_charges', 'meeting_costs'])
      expect(after.get(code)).toBe(0);
    expect(after.get('members_surplus')).toBe(-92_875);
    expect(after.get('')).toBe(0); // the total row: debits less credits

    // The general ledger: balanced, each account ending at the trial balance after the close.
    const gl = csv('general-ledger.csv');
    const posted = gl.filter((r) => r.kind !== 'brought_forward');
    expect(posted.reduce((s, r) => s + aed(r.debit_aed), 0)).toBe(
      posted.reduce((s, r) => s + aed(r.credit_aed), 0),
    );
    const last = new Map<string, number>();
    for (const r of gl) last.set(r.account!, aed(r.balance_aed));
    for (const [code, balance] of after)
      if (code && balance !== 0) expect(last.get(code), code).toBe(balance);
    expect(new Set(posted.map((r) => r.source))).toEqual(
      new Set(['bank_line', 'by_hand', 'close']),
    );
    expect(posted.at(-1)).toMatchObject({
      kind: 'closing',
      source: 'close',
      date: `${lastYear}-12-31`,
    });
    const hall = posted.find((r) => r.account === 'meeting_costs')!;
    expect(hall.member).toBe('');
    expect(posted.find((r) => r.account?.startsWith('savings:'))!.member).toMatch(
      /^Amina Rahman \(/,
    );
    // A memo that looks like a formula is text: an apostrophe before it in the CSV.
    expect(hall.memo).toBe(`'${FORMULA}`);

    const income = new Map(csv('income-statement.csv').map((r) => [r.section, aed(r.amount_aed)]));
    expect(income.get('surplus')).toBe(92_875);
    expect(income.get('to_members_surplus')).toBe(-after.get('members_surplus')!);
    const sheet = new Map(csv('balance-sheet.csv').map((r) => [r.section, aed(r.amount_aed)]));
    expect(sheet.get('total_assets')).toBe(sheet.get('total_liabilities_and_equity'));
    expect(sheet.get('total_assets')).toBe(after.get('cash'));
    const members = csv('member-balances.csv');
    expect(members.at(-1)).toMatchObject({ member_id: 'total', savings_aed: '50.00' });
    expect(aed(members.at(-1)!.savings_aed)).toBe(
      -[...after].filter(([c]) => c?.startsWith('savings:')).reduce((s, [, b]) => s + b, 0),
    );

    // The XLSX holds the same rows: amounts as numbers, the formula-like memo as text.
    const bytes = files['general-ledger.xlsx']!;
    const [book] = await readXlsxFile(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
    expect(book!.data[0]).toEqual(Object.keys(gl[0]!));
    const hallRow = book!.data.find((r) => r[4] === 'meeting_costs' && r[2] === 'journal')!;
    expect(hallRow[7]).toBe(FORMULA);
    expect(hallRow[8]).toBe(50);
    expect(strFromU8(files['README.txt']!)).not.toMatch(/DRAFT/);
  });

  it('packs a year not closed as a draft, every file named so, in the reader’s language', async () => {
    const { a } = await treasurerWithAYear();
    const res = await t.app.inject({
      url: `/api/admin/years/${lastYear}/pack`,
      headers: { authorization: `Bearer ${a.token}`, 'accept-language': 'ar' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/accounts-DRAFT\.zip"$/);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).every((name) => name.startsWith('DRAFT-'))).toBe(true);
    expect(strFromU8(files['DRAFT-README.txt']!)).toMatch(/DRAFT|مسودة/);
    const sheet = parse(strFromU8(files['DRAFT-balance-sheet.csv']!).replace(/^\ufeff/, ''), {
      columns: true,
    }) as Array<Record<string, string>>;
    const by = new Map(sheet.map((r) => [r.name || r.section, aed(r.amount_aed)]));
    expect(by.get('surplus_not_closed')).toBe(92_875);
    expect(by.get('total_assets')).toBe(by.get('total_liabilities_and_equity'));
  });

  it('refuses a year the books do not have, a year misnamed, members and no one signed in', async () => {
    const { a } = await treasurerWithAYear();
    expectError(await a.get(`/api/admin/years/${lastYear - 1}/pack`), 404);
    expectError(await a.get('/api/admin/years/last/pack'), 400);
    const member = await t.makeUser({ name: 'Member' });
    expectError(
      await adminCalls(t.app, await t.login(member.email)).get(`/api/admin/years/${lastYear}/pack`),
      403,
    );
    expectError(await t.app.inject({ url: `/api/admin/years/${lastYear}/pack` }), 401);
  });
});
