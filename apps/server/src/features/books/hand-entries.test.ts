import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, expectError, multipart, paidDues, useTestApp } from '../../../test/harness.ts';
import { adminCalls, importStatement, lineIdsOf } from '../../../test/support/own-books.ts';
import { onePagePdf } from '../../../test/support/uploads.ts';
import { journalEntries } from '../../db/schema/ledger.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { users } from '../../db/schema/users.ts';
import { addDaysToDate, localDate, periodOf } from '../../lib/calendar.ts';

// Issue 49, point 3: an entry by hand for what never passes through the bank statement. It
// balances or is refused; two admins when it moves cash, the cash box or a member's savings.
// The first describe has one admin, the second two: each makes its own.

const today = localDate(new Date());
const lines = (...l: Array<[string, 'debit' | 'credit', number]>) =>
  l.map(([account, side, amount]) => ({ account, [side]: amount }));

describe('with one admin', () => {
  const t = useTestApp();
  let token: Promise<string> | null = null;
  const calls = async () =>
    adminCalls(
      t.app,
      await (token ??= t
        .makeUser({ role: 'admin', isMember: false })
        .then((a) => t.login(a.email))),
    );

  it('moves an amount between two accounts, and refuses one that does not balance', async () => {
    const admin = await calls();
    const res = await admin.post('/api/admin/journal-entries', {
      date: today,
      memo: 'Printing booked as a meeting cost by mistake',
      lines: lines(['stationery', 'debit', 45], ['meeting_costs', 'credit', 45]),
    });
    expect(res.statusCode, res.body).toBe(201);
    const [entry] = await t.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.id, res.json().entry_id));
    expect(entry).toMatchObject({ kind: 'journal', proposedBy: null });
    const before = (await t.db.select().from(journalEntries)).length;
    const off = await admin.post('/api/admin/journal-entries', {
      date: today,
      memo: 'Off by a fils',
      lines: lines(['stationery', 'debit', 45], ['meeting_costs', 'credit', 44.99]),
    });
    const body = expectError(off, 422);
    expect(body.message).toMatch(/AED\s0\.01 apart/);
    expect(body.errors).toHaveProperty('lines');
    expect((await t.db.select().from(journalEntries)).length).toBe(before);
    await t.expectBooksBalance();
  });

  it('spends from the cash box, never below zero, and keeps the receipt', async () => {
    const admin = await calls();
    await t.fundCash(200_000, new Date(Date.now() - 4 * 86_400_000));
    const r = `ATM-${Date.now()}`;
    const { statementId } = await importStatement(t.app, await token!, [
      { day: addDaysToDate(today, -1), amountFils: -30_000, ref: r, text: 'ATM WITHDRAWAL' },
    ]);
    const lineId = (await lineIdsOf(t.db, statementId)).get(r)!;
    const toBox = await admin.post(`/api/admin/bank-lines/${lineId}/book`, { account: 'cash_box' });
    expect(toBox.statusCode, toBox.body).toBe(201);
    const form = multipart(
      {
        date: today,
        memo: 'Tea and printing for the AGM',
        lines: JSON.stringify(lines(['stationery', 'debit', 120], ['cash_box', 'credit', 120])),
      },
      {
        evidence: {
          filename: 'bill.pdf',
          contentType: 'application/pdf',
          data: await onePagePdf(),
        },
      },
    );
    const spent = await t.postForm('/api/admin/journal-entries', await token!, form);
    expect(spent.statusCode, spent.body).toBe(201);
    const journal = (await admin.get('/api/admin/ledger/entries?kind=journal')).json();
    const shown = journal.items.find((e: { id: number }) => e.id === spent.json().entry_id);
    expect(shown.evidence_url).toMatch(/^\/api\/files\//);
    expect((await admin.get(shown.evidence_url)).statusCode).toBe(200);
    const tooMuch = await admin.post('/api/admin/journal-entries', {
      date: today,
      memo: 'More than the box holds',
      lines: lines(['stationery', 'debit', 181], ['cash_box', 'credit', 181]),
    });
    expect(expectError(tooMuch, 409).message).toMatch(/cash box holds AED\s180/);
    await t.expectBooksBalance();
  });

  it("credits a member's savings, tells them, and refuses the admin's own", async () => {
    const admin = await calls();
    const member = await t.makeUser({ joinedOn: `${periodOf(today)}-01` });
    const res = await admin.post('/api/admin/journal-entries', {
      date: today,
      memo: 'Condolence gift from the association',
      lines: lines(['other_expenses', 'debit', 50], [`savings:${member.id}`, 'credit', 50]),
    });
    expect(res.statusCode, res.body).toBe(201);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, member.id));
    expect(told.map((n) => n.kind)).toContain('correction');
    const memberToken = await t.login(member.email);
    const statement = await t.app.inject({
      url: '/api/my-statement',
      headers: { ...bearer(memberToken), 'accept-language': 'en' },
    });
    expect(statement.json().lines[0]).toMatchObject({
      kind: 'journal',
      savings_change: 50,
      memo: 'Condolence gift from the association',
    });
    const adminMember = await t.makeUser({ role: 'admin', isMember: true, name: 'Chair' });
    await paidDues(t.db, adminMember.id, [periodOf(today)]);
    const own = await adminCalls(t.app, await t.login(adminMember.email)).post(
      '/api/admin/journal-entries',
      {
        date: today,
        memo: 'My own',
        lines: lines(['other_expenses', 'debit', 5], [`savings:${adminMember.id}`, 'credit', 5]),
      },
    );
    expectError(own, 403);
    // The describe's association has one active admin again.
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, adminMember.id));
    await t.expectBooksBalance();
  });

  it('refuses a day to come, an unknown or retired account, a loan, and a bad shape', async () => {
    const admin = await calls();
    const post = (body: object) => admin.post('/api/admin/journal-entries', body);
    const ok = lines(['stationery', 'debit', 1], ['other_expenses', 'credit', 1]);
    expect(
      expectError(await post({ date: addDaysToDate(today, 1), memo: 'x', lines: ok }), 422).errors,
    ).toHaveProperty('date');
    for (const account of ['nothing_here', 'loan:1', 'interest_income', 'savings:999999']) {
      const res = await post({
        date: today,
        memo: 'x',
        lines: lines([account, 'debit', 1], ['other_expenses', 'credit', 1]),
      });
      expect(expectError(res, 422).errors, account).toHaveProperty(['lines.0.account']);
    }
    expectError(await post({ date: today, memo: 'x', lines: ok.slice(0, 1) }), 422);
    expectError(await post({ date: today, memo: '', lines: ok }), 422);
    expectError(
      await post({
        date: today,
        memo: 'x',
        lines: [{ account: 'stationery', debit: 1, credit: 1 }, ok[1]],
      }),
      422,
    );
    expectError(await post({ date: today, memo: 'x', lines: 'not json' }), 422);
  });
});

describe('with two admins', () => {
  const t = useTestApp();

  it('proposes an entry that moves cash, which another admin confirms with the same call', async () => {
    const one = await t.makeUser({ role: 'admin', isMember: false });
    const two = await t.makeUser({ role: 'admin', isMember: false });
    const first = adminCalls(t.app, await t.login(one.email));
    const second = adminCalls(t.app, await t.login(two.email));
    await t.fundCash(100_000, new Date(Date.now() - 4 * 86_400_000));
    const body = {
      date: today,
      memo: 'Bank fee refunded in cash',
      lines: lines(['cash', 'debit', 10], ['bank_charges', 'credit', 10]),
    };
    const proposed = await first.post('/api/admin/journal-entries', body);
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect(proposed.json().proposal).toMatchObject({ action: 'journal.post', amount: 10 });
    expectError(await first.post('/api/admin/journal-entries', body), 409);
    const done = await second.post('/api/admin/journal-entries', proposed.json().proposal.details);
    expect(done.statusCode, done.body).toBe(201);
    const [entry] = await t.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.id, done.json().entry_id));
    expect(entry).toMatchObject({ proposedBy: one.id, createdBy: two.id });
    // Between two accounts of the association's own: one admin.
    const alone = await first.post('/api/admin/journal-entries', {
      date: today,
      memo: 'Reclassified',
      lines: lines(['stationery', 'debit', 3], ['other_expenses', 'credit', 3]),
    });
    expect(alone.statusCode, alone.body).toBe(201);
    await t.expectBooksBalance();
  });
});
