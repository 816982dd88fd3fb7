import { execFileSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, expectError, type TestApp } from '../../../test/harness.ts';
import { bonusAllocations, bonusPeriods } from '../../db/schema/bonus.ts';
import { journalEntries, ledgerAccounts, postings } from '../../db/schema/ledger.ts';
import { trialBalance, unbalancedEntries } from '../ledger/balances.ts';
import { incomeStatement } from '../ledger/income-statement.ts';
import { memberWeights, postEntry, savingsByDay, type AccountRef } from '../ledger/public.ts';
import { localDate } from '../../lib/calendar.ts';
import { savingsMonths } from './explained.ts';

// Issue 53 point 5: the share-out shares the surplus the committee chooses, of income received,
// and each member sees how their share was computed (docs/domain/bonus.md).

const at = (day: string) => new Date(`${day}T12:00:00+04:00`);
const PERIOD = { starts_on: '2025-01-01', ends_on: '2025-03-31' };
const ALL = { share_fines: true, share_other_income: true, less_expenses: true };

describe('the share-out of the surplus', () => {
  let t: TestApp;
  let admin: string;
  let a: { id: number; token: string };
  let b: { id: number; token: string };

  const post = (token: string, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
  const get = (token: string, url: string) => t.app.inject({ url, headers: bearer(token) });
  const entry = (
    day: string,
    kind: 'journal' | 'fine' | 'dues' | 'booking',
    lines: Array<[AccountRef, number]>,
  ) =>
    postEntry(t.db, {
      kind,
      memo: kind,
      occurredAt: at(day),
      createdBy: null,
      lines: lines.map(([account, amountFils]) => ({ account, amountFils })),
    });

  beforeEach(async () => {
    t = await createTestApp();
    const adminUser = await t.makeUser({ role: 'admin', joinedOn: '2024-12-01' });
    admin = await t.login(adminUser.email);
    const member = async () => {
      const user = await t.makeUser({ joinedOn: '2024-12-01' });
      return { id: user.id, token: await t.login(user.email) };
    };
    a = await member();
    b = await member();
    const cash = { code: 'cash' } as const;
    // A saves 200 on 1 Jan and 100 on 10 Feb; B saves 300 on 1 Mar.
    await entry('2025-01-01', 'journal', [
      [cash, 20_000],
      [{ code: 'savings', userId: a.id }, -20_000],
    ]);
    await entry('2025-02-10', 'journal', [
      [cash, 10_000],
      [{ code: 'savings', userId: a.id }, -10_000],
    ]);
    await entry('2025-03-01', 'journal', [
      [cash, 30_000],
      [{ code: 'savings', userId: b.id }, -30_000],
    ]);
    // Interest 60.00; a fine of 10.00 charged to each, only A's paid; bank profit 5.00; fees 7.50.
    await entry('2025-01-20', 'journal', [
      [cash, 6_000],
      [{ code: 'interest_income' }, -6_000],
    ]);
    for (const who of [a, b])
      await entry('2025-02-15', 'fine', [
        [{ code: 'fines', userId: who.id }, 1_000],
        [{ code: 'fines_income' }, -1_000],
      ]);
    await entry('2025-02-20', 'dues', [
      [cash, 1_000],
      [{ code: 'fines', userId: a.id }, -1_000],
    ]);
    await entry('2025-03-10', 'booking', [
      [cash, 500],
      [{ code: 'chart', account: 'bank_interest' }, -500],
    ]);
    await entry('2025-03-12', 'booking', [
      [{ code: 'chart', account: 'bank_charges' }, 750],
      [cash, -750],
    ]);
  });
  afterEach(() => t.close());

  it('shows each part, chosen or not, and shares what was chosen by the members’ weights', async () => {
    const interestOnly = await get(
      admin,
      `/api/admin/bonus/preview?ends_on=${PERIOD.ends_on}&starts_on=${PERIOD.starts_on}`,
    );
    expect(interestOnly.statusCode, interestOnly.body).toBe(200);
    expect(interestOnly.json().parts).toEqual({
      interest: 60,
      fines: null,
      other_income: null,
      expenses: null,
      shared: 60,
    });
    // A fine charged and not paid is not received: only A's 10.00 counts.
    expect(interestOnly.json().could_share).toEqual({ fines: 10, other_income: 5, expenses: 7.5 });

    const query = new URLSearchParams({
      ...PERIOD,
      share_fines: 'true',
      share_other_income: 'yes',
      less_expenses: '1',
    });
    const all = await get(admin, `/api/admin/bonus/preview?${query}`);
    expect(all.json().parts).toEqual({
      interest: 60,
      fines: 10,
      other_income: 5,
      expenses: 7.5,
      shared: 67.5,
    });
    const amounts = all.json().members.map((m: { amount: number }) => Math.round(m.amount * 100));
    expect(amounts.reduce((s: number, x: number) => s + x, 0)).toBe(6_750);
    // A: 200 × 90 days + 100 × 50 = 23,000 balance-days; B: 300 × 31 = 9,300.
    const weights = await memberWeights(t.db, PERIOD.starts_on, PERIOD.ends_on);
    expect(weights.map((w) => w.balanceDaysFils)).toEqual([2_300_000, 930_000]);
    expect(all.json().members[0]).toMatchObject({ member: { id: a.id }, share_percent: 71.21 });
  });

  it('closes with one balanced entry that takes each part from its account, and the statement keeps the true totals', async () => {
    const closed = await post(admin, '/api/admin/bonus/periods', { ...PERIOD, ...ALL });
    expect(closed.statusCode, closed.body).toBe(201);
    expect(closed.json().period.parts.shared).toBe(67.5);
    const [period] = await t.db.select().from(bonusPeriods);
    expect(period).toMatchObject({
      interestFils: 6_000,
      finesFils: 1_000,
      otherIncomeFils: 500,
      expensesFils: 750,
    });

    const lines = await t.db
      .select({ code: ledgerAccounts.code, fils: postings.amountFils })
      .from(postings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
      .where(eq(postings.entryId, period!.entryId!));
    const byCode = new Map(lines.map((l) => [l.code, l.fils]));
    expect(byCode.get('interest_income')).toBe(6_000);
    expect(byCode.get('fines_income')).toBe(1_000);
    expect(byCode.get('bank_interest')).toBe(500);
    expect(byCode.get('bank_charges')).toBe(-750);
    expect(byCode.get(`savings:${a.id}`)! + byCode.get(`savings:${b.id}`)!).toBe(-6_750);
    expect(lines.reduce((s, l) => s + l.fils, 0)).toBe(0);
    expect(await unbalancedEntries(t.db)).toEqual([]);
    expect((await trialBalance(t.db)).balanced).toBe(true);
    const allocations = await t.db.select().from(bonusAllocations);
    expect(allocations.reduce((s, r) => s + r.amountFils, 0)).toBe(6_750);

    // The statement still reads what was earned and spent; the share-out (dated the day it was
    // decided) is the surplus's use.
    const statement = await incomeStatement(t.db, {
      from: PERIOD.starts_on,
      to: localDate(new Date()),
    });
    expect(statement.totalIncomeFils).toBe(6_000 + 2_000 + 500);
    expect(statement.totalExpensesFils).toBe(750);
    expect(statement.sharedOutFils).toBe(6_750);

    // The members are told it was the surplus, in their language.
    const notices = await get(a.token, '/api/notifications');
    expect(notices.body).toContain('surplus');
  });

  it('refuses a choice that leaves nothing to share', async () => {
    await entry('2025-03-20', 'booking', [
      [{ code: 'chart', account: 'meeting_costs' }, 10_000],
      [{ code: 'cash' }, -10_000],
    ]);
    const res = await get(
      admin,
      `/api/admin/bonus/preview?${new URLSearchParams({ ...PERIOD, less_expenses: 'true' })}`,
    );
    expect(res.json()).toMatchObject({ can_close: false, parts: { shared: 0 } });
    expect(res.json().blocker).toMatch(/comes to nothing/);
    await expectError(
      await post(admin, '/api/admin/bonus/periods', { ...PERIOD, less_expenses: true }),
      422,
    );
    await expectError(
      await get(admin, '/api/admin/bonus/preview?ends_on=2025-03-31&less_expenses=maybe'),
      400,
    );
  });

  it('a second admin confirms the same choice; the members see the proposal before it is decided', async () => {
    const second = await t.makeUser({ role: 'admin', joinedOn: '2024-12-01' });
    const secondToken = await t.login(second.email);
    const proposed = await post(admin, '/api/admin/bonus/periods', {
      ...PERIOD,
      share_fines: true,
    });
    expect(proposed.statusCode, proposed.body).toBe(202);

    const seen = await get(a.token, '/api/my-bonus/explained');
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({
      status: 'proposed',
      period: { id: null, ...PERIOD },
      parts: { interest: 60, fines: 10, other_income: null, expenses: null, shared: 70 },
    });

    const otherChoice = await post(secondToken, '/api/admin/bonus/periods', { ...PERIOD, ...ALL });
    await expectError(otherChoice, 409);
    const confirmed = await post(secondToken, '/api/admin/bonus/periods', {
      ...PERIOD,
      share_fines: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(confirmed.json().period.parts.shared).toBe(70);
  });

  it('explains a closed share: the months, the weight and the share, on screen and as a PDF', async () => {
    const closed = await post(admin, '/api/admin/bonus/periods', { ...PERIOD, ...ALL });
    const id = closed.json().period.id as number;
    const res = await get(a.token, `/api/my-bonus/explained?period=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.status).toBe('closed');
    expect(body.months).toEqual([
      { month: '2025-01', days: 31, average_balance: 200, end_balance: 200 },
      { month: '2025-02', days: 28, average_balance: 267.86, end_balance: 300 },
      { month: '2025-03', days: 31, average_balance: 300, end_balance: 300 },
    ]);
    expect(body).toMatchObject({ your_share_percent: 71.21, members: 2 });
    const [mine] = await t.db
      .select()
      .from(bonusAllocations)
      .where(eq(bonusAllocations.userId, a.id));
    expect(Math.round(body.amount * 100)).toBe(mine!.amountFils);

    // The months weigh what the close weighed.
    const moves = await savingsByDay(t.db, a.id, PERIOD.ends_on);
    expect(savingsMonths(moves, PERIOD.starts_on, PERIOD.ends_on).balanceDaysFils).toBe(
      BigInt(mine!.balanceDaysFils),
    );

    const pdf = await t.app.inject({
      url: `/api/my-bonus/explained?period=${id}&format=pdf`,
      headers: { ...bearer(a.token), 'accept-language': 'en' },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = execFileSync('pdftotext', ['-', '-'], { input: pdf.rawPayload }).toString();
    expect(text).toContain('How your share was computed');
    expect(text).toContain('Late fines received');
    expect(text).toMatch(/71\.21\s*%/);
    expect(execFileSync('pdfinfo', ['-'], { input: pdf.rawPayload }).toString()).toMatch(
      /Pages:\s+1\b/,
    );

    await expectError(await get(a.token, `/api/my-bonus/explained?period=${id + 100}`), 404);
    await expectError(await get(a.token, '/api/my-bonus/explained?period=last'), 400);
    await expectError(await t.app.inject({ url: '/api/my-bonus/explained' }), 401);
  });

  it('explains the estimate of the open period by the committee’s last choice', async () => {
    const res = await get(b.token, '/api/my-bonus/explained');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'estimate',
      period: { id: null, starts_on: '2025-01-01' },
    });
    expect(res.json().parts.fines).toBeNull();
    expect(res.json().months[0]).toMatchObject({ month: '2025-01', end_balance: 0 });
    const kinds = await t.db.select({ kind: journalEntries.kind }).from(journalEntries);
    expect(kinds.some((k) => k.kind === 'bonus')).toBe(false);
  });
});
