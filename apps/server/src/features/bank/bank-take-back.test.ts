import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectError, useTestApp } from '../../../test/harness.ts';
import {
  adminCalls,
  importStatement,
  lineIdsOf,
  type BankEntry,
} from '../../../test/support/own-books.ts';
import { bankLines, bankStatements } from '../../db/schema/bank.ts';
import { addDaysToDate, localDate } from '../../lib/calendar.ts';

// Issue 49, point 5: a statement imported by mistake is taken back while nothing of it is linked
// or booked; the same month from the bank in another format is recognised line by line, and what
// nothing ties is asked about. Each test has days of its own, so their lines never meet.

const t = useTestApp();
let seq = 0;
let adminToken: Promise<string> | null = null;
const theAdmin = () =>
  (adminToken ??= t.makeUser({ role: 'admin', isMember: false }).then((a) => t.login(a.email)));

/** A month of its own, `n` months ago, with a member's due, a fee and a transfer. */
function month(n: number): BankEntry[] {
  const day = (d: number) => addDaysToDate(localDate(new Date()), -30 * n - d);
  seq += 1;
  return [
    { day: day(3), amountFils: 20_000, ref: `FT${seq}A`, text: `Dues JM000${seq}0 November` },
    { day: day(2), amountFils: -2_625, ref: `CHG${seq}`, text: 'MONTHLY ACCOUNT MAINTENANCE FEE' },
    {
      day: day(1),
      amountFils: 50_000,
      ref: `FT${seq}B`,
      text: 'FAMILY SUPPORT',
      party: 'MOHD IMRAN',
    },
  ];
}

const lineCount = async () => (await t.db.select({ id: bankLines.id }).from(bankLines)).length;

describe('DELETE /api/admin/bank-statements/:id', () => {
  it('takes back a statement and its lines, but lines another statement holds too', async () => {
    const token = await theAdmin();
    const calls = adminCalls(t.app, token);
    const entries = month(2);
    const first = await importStatement(t.app, token, entries.slice(0, 2));
    const second = await importStatement(t.app, token, entries);
    expect(second.response.json().statement).toMatchObject({ lines: 3, new_lines: 1 });
    const before = await lineCount();
    const res = await calls.del(`/api/admin/bank-statements/${second.statementId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await lineCount()).toBe(before - 1);
    expect(
      await t.db.select().from(bankStatements).where(eq(bankStatements.id, second.statementId)),
    ).toEqual([]);
    // The first statement keeps both of its lines; imported again, the second is new once more.
    expect((await lineIdsOf(t.db, first.statementId)).size).toBe(2);
    const again = await importStatement(t.app, token, entries);
    expect(again.response.statusCode, again.response.body).toBe(201);
    expectError(await calls.del(`/api/admin/bank-statements/${second.statementId}`), 404);
  });

  it('refuses while a line of it is booked, naming the line', async () => {
    const token = await theAdmin();
    const calls = adminCalls(t.app, token);
    const entries = month(3);
    const { statementId } = await importStatement(t.app, token, entries);
    const lines = await lineIdsOf(t.db, statementId);
    const interest = lines.get(entries[2]!.ref)!;
    expect(
      (await calls.post(`/api/admin/bank-lines/${interest}/book`, { account: 'other_income' }))
        .statusCode,
    ).toBe(201);
    const res = await calls.del(`/api/admin/bank-statements/${statementId}`);
    const body = expectError(res, 409);
    expect(Object.keys(body.errors ?? {})).toEqual([`line ${interest}`]);
    expect(
      await t.db
        .select({ id: bankLines.id })
        .from(bankLines)
        .where(inArray(bankLines.id, [...lines.values()])),
    ).toHaveLength(3);
  });
});

describe('the same month from the bank in two formats', () => {
  it("recognises the CSV's lines by the bank's reference in their text", async () => {
    const token = await theAdmin();
    const entries = month(4);
    await importStatement(t.app, token, entries);
    const before = await lineCount();
    const csv = await importStatement(t.app, token, entries, { format: 'csv' });
    expect(csv.response.statusCode, csv.response.body).toBe(201);
    expect(csv.response.json().statement).toMatchObject({ lines: 3, new_lines: 0 });
    expect(await lineCount()).toBe(before);
  });

  it('recognises a line by its member ID, and asks about what nothing ties', async () => {
    const token = await theAdmin();
    const entries = month(5);
    await importStatement(t.app, token, entries);
    const before = await lineCount();
    // The bank's CSV export without its reference column: the due carries its member ID; the
    // fee and the family support carry nothing that ties them.
    const asked = await importStatement(t.app, token, entries, {
      format: 'csv',
      csvReference: false,
    });
    const body = expectError(asked.response, 409);
    expect(body.message).toMatch(/2 lines look like lines you already have/);
    expect(body.errors?.lookalikes).toHaveLength(2);
    expect(body.errors?.lookalikes?.[0]).toMatch(/MONTHLY ACCOUNT MAINTENANCE FEE/);
    expect(await lineCount()).toBe(before);
    const same = await importStatement(t.app, token, entries, {
      format: 'csv',
      csvReference: false,
      lookalikes: 'same',
    });
    expect(same.response.statusCode, same.response.body).toBe(201);
    expect(same.response.json().statement).toMatchObject({ lines: 3, new_lines: 0 });
    expect(await lineCount()).toBe(before);
  });

  it('keeps the lines asked about as new when the treasurer says so', async () => {
    const token = await theAdmin();
    const entries = month(6);
    await importStatement(t.app, token, entries);
    const before = await lineCount();
    const fresh = await importStatement(t.app, token, entries, {
      format: 'csv',
      csvReference: false,
      lookalikes: 'new',
    });
    expect(fresh.response.statusCode, fresh.response.body).toBe(201);
    expect(fresh.response.json().statement).toMatchObject({ lines: 3, new_lines: 2 });
    expect(await lineCount()).toBe(before + 2);
  });

  it('keeps lines of one format apart as before: another amount or day is another line', async () => {
    const token = await theAdmin();
    const entries = month(7);
    await importStatement(t.app, token, entries);
    const before = await lineCount();
    const moved = entries.map((e) => ({ ...e, ref: `${e.ref}X`, amountFils: e.amountFils + 1 }));
    const other = await importStatement(t.app, token, moved);
    expect(other.response.json().statement).toMatchObject({ lines: 3, new_lines: 3 });
    expect(await lineCount()).toBe(before + 3);
  });
});
