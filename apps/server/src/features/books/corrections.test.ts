import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  applyOverHttp,
  bearer,
  expectError,
  multipart,
  postForm,
  useTestApp,
} from '../../../test/harness.ts';
import { adminCalls, importStatement, lineIdsOf } from '../../../test/support/own-books.ts';
import { onePagePdf } from '../../../test/support/uploads.ts';
import { journalEntries } from '../../db/schema/ledger.ts';
import { loanInstallments } from '../../db/schema/loans.ts';
import { payments } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { localDate, periodOf } from '../../lib/calendar.ts';

// Issue 49, point 6: a mistake corrected by reversal, never erased. An approved due reversed
// reopens its month and the member reads why, in their language; a booking reversed frees its
// bank line; the latest repayment of a loan is taken back from its installments. The first
// describe has one admin, the second two.

const today = localDate(new Date());
const period = periodOf(today);

async function paidDue(t: ReturnType<typeof useTestApp>, admin: ReturnType<typeof adminCalls>) {
  const member = await t.makeUser({ joinedOn: `${period}-01`, language: 'ur' });
  const token = await t.login(member.email);
  const sent = await postForm(
    t.app,
    '/api/save-monthly-payment',
    token,
    multipart(
      { payment_amount: '200', month: period, account_number: '1' },
      { photo: { filename: 'r.pdf', contentType: 'application/pdf', data: await onePagePdf() } },
    ),
  );
  const paymentId = sent.json().payment.id as number;
  expect((await admin.post(`/api/admin/payments/${paymentId}/approve`)).statusCode).toBe(200);
  const [entry] = await t.db
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(and(eq(journalEntries.paymentId, paymentId), eq(journalEntries.kind, 'dues')));
  return { member, token, paymentId, entryId: entry!.id };
}

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

  it('reverses a due approved for the wrong month: the month is open again, the member told in Urdu', async () => {
    const admin = await calls();
    const { token: memberToken, paymentId, entryId } = await paidDue(t, admin);
    const res = await admin.post(`/api/admin/journal-entries/${entryId}/reverse`, {
      reason_code: 'wrong_month',
      reason: 'Paid for next month, approved for this one',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ entry_id: entryId, payment_id: paymentId, line_id: null });
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment!.status).toBe('reversed');
    const account = await t.app.inject({
      url: '/api/my-account-data',
      headers: bearer(memberToken),
    });
    const month = account.json().myAccountData.monthlyPaymentData[0];
    expect(month.status).toBe('pay_now');
    const statement = await t.app.inject({
      url: '/api/my-statement',
      headers: { ...bearer(memberToken), 'accept-language': 'ur' },
    });
    const [correction, original] = statement.json().lines;
    expect(correction).toMatchObject({
      kind: 'reversal',
      savings_change: -200,
      savings_balance: 0,
    });
    expect(correction.memo).toMatch(/کی درستی: غلط مہینے کے لیے منظور ہوا تھا/);
    expect(original).toMatchObject({ kind: 'dues', savings_change: 200 });
    const notices = await t.app.inject({
      url: '/api/notifications',
      headers: { ...bearer(memberToken), 'accept-language': 'ur' },
    });
    expect(JSON.stringify(notices.json())).toMatch(/درست/);
    // Nothing is corrected twice, and a correction is not itself corrected.
    const twice = await admin.post(`/api/admin/journal-entries/${entryId}/reverse`, {
      reason_code: 'duplicate',
      reason: 'again',
    });
    expect(expectError(twice, 409).message).toMatch(/already corrected/);
    const ofReversal = await admin.post(
      `/api/admin/journal-entries/${res.json().reversal_entry_id}/reverse`,
      { reason_code: 'other', reason: 'undo' },
    );
    expect(expectError(ofReversal, 409).message).toMatch(/cannot itself be reversed/);
    await t.expectBooksBalance();
  });

  it('reverses a booking: the bank line is open again, to book it where it belongs', async () => {
    const admin = await calls();
    await t.fundCash(100_000, new Date(Date.now() - 3 * 86_400_000));
    const r = `CHG-${Date.now()}`;
    const { statementId } = await importStatement(t.app, await token!, [
      { day: today, amountFils: -2_625, ref: r, text: 'MAINTENANCE FEE' },
    ]);
    const lineId = (await lineIdsOf(t.db, statementId)).get(r)!;
    const booked = await admin.post(`/api/admin/bank-lines/${lineId}/book`, {
      account: 'stationery',
    });
    const res = await admin.post(`/api/admin/journal-entries/${booked.json().entry_id}/reverse`, {
      reason_code: 'wrong_account',
      reason: 'A bank charge, not stationery',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().line_id).toBe(lineId);
    const rebooked = await admin.post(`/api/admin/bank-lines/${lineId}/book`, {
      account: 'bank_charges',
    });
    expect(rebooked.statusCode, rebooked.body).toBe(201);
    const journal = (await admin.get('/api/admin/ledger/entries?account=stationery')).json();
    expect(journal.items.map((e: { kind: string }) => e.kind).sort()).toEqual([
      'booking',
      'reversal',
    ]);
    await t.expectBooksBalance();
  });

  it('takes the latest repayment back from the installments, and refuses an earlier one', async () => {
    const admin = await calls();
    await t.fundCash(500_000, new Date(Date.now() - 3 * 86_400_000));
    const borrower = await t.makeUser({ joinedOn: `${period}-01` });
    const loanId = await applyOverHttp(t.app, await t.login(borrower.email));
    for (const step of ['approve', 'disburse'])
      expect((await admin.post(`/api/admin/loans/${loanId}/${step}`)).statusCode).toBe(200);
    const paid = async (amount: number) => {
      const res = await admin.post(`/api/admin/loans/${loanId}/repayments`, { amount });
      expect(res.statusCode, res.body).toBe(200);
      const [e] = await t.db
        .select({ id: journalEntries.id })
        .from(journalEntries)
        .where(and(eq(journalEntries.loanId, loanId), eq(journalEntries.kind, 'repayment')))
        .orderBy(desc(journalEntries.id))
        .limit(1);
      return e!.id;
    };
    const installmentsNow = () =>
      t.db
        .select({ p: loanInstallments.paidPrincipalFils, i: loanInstallments.paidInterestFils })
        .from(loanInstallments)
        .where(eq(loanInstallments.loanId, loanId))
        .orderBy(loanInstallments.number);
    const first = await paid(300);
    const afterFirst = await installmentsNow();
    const second = await paid(500);
    const early = await admin.post(`/api/admin/journal-entries/${first}/reverse`, {
      reason_code: 'wrong_amount',
      reason: 'x',
    });
    expect(expectError(early, 409).message).toMatch(/latest repayment first/);
    const res = await admin.post(`/api/admin/journal-entries/${second}/reverse`, {
      reason_code: 'duplicate',
      reason: 'Entered twice',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await installmentsNow()).toEqual(afterFirst);
    await t.expectBooksBalance();
  });

  it('corrects the latest payment of a month first: its due and its fine stay as paid', async () => {
    const admin = await calls();
    const member = await t.makeUser({ joinedOn: `${period}-01` });
    const memberToken = await t.login(member.email);
    const entryOf = async (amount: string) => {
      const sent = await postForm(
        t.app,
        '/api/save-monthly-payment',
        memberToken,
        multipart(
          { payment_amount: amount, month: period, account_number: '1' },
          {
            photo: { filename: 'r.pdf', contentType: 'application/pdf', data: await onePagePdf() },
          },
        ),
      );
      const id = sent.json().payment.id as number;
      expect((await admin.post(`/api/admin/payments/${id}/approve`)).statusCode).toBe(200);
      const [e] = await t.db
        .select({ id: journalEntries.id })
        .from(journalEntries)
        .where(eq(journalEntries.paymentId, id));
      return e!.id;
    };
    const first = await entryOf('120');
    const second = await entryOf('80');
    const body = { reason_code: 'wrong_amount', reason: 'Part payments entered wrongly' };
    const early = await admin.post(`/api/admin/journal-entries/${first}/reverse`, body);
    expect(expectError(early, 409).message).toMatch(/latest payment of the month first/);
    expect(
      (await admin.post(`/api/admin/journal-entries/${second}/reverse`, body)).statusCode,
    ).toBe(200);
    expect((await admin.post(`/api/admin/journal-entries/${first}/reverse`, body)).statusCode).toBe(
      200,
    );
    await t.expectBooksBalance();
  });

  it('refuses to correct an entry on the savings of a member who left and was paid out', async () => {
    const admin = await calls();
    const member = await t.makeUser({ joinedOn: `${period}-01` });
    const res = await admin.post('/api/admin/journal-entries', {
      date: today,
      memo: 'A gift',
      lines: [
        { account: 'other_expenses', debit: 20 },
        { account: `savings:${member.id}`, credit: 20 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    // As a payout marks it (docs/domain/leaving.md); the payout itself is exits.test.ts's.
    await t.db.update(users).set({ leftOn: today, status: 0 }).where(eq(users.id, member.id));
    const refused = await admin.post(`/api/admin/journal-entries/${res.json().entry_id}/reverse`, {
      reason_code: 'other',
      reason: 'Given twice',
    });
    expect(expectError(refused, 409).message).toMatch(/has left and was paid out/);
  });

  it('refuses what has its own action, an empty reason, and an unknown entry', async () => {
    const admin = await calls();
    await t.fundCash(500_000, new Date(Date.now() - 3 * 86_400_000));
    const [funding] = await t.db
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(eq(journalEntries.kind, 'dues'));
    const res = await admin.post(`/api/admin/journal-entries/${funding!.id}/reverse`, {
      reason_code: 'other',
      reason: '',
    });
    expect(expectError(res, 422).errors).toHaveProperty('reason');
    expectError(
      await admin.post('/api/admin/journal-entries/99999999/reverse', {
        reason_code: 'other',
        reason: 'x',
      }),
      404,
    );
    const borrower = await t.makeUser({ joinedOn: `${period}-01` });
    const loanId = await applyOverHttp(t.app, await t.login(borrower.email));
    for (const step of ['approve', 'disburse'])
      expect((await admin.post(`/api/admin/loans/${loanId}/${step}`)).statusCode).toBe(200);
    const [payout] = await t.db
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(and(eq(journalEntries.loanId, loanId), eq(journalEntries.kind, 'disbursement')));
    const refused = await admin.post(`/api/admin/journal-entries/${payout!.id}/reverse`, {
      reason_code: 'other',
      reason: 'x',
    });
    expect(expectError(refused, 409).message).toMatch(/repayments or a write-off/);
  });
});

describe('with two admins', () => {
  const t = useTestApp();

  it('is proposed by one admin and carried out by another; an admin never corrects their own', async () => {
    const one = await t.makeUser({ role: 'admin', isMember: false });
    const two = await t.makeUser({ role: 'admin', isMember: true, joinedOn: `${period}-01` });
    const first = adminCalls(t.app, await t.login(one.email));
    const second = adminCalls(t.app, await t.login(two.email));
    await t.fundCash(100_000, new Date(Date.now() - 3 * 86_400_000));
    const { entryId } = await paidDue(t, first);
    const body = { reason_code: 'wrong_member', reason: 'Sent by her brother' };
    const proposed = await first.post(`/api/admin/journal-entries/${entryId}/reverse`, body);
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect(proposed.json().proposal).toMatchObject({ action: 'entry.reverse' });
    expectError(await first.post(`/api/admin/journal-entries/${entryId}/reverse`, body), 409);
    const done = await second.post(`/api/admin/journal-entries/${entryId}/reverse`, body);
    expect(done.statusCode, done.body).toBe(200);
    const [reversal] = await t.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.id, done.json().reversal_entry_id));
    expect(reversal).toMatchObject({
      proposedBy: one.id,
      createdBy: two.id,
      reasonCode: 'wrong_member',
      reversesEntryId: entryId,
    });
    // The second admin's own due, approved by the first: they may not correct it.
    const sent = await postForm(
      t.app,
      '/api/save-monthly-payment',
      await t.login(two.email),
      multipart(
        { payment_amount: '200', month: period, account_number: '1' },
        { photo: { filename: 'r.pdf', contentType: 'application/pdf', data: await onePagePdf() } },
      ),
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const ownPayment = sent.json().payment.id as number;
    expect((await first.post(`/api/admin/payments/${ownPayment}/approve`)).statusCode).toBe(200);
    const [own] = await t.db
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(eq(journalEntries.paymentId, ownPayment));
    expectError(await second.post(`/api/admin/journal-entries/${own!.id}/reverse`, body), 403);
    await t.expectBooksBalance();
  });
});
