import fs from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { camt053, mt940, type BankEntry } from '../../../test/support/bank-files.ts';
import { bearer, expectError, multipart, postForm, useTestAppEach } from '../../../test/harness.ts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { bankLines, bankStatements } from '../../db/schema/bank.ts';

// Issue 37, point 2: a camt.053 and an MT940 imported through the API, each line kept once
// however many statements hold it (the bank's reference names the line), and the same file
// twice refused.

// Each test imports what it needs before it, on a database of its own (the stages below):
// which lines are new depends on every statement kept before.
const t = useTestAppEach();
let token = '';
beforeEach(async () => {
  const admin = await t.makeUser({ role: 'admin', name: 'Treasurer Fatima' });
  token = await t.login(admin.email);
});

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

function importFile(data: Buffer, filename: string) {
  return postForm(
    t.app,
    '/api/admin/bank-statements',
    token,
    multipart(
      { bank: 'Emirates NBD' },
      { file: { filename, contentType: 'application/octet-stream', data } },
    ),
  );
}
const get = (url: string) => t.app.inject({ url, headers: bearer(token) });
const linesKept = () => t.db.$count(bankLines);

type Line = { booked_on: string; amount: number; text: string; bank_ref: string | null };
const linesOf = async (id: number): Promise<Line[]> => {
  const detail = (await get(`/api/admin/bank-statements/${id}`)).json();
  return [...detail.unmatched_lines, ...detail.linked]
    .map(({ booked_on, amount, text, bank_ref }: Line) => ({ booked_on, amount, text, bank_ref }))
    .sort((a, b) => a.booked_on.localeCompare(b.booked_on));
};

// The end of January again, from another export, and two new days.
const overlap: BankEntry[] = [
  { day: '2026-01-20', amountFils: 75_000, ref: 'FT26020PN01', text: 'JM-000310 savings' },
  { day: '2026-01-26', amountFils: 12_000, ref: 'FT26026REV1', text: 'Reversal of cheque' },
  { day: '2026-01-28', amountFils: 10_000, ref: 'PS2601', text: 'Profit share' },
  { day: '2026-01-30', amountFils: 40_000, ref: 'FT26030NEW1', text: 'JM-000402 دفعة' },
  { day: '2026-01-31', amountFils: -2_625, ref: 'CHG2601', text: 'Bank charges' },
];

/** Imports each file, which must be taken (201); the last one's answer. */
async function imported(...files: Array<[Buffer, string]>) {
  let res;
  for (const [data, filename] of files) {
    res = await importFile(data, filename);
    expect(res.statusCode, res.body).toBe(201);
  }
  return res!.json();
}
const CAMT: [Buffer, string] = [fixture('camt053.xml'), 'camt053.xml'];
const MT940: [Buffer, string] = [fixture('mt940.txt'), 'mt940.txt'];
const LATE_JANUARY: Array<[Buffer, string]> = [
  [camt053(2_447_550, overlap), 'late-january.xml'],
  [mt940(2_447_550, overlap), 'late-january.sta'],
];

describe('a camt.053 and an MT940 through POST /api/admin/bank-statements', () => {
  it('imports the camt.053: its days, balances and booked lines, Arabic as written', async () => {
    const res = await importFile(...CAMT);
    expect(res.statusCode, res.body).toBe(201);
    const { message, statement } = res.json();
    const camtId = statement.id;
    expect(message).toBe('5 lines read, 5 of them new.');
    expect(statement).toMatchObject({
      format: 'camt053',
      bank: 'Emirates NBD',
      file_name: 'camt053.xml',
      from: '2026-01-05',
      to: '2026-01-28',
      opening_balance: 25_000,
      closing_balance: 24_600.5,
      lines: 5,
      new_lines: 5,
      duplicate_lines: 0,
      imported_by: { name: 'Treasurer Fatima' },
    });
    expect(await linesOf(camtId)).toEqual([
      {
        booked_on: '2026-01-05',
        amount: 500,
        text: 'JM-000123 January dues · Ahmed Al Mansoori',
        bank_ref: 'FT26005ABCD1',
      },
      {
        booked_on: '2026-01-07',
        amount: 1250.5,
        text: 'JM-000245 · اشتراك يناير & ادخار · فاطمة الزهراء',
        bank_ref: '0002',
      },
      {
        booked_on: '2026-01-12',
        amount: -3000,
        text: 'Loan disbursement to member JM-000087 · Rashid Khan',
        bank_ref: 'FT26012XYZ9',
      },
      {
        booked_on: '2026-01-20',
        amount: 750,
        text: 'JM-000310 savings · Priya Nair',
        bank_ref: 'FT26020PN01',
      },
      { booked_on: '2026-01-28', amount: 100, text: 'Profit share', bank_ref: 'PS2601' },
    ]);
    const list = (await get('/api/admin/bank-statements')).json();
    expect(list.items.map((s: { id: number }) => s.id)).toEqual([camtId]);
  });

  it('refuses the same camt.053 again (409), and keeps nothing of it', async () => {
    const importedAt = (await imported(CAMT)).statement.imported_at;
    const body = expectError(await importFile(fixture('camt053.xml'), 'again.xml'), 409);
    // The day of the first import in Dubai, as every day the app names.
    const day = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Dubai',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }).format(new Date(importedAt));
    expect(body.message).toBe(`This statement was already imported on ${day}.`);
    expect(await linesKept()).toBe(5);
    expect(await t.db.$count(bankStatements)).toBe(1);
  });

  it('imports the MT940 of the same month: the lines both hold are kept once (issue 49)', async () => {
    // By the bank's reference (FT26005ABCD1), or, the formats giving other references, by the
    // member's ID on the same day and amount; the reversed cheque is the one line camt lacks.
    await imported(CAMT);
    const res = await importFile(...MT940);
    expect(res.statusCode, res.body).toBe(201);
    const { statement } = res.json();
    expect(statement).toMatchObject({
      format: 'mt940',
      from: '2026-01-05',
      to: '2026-01-26',
      opening_balance: 25_000,
      closing_balance: 24_620.5,
      lines: 5,
      new_lines: 1,
      duplicate_lines: 4,
    });
    expect(await linesKept()).toBe(6);
    // The line kept first is the one both statements show.
    const lines = await linesOf(statement.id);
    expect(lines.filter((l) => l.bank_ref === 'FT26005ABCD1')).toEqual([
      {
        booked_on: '2026-01-05',
        amount: 500,
        text: 'JM-000123 January dues · Ahmed Al Mansoori',
        bank_ref: 'FT26005ABCD1',
      },
    ]);
    expect(lines.map((l) => l.amount)).toEqual([500, 1250.5, -3000, 750, 120]);
    expectError(await importFile(fixture('mt940.txt'), 'mt940-again.txt'), 409);
    expect(await linesKept()).toBe(6);
  });

  it('keeps each line once when a later statement overlaps the earlier ones', async () => {
    await imported(CAMT, MT940);
    const camt = await importFile(...LATE_JANUARY[0]!);
    expect(camt.statusCode, camt.body).toBe(201);
    expect(camt.json().statement).toMatchObject({
      format: 'camt053',
      from: '2026-01-20',
      to: '2026-01-31',
      opening_balance: 24_475.5,
      closing_balance: 25_819.25,
      lines: 5,
      new_lines: 2,
      duplicate_lines: 3,
    });
    expect(await linesKept()).toBe(8);
    // The same days as an MT940: every line is held already, and the file is not the same.
    const again = await importFile(...LATE_JANUARY[1]!);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().statement).toMatchObject({
      format: 'mt940',
      lines: 5,
      new_lines: 0,
      duplicate_lines: 5,
    });
    expect(again.json().message).toBe('5 lines read, 0 of them new.');
    expect(await linesKept()).toBe(8);
    expect((await linesOf(again.json().statement.id)).map((l) => l.bank_ref)).toEqual([
      'FT26020PN01',
      'FT26026REV1',
      'PS2601',
      'FT26030NEW1',
      'CHG2601',
    ]);
  });

  it('imports a camt.053 of two statements: the first opening, the last closing', async () => {
    await imported(CAMT, MT940, ...LATE_JANUARY);
    const res = await importFile(fixture('camt053-v2.xml'), 'camt053-v2.xml');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().statement).toMatchObject({
      format: 'camt053',
      from: '2026-02-02',
      to: '2026-02-10',
      opening_balance: 24_600.5,
      closing_balance: 26_155.5,
      lines: 3,
      new_lines: 3,
      duplicate_lines: 0,
    });
    const list = (await get('/api/admin/bank-statements?limit=2')).json();
    expect(list.items).toHaveLength(2);
    expect(list.items[0].id).toBe(res.json().statement.id);
    expect(list.next_cursor).not.toBeNull();
    const rest = (await get(`/api/admin/bank-statements?cursor=${list.next_cursor}`)).json();
    expect(rest.items).toHaveLength(3);
    expect(rest.next_cursor).toBeNull();
  });

  it('leaves the planner knowing the lines a large statement brought, for the page opened next', async () => {
    // Planned for the lines held before, a 45,000-line statement's page took 199 s until
    // autovacuum came (docs/performance.md); a large import refreshes the tables' statistics.
    const entries: BankEntry[] = Array.from({ length: 1_200 }, (_, i) => ({
      day: `2026-03-${String(1 + (i % 28)).padStart(2, '0')}`,
      amountFils: 10_000 + i,
      ref: `FT26BIG${i}`,
      text: `Transfer ${i}`,
    }));
    expect((await importFile(mt940(0, entries), 'march.sta')).statusCode).toBe(201);
    const known = await rowsOf<{ table: string; rows: number }>(
      t.db,
      sql`select relname as table, reltuples as rows from pg_class
          where relname in ('bank_lines', 'bank_statement_lines') order by relname`,
    );
    expect(known).toEqual([
      { table: 'bank_lines', rows: 1_200 },
      { table: 'bank_statement_lines', rows: 1_200 },
    ]);
  });
});
