import { describe, expect, it } from 'vitest';
import { expectError, useTestAppEach } from '../../../test/harness.ts';
import { adminCalls, importStatement, lineIdsOf } from '../../../test/support/own-books.ts';
import {
  addMonthsToPeriod,
  daysInPeriod,
  localDate,
  periodLabel,
  periodOf,
} from '../../lib/calendar.ts';

// Issue 53, point 1: a month is locked once books and bank agree at its end, by two admins
// when there are two; nothing is dated in it afterwards. Each test builds its own association.

const t = useTestAppEach();
const thisMonth = periodOf(localDate(new Date()));
const lastMonth = addMonthsToPeriod(thisMonth, -1);
const lastDay = `${lastMonth}-${daysInPeriod(lastMonth)}`;

async function admin(name = 'Treasurer') {
  const user = await t.makeUser({ role: 'admin', isMember: false, name });
  return {
    id: user.id,
    ...adminCalls(t.app, await t.login(user.email)),
    token: await t.login(user.email),
  };
}

/** Last month at the bank: a donation in, the bank's charge out on its last day; both lines' ids. */
async function lastMonthAtTheBank(token: string) {
  const { response, statementId } = await importStatement(t.app, token, [
    { day: `${lastMonth}-05`, amountFils: 100_000, ref: 'IN-1', text: 'DONATION MOSQUE COMMITTEE' },
    { day: lastDay, amountFils: -2_625, ref: 'FEE-1', text: 'MONTHLY ACCOUNT MAINTENANCE FEE' },
  ]);
  expect(response.statusCode, response.body).toBe(201);
  const ids = await lineIdsOf(t.db, statementId);
  return { donation: ids.get('IN-1')!, fee: ids.get('FEE-1')! };
}

async function bookBoth(
  a: Awaited<ReturnType<typeof admin>>,
  lines: { donation: number; fee: number },
) {
  for (const [id, account] of [
    [lines.donation, 'other_income'],
    [lines.fee, 'bank_charges'],
  ] as const) {
    const res = await a.post(`/api/admin/bank-lines/${id}/book`, { account });
    expect(res.statusCode, res.body).toBe(201);
  }
}

const monthOf = async (a: Awaited<ReturnType<typeof admin>>, month: string) => {
  const res = await a.get('/api/admin/periods');
  expect(res.statusCode, res.body).toBe(200);
  return {
    body: res.json(),
    month: res.json().items.find((m: { month: string }) => m.month === month),
  };
};

describe('POST /api/admin/periods/:month/lock', () => {
  it('waits until books and bank agree, then locks the month, and nothing more is dated in it', async () => {
    const treasurer = await admin();
    const lines = await lastMonthAtTheBank(treasurer.token);

    // The donation is booked, the bank's charge not yet: the month waits, and says for what.
    const donation = await treasurer.post(`/api/admin/bank-lines/${lines.donation}/book`, {
      account: 'other_income',
    });
    expect(donation.statusCode, donation.body).toBe(201);
    const before = await monthOf(treasurer, lastMonth);
    expect(before.body.first_open).toBe(lastMonth);
    expect(before.body.items[0]).toMatchObject({
      month: thisMonth,
      state: 'current',
      lockable: false,
    });
    expect(before.month).toMatchObject({ state: 'open', lockable: false, locked_by: null });
    expect(before.month.open_items).toMatchObject({
      bank_lines_open: 1,
      receipts_waiting: 0,
      bank_statement_reaches_end: true,
      bank_difference: 26.25,
    });
    const refused = expectError(await treasurer.post(`/api/admin/periods/${lastMonth}/lock`), 409);
    expect(refused.message).toMatch(/cannot be locked yet/);
    expect(refused.errors?.bank_lines?.[0]).toMatch(/^1 line of the bank is not in the books/);
    expect(refused.errors?.bank_difference?.[0]).toMatch(/differ by AED\s26\.25/);

    const fee = await treasurer.post(`/api/admin/bank-lines/${lines.fee}/book`, {
      account: 'bank_charges',
    });
    expect(fee.statusCode, fee.body).toBe(201);
    const clear = await monthOf(treasurer, lastMonth);
    expect(clear.month).toMatchObject({ state: 'open', lockable: true });
    expect(clear.month.open_items).toMatchObject({
      bank_lines_open: 0,
      entries_not_in_bank: 0,
      bank_difference: 0,
    });

    const locked = await treasurer.post(`/api/admin/periods/${lastMonth}/lock`);
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json()).toMatchObject({
      message: 'The month was locked.',
      month: {
        month: lastMonth,
        state: 'locked',
        locked_by: { id: treasurer.id },
        proposed_by: null,
      },
    });
    expect((await monthOf(treasurer, lastMonth)).body.first_open).toBe(thisMonth);

    // An entry dated in it is refused, and the refusal names the month to date it in.
    const late = await treasurer.post('/api/admin/journal-entries', {
      date: `${lastMonth}-15`,
      memo: 'Printing, forgotten',
      lines: [
        { account: 'stationery', debit: 10 },
        { account: 'other_income', credit: 10 },
      ],
    });
    expect(expectError(late, 409).message).toMatch(/are locked: nothing more is dated in it/);
    // Nor before the books' first month: months are locked in order from it.
    const earlier = await treasurer.post('/api/admin/journal-entries', {
      date: `${addMonthsToPeriod(lastMonth, -14)}-15`,
      memo: 'Printing, forgotten for a year',
      lines: [
        { account: 'stationery', debit: 10 },
        { account: 'other_income', credit: 10 },
      ],
    });
    expect(expectError(earlier, 409).message).toMatch(
      new RegExp(`Date it in ${periodLabel(thisMonth)} or later`),
    );
    // Dated this month, the same entry goes in.
    const now = await treasurer.post('/api/admin/journal-entries', {
      date: localDate(new Date()),
      memo: 'Printing, forgotten',
      lines: [
        { account: 'stationery', debit: 10 },
        { account: 'other_income', credit: 10 },
      ],
    });
    expect(now.statusCode, now.body).toBe(201);

    const audit = await treasurer.get('/api/admin/audit?action=month');
    expect(audit.json().items[0]).toMatchObject({ action: 'month.lock', target_id: lastMonth });
    expectError(await treasurer.post(`/api/admin/periods/${lastMonth}/lock`), 409);
    await t.expectBooksBalance();
  });

  it('refuses a month not over, one out of order, one before the books, and a month misnamed', async () => {
    const treasurer = await admin();
    const twoAgo = addMonthsToPeriod(lastMonth, -1);
    const earlier = await importStatement(t.app, treasurer.token, [
      { day: `${twoAgo}-10`, amountFils: 50_000, ref: 'IN-0', text: 'DONATION' },
    ]);
    expect(earlier.response.statusCode, earlier.response.body).toBe(201);
    const earlierLine = (await lineIdsOf(t.db, earlier.statementId)).get('IN-0')!;
    const booked = await treasurer.post(`/api/admin/bank-lines/${earlierLine}/book`, {
      account: 'other_income',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    await bookBoth(treasurer, await lastMonthAtTheBank(treasurer.token));
    const outOfOrder = expectError(
      await treasurer.post(`/api/admin/periods/${lastMonth}/lock`),
      409,
    );
    expect(outOfOrder.message).toMatch(/first: months are locked in order/);
    const notOver = expectError(await treasurer.post(`/api/admin/periods/${thisMonth}/lock`), 409);
    expect(notOver.message).toMatch(/is not over yet/);
    const future = addMonthsToPeriod(thisMonth, 2);
    expectError(await treasurer.post(`/api/admin/periods/${future}/lock`), 409);
    const before = addMonthsToPeriod(lastMonth, -3);
    expect(
      expectError(await treasurer.post(`/api/admin/periods/${before}/lock`), 409).message,
    ).toMatch(/has nothing to lock/);
    for (const bad of ['2026-13', '26-01', 'last']) {
      const body = expectError(await treasurer.post(`/api/admin/periods/${bad}/lock`), 400);
      expect(body.errors).toHaveProperty('month');
    }
  });

  it('takes two admins when there are two: proposed, refused to the proposer, confirmed by the other', async () => {
    const treasurer = await admin('Treasurer');
    const chair = await admin('Chair');
    await bookBoth(treasurer, await lastMonthAtTheBank(treasurer.token));
    const proposed = await treasurer.post(`/api/admin/periods/${lastMonth}/lock`);
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect(proposed.json().proposal).toMatchObject({
      action: 'month.lock',
      details: { month: lastMonth },
    });
    expect(
      expectError(await treasurer.post(`/api/admin/periods/${lastMonth}/lock`), 409).message,
    ).toMatch(/You proposed locking this month/);
    const confirmed = await chair.post(`/api/admin/periods/${lastMonth}/lock`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().month).toMatchObject({
      state: 'locked',
      locked_by: { id: chair.id },
      proposed_by: { id: treasurer.id },
    });
  });

  it('is refused to members and to no one signed in', async () => {
    const member = await t.makeUser({ name: 'Member' });
    const calls = adminCalls(t.app, await t.login(member.email));
    expectError(await calls.get('/api/admin/periods'), 403);
    expectError(await calls.post(`/api/admin/periods/${lastMonth}/lock`), 403);
    expectError(await t.app.inject({ url: '/api/admin/periods' }), 401);
  });
});
