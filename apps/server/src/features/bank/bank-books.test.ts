import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, expectError, useTestApp } from '../../../test/harness.ts';
import { adminCalls, importStatement, lineIdsOf } from '../../../test/support/own-books.ts';
import { journalEntries } from '../../db/schema/ledger.ts';
import { addDaysToDate, localDate } from '../../lib/calendar.ts';

// Issue 49, point 2: a bank line that is no member's money, booked to one of the association's
// accounts in one step. A bank charge within the limit is one admin's; other money out two
// admins'; money in one admin's. Each test imports lines of its own.

const t = useTestApp();
const today = localDate(new Date());
const yesterday = addDaysToDate(today, -1);
let seq = 0;
const ref = (what: string) => `${what}-${++seq}`;

async function twoAdmins() {
  const treasurer = await t.makeUser({ role: 'admin', isMember: false, name: 'Treasurer' });
  const chair = await t.makeUser({ role: 'admin', isMember: false, name: 'Chair' });
  return {
    treasurer: adminCalls(t.app, await t.login(treasurer.email)),
    treasurerToken: await t.login(treasurer.email),
    chair: adminCalls(t.app, await t.login(chair.email)),
    treasurerId: treasurer.id,
    chairId: chair.id,
  };
}

/** One line imported in a statement of its own: its id. */
async function oneLine(token: string, amountFils: number, text: string): Promise<number> {
  const r = ref('L');
  const { response, statementId } = await importStatement(t.app, token, [
    { day: yesterday, amountFils, ref: r, text },
  ]);
  expect(response.statusCode, response.body).toBe(201);
  return (await lineIdsOf(t.db, statementId)).get(r)!;
}

const entryOf = async (id: number) =>
  (await t.db.select().from(journalEntries).where(eq(journalEntries.id, id)))[0]!;

describe('POST /api/admin/bank-lines/:id/book', () => {
  it('books a bank charge within the limit with one admin, though two are active', async () => {
    await t.fundCash(500_000, new Date(Date.now() - 5 * 86_400_000));
    const { treasurer, treasurerToken, treasurerId } = await twoAdmins();
    const lineId = await oneLine(
      treasurerToken,
      -2_625,
      'MONTHLY ACCOUNT MAINTENANCE FEE INCL VAT',
    );
    const res = await treasurer.post(`/api/admin/bank-lines/${lineId}/book`, {
      account: 'bank_charges',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.line).toMatchObject({
      id: lineId,
      link: 'book',
      booked_to: { code: 'bank_charges', name: 'Bank charges' },
    });
    const entry = await entryOf(body.entry_id);
    expect(entry).toMatchObject({ kind: 'booking', createdBy: treasurerId, proposedBy: null });
    expect(entry.memo).toBe('MONTHLY ACCOUNT MAINTENANCE FEE INCL VAT');
    expect(localDate(entry.occurredAt)).toBe(yesterday);
    const journal = await treasurer.get(`/api/admin/ledger/entries?kind=booking&limit=5`);
    const shown = journal.json().items.find((e: { id: number }) => e.id === body.entry_id);
    expect(shown.postings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ account_code: 'bank_charges', debit: 26.25, credit: 0 }),
        expect.objectContaining({ account_code: 'cash', debit: 0, credit: 26.25 }),
      ]),
    );
    expect(shown.bank_line_id).toBe(lineId);
    // A line is booked once.
    const again = await treasurer.post(`/api/admin/bank-lines/${lineId}/book`, {
      account: 'bank_charges',
    });
    expect(expectError(again, 409).message).toMatch(/already booked/);
    await t.expectBooksBalance();
  });

  it('takes two admins for other money out: proposed, refused to the proposer, confirmed by another', async () => {
    await t.fundCash(500_000, new Date(Date.now() - 5 * 86_400_000));
    const { treasurer, treasurerToken, chair, treasurerId, chairId } = await twoAdmins();
    const lineId = await oneLine(treasurerToken, -75_000, 'TRANSFER AL NOOR HALL AGM');
    const proposed = await treasurer.post(`/api/admin/bank-lines/${lineId}/book`, {
      account: 'meeting_costs',
      memo: 'Hall for the AGM',
    });
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect(proposed.json().proposal).toMatchObject({ action: 'bank.book', amount: 750 });
    expect(proposed.json().proposal.details).toMatchObject({
      lineId,
      account: 'meeting_costs',
      memo: 'Hall for the AGM',
    });
    expectError(
      await treasurer.post(`/api/admin/bank-lines/${lineId}/book`, { account: 'meeting_costs' }),
      409,
    );
    // Another account than proposed is not a confirmation.
    expectError(
      await chair.post(`/api/admin/bank-lines/${lineId}/book`, { account: 'other_expenses' }),
      409,
    );
    const done = await chair.post(`/api/admin/bank-lines/${lineId}/book`, {
      account: 'meeting_costs',
    });
    expect(done.statusCode, done.body).toBe(201);
    expect(await entryOf(done.json().entry_id)).toMatchObject({
      proposedBy: treasurerId,
      createdBy: chairId,
      memo: 'Hall for the AGM',
    });
    await t.expectBooksBalance();
  });

  it('books money in with one admin, and a charge above the limit with two', async () => {
    await t.fundCash(500_000, new Date(Date.now() - 5 * 86_400_000));
    const { treasurer, treasurerToken } = await twoAdmins();
    const interest = await oneLine(treasurerToken, 1_234, 'PROFIT CREDITED');
    const res = await treasurer.post(`/api/admin/bank-lines/${interest}/book`, {
      account: 'bank_interest',
    });
    expect(res.statusCode, res.body).toBe(201);
    const charge = await oneLine(treasurerToken, -10_001, 'SWIFT CHARGES');
    const above = await treasurer.post(`/api/admin/bank-lines/${charge}/book`, {
      account: 'bank_charges',
    });
    expect(above.statusCode, above.body).toBe(202);
  });

  it('refuses an account that is unknown, retired, cash, or kept by records of its own', async () => {
    await t.fundCash(100_000, new Date(Date.now() - 5 * 86_400_000));
    const { treasurer, treasurerToken } = await twoAdmins();
    const lineId = await oneLine(treasurerToken, -500, 'CHEQUE BOOK FEE');
    const added = await treasurer.post('/api/admin/accounts', {
      name_en: `Old fees ${seq}`,
      name_ar: 'رسوم قديمة',
      kind: 'expense',
    });
    expect(added.statusCode, added.body).toBe(201);
    const retired = added.json().account.code as string;
    expect(
      (await treasurer.post(`/api/admin/accounts/${retired}`, { retired: true })).statusCode,
    ).toBe(200);
    for (const account of ['no_such', retired, 'cash', 'interest_income', 'savings:1', 'loan:1']) {
      const res = await treasurer.post(`/api/admin/bank-lines/${lineId}/book`, { account });
      expect(expectError(res, 422).errors, account).toHaveProperty('account');
    }
    expectError(
      await treasurer.post('/api/admin/bank-lines/999999/book', { account: 'bank_charges' }),
      404,
    );
    expect(
      expectError(await treasurer.post(`/api/admin/bank-lines/${lineId}/book`, {}), 422).errors,
    ).toHaveProperty('account');
  });

  it('refuses money out beyond the cash in hand, and anyone but an admin', async () => {
    const { treasurer, treasurerToken } = await twoAdmins();
    const cash = (await treasurer.get('/api/admin/overview')).json().cash_in_hand as number;
    const lineId = await oneLine(treasurerToken, -(Math.round(cash * 100) + 100), 'BIG FEE');
    const res = await treasurer.post(`/api/admin/bank-lines/${lineId}/book`, {
      account: 'other_expenses',
    });
    expect(expectError(res, 409).message).toMatch(/cannot go below zero/);
    const member = await t.makeUser();
    const memberToken = await t.login(member.email);
    const asMember = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bank-lines/${lineId}/book`,
      headers: bearer(memberToken),
      payload: { account: 'bank_charges' },
    });
    expectError(asMember, 403);
    const signedOut = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bank-lines/${lineId}/book`,
      payload: { account: 'bank_charges' },
    });
    expectError(signedOut, 401);
  });
});
