import { describe, expect, it } from 'vitest';
import { expectError, useTestAppEach } from '../../../test/harness.ts';
import { adminCalls } from '../../../test/support/own-books.ts';
import { lastYearBooked as bookLastYear } from '../../../test/support/year.ts';
import { editableSettings } from '../../../test/settings-body.ts';
import { addMonthsToPeriod, localDate, periodOf } from '../../lib/calendar.ts';
import { yearFrom } from './years.ts';

// Issue 53, point 2: the year-end close. A year is closed once its checklist is met, by two
// admins when there are two; one entry in its closing period moves its income and expenses to
// the members' surplus; it is reopened only by reversing that entry, with a reason. Each test
// builds its own association, whose books begin in January of last year.

const t = useTestAppEach();
const thisYear = Number(localDate(new Date()).slice(0, 4));
const lastYear = thisYear - 1;
const yearEnd = `${lastYear}-12-31`;
const nextDay = `${thisYear}-01-01`;

type Admin = Awaited<ReturnType<typeof admin>>;

async function admin(name = 'Treasurer') {
  const user = await t.makeUser({ role: 'admin', isMember: false, name });
  const token = await t.login(user.email);
  return { id: user.id, token, ...adminCalls(t.app, token) };
}

const lastYearBooked = (a: Admin) => bookLastYear(t, a.token);

async function lockEveryMonth(a: Admin, by: Admin = a) {
  for (let m = `${lastYear}-01`; m <= `${lastYear}-12`; m = addMonthsToPeriod(m, 1)) {
    const first = await a.post(`/api/admin/periods/${m}/lock`);
    if (first.statusCode === 202) {
      const second = await by.post(`/api/admin/periods/${m}/lock`);
      expect(second.statusCode, second.body).toBe(200);
    } else expect(first.statusCode, first.body).toBe(200);
  }
}

const yearOf = async (a: Admin, year: number) => {
  const res = await a.get('/api/admin/years');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items.find((y: { year: number }) => y.year === year);
};

/** Each account's balance (AED, debit positive) in the trial balance asked for. */
async function balances(a: Admin, query: string): Promise<Record<string, number>> {
  const res = await a.get(`/api/admin/ledger/trial-balance?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().balanced).toBe(true);
  return Object.fromEntries(
    res.json().accounts.map((acc: { code: string; balance: number }) => [acc.code, acc.balance]),
  );
}

describe('POST /api/admin/years/:year/close', () => {
  it('waits for its checklist, closes into the members’ surplus, and reopens only with a reason', async () => {
    const treasurer = await admin();
    await lastYearBooked(treasurer);

    const before = await yearOf(treasurer, lastYear);
    expect(before).toMatchObject({
      state: 'open',
      first_month: `${lastYear}-01`,
      last_month: `${lastYear}-12`,
      closable: false,
    });
    const unmet = Object.fromEntries(
      before.checklist.map((c: { check: string; done: boolean }) => [c.check, c.done]),
    );
    expect(unmet).toEqual({
      months_locked: false,
      receipts: true,
      bank_lines: true,
      arrears_reviewed: false,
      share_out: true,
    });
    expect(before.checklist[0]).toMatchObject({ fix_at: '/admin#overview-months' });
    expect(before.checklist[0].says).toMatch(/^0 of 12 months locked: lock January/);
    expect((await yearOf(treasurer, thisYear)).state).toBe('current');

    const refused = expectError(await treasurer.post(`/api/admin/years/${lastYear}/close`), 409);
    expect(refused.message).toMatch(/cannot be closed yet/);
    expect(Object.keys(refused.errors ?? {}).sort()).toEqual(['arrears_reviewed', 'months_locked']);

    await lockEveryMonth(treasurer);
    const reviewed = await treasurer.post(`/api/admin/years/${lastYear}/arrears-review`);
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(reviewed.json().year).toMatchObject({
      arrears_reviewed_by: { id: treasurer.id },
      closable: true,
    });

    const closed = await treasurer.post(`/api/admin/years/${lastYear}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({
      message: 'The year was closed.',
      year: { state: 'closed', closed_by: { id: treasurer.id }, surplus: 978.75, checklist: null },
    });
    const entryId = closed.json().year.closing_entry_id;
    expect(entryId).toBeGreaterThan(0);

    // The year read without its close, with it, and the next year opening from it.
    const without = await balances(treasurer, `as_of=${yearEnd}`);
    expect(without).toMatchObject({ other_income: -1000, bank_interest: -5, bank_charges: 26.25 });
    expect(without.members_surplus ?? 0).toBe(0);
    for (const read of [`as_of=${yearEnd}&with_close=true`, `as_of=${nextDay}`]) {
      const after = await balances(treasurer, read);
      expect(after).toMatchObject({
        other_income: 0,
        bank_interest: 0,
        bank_charges: 0,
        members_surplus: -978.75,
        cash: 978.75,
      });
    }
    // A close follows the year's last day: read mid-December, there is none to add.
    expect(await balances(treasurer, `as_of=${lastYear}-12-15&with_close=true`)).toMatchObject({
      other_income: -1000,
      bank_interest: 0,
    });
    const csv = await treasurer.get(
      `/api/admin/ledger/trial-balance.csv?as_of=${yearEnd}&with_close=1`,
    );
    expect(csv.body).toMatch(/members_surplus,[^\n]*,-978\.75/);
    // The year's income statement is its true totals; the next year's holds nothing of the close.
    const statement = await treasurer.get(
      `/api/admin/ledger/income-statement?from=${lastYear}-01-01&to=${yearEnd}`,
    );
    expect(statement.json()).toMatchObject({ total_income: 1005, total_expenses: 26.25 });
    const next = await treasurer.get(
      `/api/admin/ledger/income-statement?from=${nextDay}&to=${localDate(new Date())}`,
    );
    expect(next.json()).toMatchObject({ total_income: 0, total_expenses: 0 });

    expect(
      expectError(await treasurer.post(`/api/admin/years/${lastYear}/close`), 409).message,
    ).toMatch(/is already closed/);
    // The closing entry is not corrected as an entry: the year is reopened.
    expectError(
      await treasurer.post(`/api/admin/journal-entries/${entryId}/reverse`, {
        reason_code: 'other',
        reason: 'Wrong close',
      }),
      409,
    );

    const noReason = expectError(
      await treasurer.post(`/api/admin/years/${lastYear}/reopen`, {}),
      422,
    );
    expect(noReason.errors).toHaveProperty('reason');
    const reopened = await treasurer.post(`/api/admin/years/${lastYear}/reopen`, {
      reason: 'The auditor found a missing invoice',
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().year).toMatchObject({
      state: 'open',
      closing_entry_id: null,
      closable: true,
    });
    expect(await balances(treasurer, `as_of=${nextDay}`)).toMatchObject({
      other_income: -1000,
      members_surplus: 0,
    });
    const audit = await treasurer.get('/api/admin/audit?action=year');
    expect(audit.json().items.map((e: { action: string }) => e.action)).toEqual([
      'year.reopen',
      'year.close',
      'year.arrears_review',
    ]);
    expect(audit.json().items[0]).toMatchObject({ reason: 'The auditor found a missing invoice' });

    // Closed again: a new closing entry beside the first and its reversal.
    const again = await treasurer.post(`/api/admin/years/${lastYear}/close`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().year.closing_entry_id).toBeGreaterThan(entryId);
    expect((await balances(treasurer, `as_of=${nextDay}`)).members_surplus).toBe(-978.75);
    await t.expectBooksBalance();
  });

  it('takes two admins when there are two, to close and to reopen', async () => {
    const treasurer = await admin('Treasurer');
    const chair = await admin('Chair');
    await lastYearBooked(treasurer);
    await lockEveryMonth(treasurer, chair);
    expect((await treasurer.post(`/api/admin/years/${lastYear}/arrears-review`)).statusCode).toBe(
      200,
    );

    const proposed = await treasurer.post(`/api/admin/years/${lastYear}/close`);
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect(proposed.json().proposal).toMatchObject({
      action: 'year.close',
      details: { year: lastYear },
    });
    expect(
      expectError(await treasurer.post(`/api/admin/years/${lastYear}/close`), 409).message,
    ).toMatch(/You proposed closing this year/);
    const confirmed = await chair.post(`/api/admin/years/${lastYear}/close`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().year).toMatchObject({
      state: 'closed',
      closed_by: { id: chair.id },
      proposed_by: { id: treasurer.id },
    });

    const reason = { reason: 'The share-out was decided on the wrong figures' };
    expect((await chair.post(`/api/admin/years/${lastYear}/reopen`, reason)).statusCode).toBe(202);
    const reopened = await treasurer.post(`/api/admin/years/${lastYear}/reopen`, {
      reason: 'Confirmed at the committee meeting',
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().year.state).toBe('open');
    const audit = await treasurer.get('/api/admin/audit?action=year.reopen');
    expect(audit.json().items[0]).toMatchObject({ reason: reason.reason });
    await t.expectBooksBalance();
  });

  it('refuses a year not over, one the books do not have, one misnamed, and a reopen of an open year', async () => {
    const treasurer = await admin();
    await lastYearBooked(treasurer);
    expect(
      expectError(await treasurer.post(`/api/admin/years/${thisYear}/close`), 409).message,
    ).toMatch(/is not over yet/);
    expectError(await treasurer.post(`/api/admin/years/${thisYear}/arrears-review`), 409);
    expectError(await treasurer.post(`/api/admin/years/${lastYear - 1}/close`), 404);
    for (const bad of ['26', 'last', '20255'])
      expect(
        expectError(await treasurer.post(`/api/admin/years/${bad}/close`), 400).errors,
      ).toHaveProperty('year');
    expect(
      expectError(
        await treasurer.post(`/api/admin/years/${lastYear}/reopen`, {
          reason: 'Nothing to reopen here',
        }),
        409,
      ).message,
    ).toMatch(/is not closed/);
  });

  it('is refused to members and to no one signed in', async () => {
    const member = await t.makeUser({ name: 'Member' });
    const calls = adminCalls(t.app, await t.login(member.email));
    expectError(await calls.get('/api/admin/years'), 403);
    expectError(await calls.post(`/api/admin/years/${lastYear}/close`), 403);
    expectError(
      await calls.post(`/api/admin/years/${lastYear}/reopen`, { reason: 'A member tries it' }),
      403,
    );
    expectError(await t.app.inject({ url: '/api/admin/years' }), 401);
  });
});

describe('the association’s year in the settings', () => {
  it('names each year by the calendar year it ends in, from the month the settings give', async () => {
    const treasurer = await admin();
    await lastYearBooked(treasurer);
    expect(yearFrom(`${lastYear}-01`, 7, null)).toEqual({
      year: lastYear,
      firstMonth: `${lastYear}-01`,
      lastMonth: `${lastYear}-06`,
    });
    expect(yearFrom(`${lastYear}-07`, 7, null)).toMatchObject({
      year: thisYear,
      lastMonth: `${thisYear}-06`,
    });
    // After a change, two years never share a name: the one between runs on.
    expect(yearFrom(`${lastYear}-07`, 1, lastYear)).toMatchObject({
      year: thisYear,
      lastMonth: `${thisYear}-12`,
    });
    const settings = (await treasurer.get('/api/admin/settings')).json();
    const books = { ...settings.books_rules, year_starts_in_month: 7 };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { authorization: `Bearer ${treasurer.token}` },
      payload: {
        ...editableSettings(settings),
        books_rules: books,
        updated_at: settings.updated_at,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const years = (await treasurer.get('/api/admin/years')).json();
    expect(years.starts_in_month).toBe(7);
    expect(years.items.at(-1)).toMatchObject({ year: lastYear, last_month: `${lastYear}-06` });
    expect(periodOf(`${lastYear}-07-01`)).toBe(years.items.at(-2).first_month);
  });
});
