import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectError, multipart, postForm, useTestApp } from '../../../test/harness.ts';
import { adminCalls, importStatement, lineIdsOf } from '../../../test/support/own-books.ts';
import { onePagePdf } from '../../../test/support/uploads.ts';
import { payments } from '../../db/schema/payments.ts';
import { addDaysToDate, localDate, periodOf } from '../../lib/calendar.ts';
import { journalEntries } from '../../db/schema/ledger.ts';

// Issue 49, point 4: a line the matcher cannot tie ("FAMILY SUPPORT · MOHD IMRAN", no member ID)
// linked by hand to the member's receipt waiting (approving it) or to the payment already
// approved; a wrong link undone. One admin here: each test makes the members and lines it needs.

const t = useTestApp();
const today = localDate(new Date());
const period = periodOf(today);
let seq = 0;

// The association's one admin (with two, assigning a line is proposed first: bank-books.test.ts).
let adminToken: Promise<string> | null = null;
const theAdmin = () =>
  (adminToken ??= t
    .makeUser({ role: 'admin', isMember: false, name: 'Treasurer' })
    .then((a) => t.login(a.email)));

async function setUp() {
  const token = await theAdmin();
  const imran = await t.makeUser({ name: 'محمد عمران', joinedOn: `${period}-01` });
  const imranToken = await t.login(imran.email);
  return { token, calls: adminCalls(t.app, token), imran, imranToken };
}

/** The member's receipt for this month's due: its payment id. */
async function receipt(memberToken: string, amount = '200'): Promise<number> {
  const res = await postForm(
    t.app,
    '/api/save-monthly-payment',
    memberToken,
    multipart(
      { payment_amount: amount, month: period, account_number: 'ENBD 1' },
      { photo: { filename: 'r.pdf', contentType: 'application/pdf', data: await onePagePdf() } },
    ),
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payment.id;
}

async function familySupportLine(token: string, amountFils = 20_000, day = today): Promise<number> {
  const r = `FT-${++seq}`;
  const { response, statementId } = await importStatement(t.app, token, [
    { day, amountFils, ref: r, text: 'FAMILY SUPPORT', party: 'MOHD IMRAN' },
  ]);
  expect(response.statusCode, response.body).toBe(201);
  return (await lineIdsOf(t.db, statementId)).get(r)!;
}

const statusOf = async (id: number) =>
  (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!.status;

describe('linking a bank line by hand', () => {
  it('links a line to the receipt waiting, approving it, and the books agree', async () => {
    const { token, calls, imran, imranToken } = await setUp();
    const paymentId = await receipt(imranToken);
    const yesterday = addDaysToDate(today, -1);
    const lineId = await familySupportLine(token, 20_000, yesterday);
    // Assigning it is refused: the month has a receipt waiting; the candidates show it.
    const assign = await calls.post(`/api/admin/bank-lines/${lineId}/assign`, {
      member_id: imran.id,
      period,
    });
    expectError(assign, 409);
    const candidates = await calls.get(
      `/api/admin/bank-lines/${lineId}/link-candidates?member_id=${imran.id}`,
    );
    expect(candidates.statusCode, candidates.body).toBe(200);
    expect(candidates.json().items).toEqual([
      expect.objectContaining({
        id: paymentId,
        status: 'pending',
        linked_line_id: null,
        same_amount: true,
      }),
    ]);
    const linked = await calls.post(`/api/admin/bank-lines/${lineId}/link`, {
      payment_id: paymentId,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({
      approved: true,
      line: { id: lineId, payment_id: paymentId, link: 'hand' },
    });
    expect(await statusOf(paymentId)).toBe('approved');
    // Dated the day the bank received it: the books hold it when the bank does.
    const [entry] = await t.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.id, linked.json().line.entry_id));
    expect(localDate(entry!.occurredAt)).toBe(yesterday);
    const rec = await calls.get(`/api/admin/reconciliation?as_of=${today}`);
    const lines = rec.json().lines_not_in_books as Array<{ id: number }>;
    expect(lines.map((l) => l.id)).not.toContain(lineId);
    await t.expectBooksBalance();
  });

  it('links a line to a payment approved first, then unlinks it when the link was wrong', async () => {
    const { token, calls, imranToken } = await setUp();
    const paymentId = await receipt(imranToken);
    const approved = await calls.post(`/api/admin/payments/${paymentId}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const lineId = await familySupportLine(token);
    const candidates = await calls.get(`/api/admin/bank-lines/${lineId}/link-candidates`);
    expect(candidates.json().items).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: paymentId, status: 'approved' })]),
    );
    const linked = await calls.post(`/api/admin/bank-lines/${lineId}/link`, {
      payment_id: paymentId,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().approved).toBe(false);
    // A second line cannot take the same payment.
    const other = await familySupportLine(token);
    const twice = await calls.post(`/api/admin/bank-lines/${other}/link`, {
      payment_id: paymentId,
    });
    expect(expectError(twice, 409).message).toMatch(/already linked to the bank line of/);
    // Nor can the linked line take another.
    const again = await calls.post(`/api/admin/bank-lines/${lineId}/link`, {
      payment_id: paymentId,
    });
    expectError(again, 409);
    const unlinked = await calls.post(`/api/admin/bank-lines/${lineId}/unlink`);
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(unlinked.json().line).toMatchObject({ payment_id: null, entry_id: null, link: null });
    expect(await statusOf(paymentId)).toBe('approved');
    expectError(await calls.post(`/api/admin/bank-lines/${lineId}/unlink`), 409);
    // Now the other line may take it.
    const moved = await calls.post(`/api/admin/bank-lines/${other}/link`, {
      payment_id: paymentId,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await t.expectBooksBalance();
  });

  it('refuses another amount, money out, a rejected payment, and an unknown one', async () => {
    const { token, calls, imranToken } = await setUp();
    const paymentId = await receipt(imranToken, '150');
    const lineId = await familySupportLine(token);
    const res = await calls.post(`/api/admin/bank-lines/${lineId}/link`, { payment_id: paymentId });
    expect(expectError(res, 422).message).toMatch(/AED\s200.*AED\s150|AED 200/);
    expectError(
      await calls.post(`/api/admin/bank-lines/${lineId}/link`, { payment_id: 999_999 }),
      404,
    );
    const rejected = await calls.post(`/api/admin/payments/${paymentId}/reject`, {
      reason: 'Blurred',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expectError(
      await calls.post(`/api/admin/bank-lines/${lineId}/link`, { payment_id: paymentId }),
      409,
    );
    await t.fundCash(100_000, new Date(Date.now() - 3 * 86_400_000));
    const out = await familySupportLine(token, -20_000);
    const outRes = await calls.post(`/api/admin/bank-lines/${out}/link`, { payment_id: paymentId });
    expectError(outRes, 422);
    expectError(await calls.post(`/api/admin/bank-lines/${lineId}/link`, {}), 422);
  });

  it('refuses to unlink what was recorded from the line: it is corrected by reversal', async () => {
    const { token, calls, imran } = await setUp();
    const lineId = await familySupportLine(token);
    const assigned = await calls.post(`/api/admin/bank-lines/${lineId}/assign`, {
      member_id: imran.id,
      period,
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    expect(assigned.json().line.link).toBe('assign');
    const res = await calls.post(`/api/admin/bank-lines/${lineId}/unlink`);
    expect(expectError(res, 409).message).toMatch(/reverse it/);
    const fee = await familySupportLine(token, 1_000);
    expect(
      (await calls.post(`/api/admin/bank-lines/${fee}/book`, { account: 'other_income' }))
        .statusCode,
    ).toBe(201);
    expect(
      expectError(await calls.post(`/api/admin/bank-lines/${fee}/unlink`), 409).message,
    ).toMatch(/booked to an account/);
    expectError(await calls.post('/api/admin/bank-lines/999999/unlink'), 404);
    expectError(await calls.get('/api/admin/bank-lines/999999/link-candidates'), 404);
  });
});
