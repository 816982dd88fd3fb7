import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { onePagePdf } from '../../../test/support/uploads.ts';
import { bearer, expectError, multipart, postForm, useTestAppEach } from '../../../test/harness.ts';
import { bankLines } from '../../db/schema/bank.ts';
import { journalEntries } from '../../db/schema/ledger.ts';
import { payments } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { addDaysToDate, localDate, periodOf } from '../../lib/calendar.ts';
import { cashAtEndOf } from '../ledger/public.ts';

// Issue 37: the bank statement set beside the receipts and the books. Statements imported
// (each line once), matches by reference, name and bank reference with their near misses,
// approval in bulk, money without a receipt assigned (by two admins when there are two), the
// review queue's warning and the reconciliation.

// Each test tells the story from its start on a database of its own (the stages below): the
// statements, matches and balances asked are the whole association's.
const t = useTestAppEach();

const today = localDate(new Date());
const period = periodOf(today);
const day = (n: number) => addDaysToDate(today, n);

let admin: { id: number; token: string };
type Member = { id: number; uniqueId: string; name: string; token: string };
const members: Record<string, Member> = {};

async function member(key: string, name: string): Promise<Member> {
  const user = await t.makeUser({ name, joinedOn: `${period}-01` });
  members[key] = {
    id: user.id,
    uniqueId: user.uniqueId,
    name,
    token: await t.login(user.email),
  };
  return members[key];
}

async function payDues(m: Member, amount: string, extra: Record<string, string> = {}) {
  const res = await postForm(
    t.app,
    '/api/save-monthly-payment',
    m.token,
    multipart(
      { payment_amount: amount, month: period, account_number: 'ENBD 1', ...extra },
      {
        photo: {
          filename: 'receipt.pdf',
          contentType: 'application/pdf',
          data: await onePagePdf({ text: `${m.name} ${amount}` }),
        },
      },
    ),
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payment as {
    id: number;
    transfer_date: string | null;
    bank_reference: string | null;
  };
}

const MAPPING = JSON.stringify({
  date: 'Date',
  date_order: 'ymd',
  description: 'Description',
  amount: 'Amount',
  balance: 'Balance',
});

/** A bank's CSV export: each line's running balance follows from `opening`. */
function statementCsv(opening: number, lines: Array<[string, string, number]>): Buffer {
  let balance = opening;
  const rows = lines.map(([date, text, amount]) => {
    balance += amount;
    return `${date},"${text}",${amount.toFixed(2)},${balance.toFixed(2)}`;
  });
  return Buffer.from(['Date,Description,Amount,Balance', ...rows].join('\n') + '\n');
}

function importStatement(
  file: Buffer,
  fields: Record<string, string> = { mapping: MAPPING, bank: 'Emirates NBD' },
  token = admin.token,
) {
  return postForm(
    t.app,
    '/api/admin/bank-statements',
    token,
    multipart(fields, { file: { filename: 'statement.csv', contentType: 'text/csv', data: file } }),
  );
}

const get = (url: string, token = admin.token) =>
  t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, payload: object, token = admin.token) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

let opening = 0;
let statementId = 0;
let laterId = 0;
let waiting: Record<string, { id: number }> = {};

/** The admin, five members and four receipts waiting, and the cash the books had before. */
async function association(): Promise<void> {
  const user = await t.makeUser({ role: 'admin', name: 'Treasurer Fatima' });
  admin = { id: user.id, token: await t.login(user.email) };
  await t.fundCash(500_000, new Date(Date.now() - 40 * 86_400_000));
  await member('amina', 'Amina Yusuf');
  await member('rahul', 'Rahul Nair');
  await member('omar', 'Omar Haddad');
  await member('sara', 'Sara Iqbal');
  await member('bilal', 'Bilal Khan');
  waiting = {
    // By the member's reference in the transfer's text.
    amina: await payDues(members.amina!, '200', { transfer_date: day(-2) }),
    // By the name alone.
    rahul: await payDues(members.rahul!, '200'),
    // By the bank's reference the member copied from the receipt.
    omar: await payDues(members.omar!, '200', {
      transfer_date: day(-1),
      bank_reference: 'FT26-9913',
    }),
    // Invented: the bank holds 190, not 200.
    sara: await payDues(members.sara!, '200'),
  };
  opening = (await cashAtEndOf(t.db, day(-5))) / 100;
}

const month = () =>
  statementCsv(opening, [
    [
      day(-3),
      `Transfer from ${members.amina!.uniqueId.slice(0, 2)}-${members.amina!.uniqueId.slice(2)} dues`,
      200,
    ],
    [day(-1), `IPP RAHUL NAIR monthly`, 200],
    [day(-1), 'Inward remittance ref FT269913', 200],
    [day(-1), `Sara Iqbal ${members.sara!.uniqueId}`, 190],
    [day(-20), `Old ${members.bilal!.uniqueId}`, 200],
    [day(0), 'Cash deposit', 150],
  ]);

/** A later export of the month: its lines again, and a second deposit. */
function monthAndASecondDeposit(): Buffer {
  const overlap = statementCsv(opening + 1140, [[day(0), 'Cash deposit 2', 75]]);
  return Buffer.concat([month(), Buffer.from(overlap.toString().split('\n').slice(1).join('\n'))]);
}

/** Then the month's statement imported, and one overlapping it with a second deposit. */
async function imported(): Promise<void> {
  await association();
  const first = await importStatement(month());
  expect(first.statusCode, first.body).toBe(201);
  statementId = first.json().statement.id;
  const again = await importStatement(monthAndASecondDeposit(), { bank: 'Emirates NBD' });
  expect(again.statusCode, again.body).toBe(201);
  laterId = again.json().statement.id;
}

/** Then its matches approved in bulk. */
async function approved(): Promise<void> {
  await imported();
  const res = await post(`/api/admin/bank-statements/${statementId}/approve`, {});
  expect(res.statusCode, res.body).toBe(200);
}

/** Then the first deposit assigned to Bilal by two admins (the second one gone since). */
async function assigned(): Promise<void> {
  await approved();
  const detail = (await get(`/api/admin/bank-statements/${statementId}`)).json();
  const deposit = detail.unmatched_lines.find((l: { amount: number }) => l.amount === 150);
  const body = { member_id: members.bilal!.id, period };
  const chair = await t.makeUser({ role: 'admin', name: 'Chair Khalid' });
  expect((await post(`/api/admin/bank-lines/${deposit.id}/assign`, body)).statusCode).toBe(202);
  const done = await post(
    `/api/admin/bank-lines/${deposit.id}/assign`,
    body,
    await t.login(chair.email),
  );
  expect(done.statusCode, done.body).toBe(201);
  await t.db.update(users).set({ status: 0 }).where(eq(users.id, chair.id));
}

describe('the member gives the transfer date and reference', () => {
  it('keeps them with the payment and refuses a transfer after today', async () => {
    await association();
    expect(waiting.omar).toMatchObject({ transfer_date: day(-1), bank_reference: 'FT26-9913' });
    const res = await postForm(
      t.app,
      '/api/save-monthly-payment',
      members.bilal!.token,
      multipart(
        { payment_amount: '200', month: period, account_number: '1', transfer_date: day(1) },
        { photo: { filename: 'r.pdf', contentType: 'application/pdf', data: await onePagePdf() } },
      ),
    );
    expect(expectError(res, 422).errors).toHaveProperty('transfer_date');
  });
});

describe('POST /api/admin/bank-statements', () => {
  it('refuses a member, and a CSV whose columns are not known yet', async () => {
    await association();
    expectError(await importStatement(month(), {}, members.amina!.token), 403);
    const unknown = expectError(await importStatement(month(), { bank: 'Mashreq' }), 422);
    expect(unknown.errors).toHaveProperty('mapping');
  });

  it('keeps each line once and remembers the columns for the bank', async () => {
    await association();
    const res = await importStatement(month());
    expect(res.statusCode, res.body).toBe(201);
    const { statement } = res.json();
    statementId = statement.id;
    expect(statement).toMatchObject({
      format: 'csv',
      bank: 'Emirates NBD',
      from: day(-20),
      to: day(0),
      lines: 6,
      new_lines: 6,
      duplicate_lines: 0,
      closing_balance: opening + 1140,
    });
    // The same file again changes nothing.
    expectError(await importStatement(month()), 409);
    // An overlapping statement, its columns remembered for the bank: only its new line is kept.
    const again = await importStatement(monthAndASecondDeposit(), { bank: 'Emirates NBD' });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().statement).toMatchObject({ lines: 7, new_lines: 1, duplicate_lines: 6 });
    laterId = again.json().statement.id;
    expect(await t.db.select().from(bankLines)).toHaveLength(7);
  });

  it('proposes matches by bank reference, member reference and name, and none for the near misses', async () => {
    await imported();
    const res = await get(`/api/admin/bank-statements/${statementId}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    const why = Object.fromEntries(
      detail.matched.map((m: { payment: { id: number }; why: string }) => [m.payment.id, m.why]),
    );
    expect(why).toEqual({
      [waiting.amina!.id]: 'member_reference',
      [waiting.rahul!.id]: 'member_name',
      [waiting.omar!.id]: 'bank_reference',
    });
    // Wrong amount (190), outside the window (20 days), no receipt at all.
    expect(detail.unmatched_lines.map((l: { amount: number }) => l.amount).sort()).toEqual([
      150, 190, 200,
    ]);
    expect(detail.unmatched_payments.map((p: { id: number }) => p.id)).toEqual([waiting.sara!.id]);
  });

  it('flags the receipt the bank has not seen for the review queue, by the latest statement', async () => {
    await imported();
    const res = await get('/api/admin/bank-statements/unseen');
    expect(res.json().items).toEqual([
      {
        payment_id: waiting.sara!.id,
        statement: { id: laterId, bank: 'Emirates NBD', from: day(-20), to: day(0) },
      },
    ]);
  });
});

describe('approval in bulk and money without a receipt', () => {
  it('approves each match as a single approval does and links it to its line once', async () => {
    await imported();
    const res = await post(`/api/admin/bank-statements/${statementId}/approve`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().approved).toHaveLength(3);
    expect(res.json().refused).toEqual([]);
    for (const key of ['amina', 'rahul', 'omar']) {
      const [p] = await t.db.select().from(payments).where(eq(payments.id, waiting[key]!.id));
      expect(p!.status).toBe('approved');
      const [line] = await t.db.select().from(bankLines).where(eq(bankLines.paymentId, p!.id));
      const [entry] = await t.db
        .select()
        .from(journalEntries)
        .where(eq(journalEntries.paymentId, p!.id));
      expect(line!.entryId).toBe(entry!.id);
    }
    // Again: nothing left to approve, nothing approved twice.
    const again = await post(`/api/admin/bank-statements/${statementId}/approve`, {});
    expect(again.json().approved).toEqual([]);
    await t.expectBooksBalance();
  });

  it('assigns the cash deposit to a member, by two admins when there are two', async () => {
    await approved();
    const detail = (await get(`/api/admin/bank-statements/${statementId}`)).json();
    const deposit = detail.unmatched_lines.find((l: { amount: number }) => l.amount === 150);
    const body = { member_id: members.bilal!.id, period };
    expectError(
      await post(`/api/admin/bank-lines/${deposit.id}/assign`, body, members.bilal!.token),
      403,
    );
    expectError(
      await post(`/api/admin/bank-lines/${deposit.id}/assign`, { member_id: members.bilal!.id }),
      422,
    );
    const chair = await t.makeUser({ role: 'admin', name: 'Chair Khalid' });
    const chairToken = await t.login(chair.email);
    const proposed = await post(`/api/admin/bank-lines/${deposit.id}/assign`, body);
    expect(proposed.statusCode, proposed.body).toBe(202);
    // The second admin sees whose money it is and which line, as the overview shows it.
    expect(proposed.json().proposal).toMatchObject({
      action: 'bank.assign',
      member: { id: members.bilal!.id, name: 'Bilal Khan' },
      details: { lineId: deposit.id, memberId: members.bilal!.id, period },
    });
    // The proposer cannot confirm; another member or month is refused.
    expectError(await post(`/api/admin/bank-lines/${deposit.id}/assign`, body), 409);
    expectError(
      await post(
        `/api/admin/bank-lines/${deposit.id}/assign`,
        { member_id: members.amina!.id, period },
        chairToken,
      ),
      409,
    );
    const done = await post(`/api/admin/bank-lines/${deposit.id}/assign`, body, chairToken);
    expect(done.statusCode, done.body).toBe(201);
    const [p] = await t.db.select().from(payments).where(eq(payments.id, done.json().payment_id));
    expect(p).toMatchObject({
      status: 'approved',
      approvedAmountFils: 15_000,
      receiptFileId: null,
    });
    expectError(await post(`/api/admin/bank-lines/${deposit.id}/assign`, body, chairToken), 409);
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, chair.id));
    await t.expectBooksBalance();
  });

  it('sets the bank beside the books and says what is missing', async () => {
    await assigned();
    const res = await get(`/api/admin/reconciliation?as_of=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r.bank_balance).toBe(opening + 1215);
    expect(r.agree).toBe(false);
    // In the bank, not in the books: Sara's 190, the old transfer and the second deposit.
    expect(r.lines_not_in_books.map((l: { amount: number }) => l.amount).sort()).toEqual([
      190, 200, 75,
    ]);
    expect(r.difference).toBe(-(190 + 200 + 75));
    expectError(await get('/api/admin/reconciliation?as_of=26-11-2026'), 400);
    expectError(await get('/api/admin/reconciliation', members.amina!.token), 403);
  });
});
