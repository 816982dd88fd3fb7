// Issue 33, points 4 and 5: what is due is what is not approved yet, what waits for review is
// said beside it; a member may pay up to 12 months ahead, naming the month with its year.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  expectError,
  multipart,
  plain,
  storedFileCount,
  useTestApp,
} from '../../../test/harness.ts';
import { signedInMember } from '../../../test/signed-in.ts';
import {
  dubaiPeriod,
  monthName,
  periodAgo,
  periodLabel,
  shiftPeriod,
} from '../../../test/calendar.ts';
import { journalEntries, postings } from '../../db/schema/ledger.ts';
import type { Actor } from '../../lib/actor.ts';
import { accountBalanceFils } from '../ledger/balances.ts';
import { databaseStorage, newStorageKey } from '../files/file-storage.ts';
import type { PendingUpload } from '../files/files.ts';
import { approveLoan } from '../loans/decisions.ts';
import { disburseLoan } from '../loans/disburse.ts';
import { approvePayment, rejectPayment } from './review.ts';
import { submitDues } from './submissions.ts';
import type { Period } from '@jamiya/contracts/values';

interface Row {
  month: string;
  period: string;
  amount: number;
  paid: number;
  remaining: number;
  status: string;
}
interface Account {
  account_balance: number;
  due_balance: number;
  under_review: number;
  current_period: string;
  monthlyPaymentData: Row[];
}

/** The period `months` after this Dubai month. */
const ahead = (months: number) => shiftPeriod(dubaiPeriod(), months);

describe('what is due, what is under review, and paying ahead', () => {
  const t = useTestApp();
  let admin: Actor;
  let receipt: Buffer;

  beforeAll(async () => {
    // Cash for the loan this file pays out (cash never goes below zero).
    await t.fundCash(1_000_000);
    const adminUser = await t.makeUser({ role: 'admin', joinedOn: '2020-01-01' });
    admin = { id: adminUser.id, role: 'admin' };
    receipt = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#ddd' } })
      .jpeg()
      .toBuffer();
  });

  const member = (monthsAgo = 1) => signedInMember(t, { joinedOn: `${periodAgo(monthsAgo)}-01` });

  function pay(token: string, month: string, amount = '200', headers: Record<string, string> = {}) {
    const form = multipart(
      { payment_amount: amount, month, account_number: 'AE07 0331 2345 6789' },
      { photo: { filename: 'r.jpg', contentType: 'image/jpeg', data: receipt } },
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/save-monthly-payment',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(token), ...headers },
    });
  }
  async function paid(token: string, month: string, amount = '200'): Promise<number> {
    const res = await pay(token, month, amount);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().payment.id as number;
  }

  async function account(token: string): Promise<Account> {
    const res = await t.app.inject({ url: '/api/my-account-data', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json().myAccountData;
  }
  const rowOf = (a: Account, period: string) =>
    a.monthlyPaymentData.find((r) => r.period === period);

  describe('due_balance and under_review', () => {
    it('keeps a part payment of this month in the due until it is approved, and says it is under review', async () => {
      const { token } = await member(1);
      const before = await account(token);
      expect(before).toMatchObject({ due_balance: 400, under_review: 0 });
      expect(before.current_period).toBe(dubaiPeriod());

      const first = await paid(token, monthName(periodAgo(0)), '120');
      let a = await account(token);
      // Sending is not paying: the due stays 400 (the walk saw it drop to 200).
      expect(a).toMatchObject({ due_balance: 400, under_review: 120 });
      expect(rowOf(a, periodAgo(0))).toMatchObject({ status: 'pending', paid: 0, remaining: 200 });

      // The other month's receipt under review too: never "nothing is due" (the walk saw 0).
      const other = await paid(token, monthName(periodAgo(1)), '200');
      a = await account(token);
      expect(a).toMatchObject({ due_balance: 400, under_review: 320 });

      await approvePayment(t.db, first, admin, new Date());
      a = await account(token);
      expect(a).toMatchObject({ due_balance: 280, under_review: 200, account_balance: 120 });
      expect(rowOf(a, periodAgo(0))).toMatchObject({ status: 'pay_now', paid: 120, remaining: 80 });

      await rejectPayment(t.db, other, admin, 'No transfer found', new Date());
      a = await account(token);
      expect(a).toMatchObject({ due_balance: 280, under_review: 0 });

      // The second part of this month: 80 under review, still due until approved.
      const second = await paid(token, monthName(periodAgo(0)), '80');
      expect(await account(token)).toMatchObject({ due_balance: 280, under_review: 80 });
      await approvePayment(t.db, second, admin, new Date());
      a = await account(token);
      expect(a).toMatchObject({ due_balance: 200, under_review: 0, account_balance: 200 });
      expect(rowOf(a, periodAgo(0))?.status).toBe('completed');
    });

    it('counts a loan repayment under review too, beside the installments fallen due', async () => {
      const { token } = await member(0);
      const form = multipart({
        loan_type: 'personal',
        loan_amount: '1000',
        duration_month: '3',
        bank_account: 'Botim 0501234567',
        passport_or_nid: 'P1234567',
      });
      const applied = await t.app.inject({
        method: 'POST',
        url: '/api/loan-application',
        payload: form.payload,
        headers: { ...form.headers, ...bearer(token) },
      });
      expect(applied.statusCode, applied.body).toBe(200);
      const loanId = applied.json().loan.id as number;
      await approveLoan(t.db, loanId, admin, new Date());
      await disburseLoan(t.db, loanId, admin, new Date());

      await paid(token, monthName(periodAgo(0)), '50');
      // The spec's amount-only call: a repayment of the active loan, under review.
      const repay = multipart({ payment_amount: '100' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/save-monthly-payment',
        payload: repay.payload,
        headers: { ...repay.headers, ...bearer(token) },
      });
      expect(res.statusCode, res.body).toBe(200);
      // No installment has fallen due yet: this month's due alone is owed.
      expect(await account(token)).toMatchObject({ due_balance: 200, under_review: 150 });
    });
  });

  describe('paying ahead', () => {
    it('takes a month with its year, as 2026-12 or as December 2026, up to 12 months ahead', async () => {
      const { user, token } = await member(0);
      const next = ahead(1);
      const inThree = ahead(3);
      const inTwelve = ahead(12);
      const byPeriod = await pay(token, next);
      expect(byPeriod.statusCode, byPeriod.body).toBe(200);
      expect(byPeriod.json().payment).toMatchObject({
        period: next,
        month: periodLabel(next),
        status: 'pending',
      });
      // "December 2026", in any case, as people type it.
      const byLabel = await pay(token, periodLabel(inThree).toLowerCase());
      expect(byLabel.statusCode, byLabel.body).toBe(200);
      expect(byLabel.json().payment.period).toBe(inThree);
      const last = await pay(token, ` ${periodLabel(inTwelve)} `);
      expect(last.statusCode, last.body).toBe(200);
      expect(last.json().payment.period).toBe(inTwelve);

      let a = await account(token);
      // Months ahead are not due: this month alone is.
      expect(a).toMatchObject({ due_balance: 200, under_review: 600 });
      expect(a.monthlyPaymentData.map((r) => [r.period, r.status])).toEqual([
        [inTwelve, 'pending'],
        [inThree, 'pending'],
        [next, 'pending'],
        [periodAgo(0), 'pay_now'],
      ]);

      // Approved, next month is paid into savings like any due, and its row shows it paid.
      const id = byPeriod.json().payment.id as number;
      await approvePayment(t.db, id, admin, new Date());
      a = await account(token);
      expect(rowOf(a, next)).toMatchObject({ status: 'completed', paid: 200, remaining: 0 });
      expect(a).toMatchObject({ due_balance: 200, under_review: 400, account_balance: 200 });
      const [entry] = await t.db
        .select()
        .from(journalEntries)
        .where(eq(journalEntries.paymentId, id));
      expect(entry?.kind).toBe('dues');
      const lines = await t.db.select().from(postings).where(eq(postings.entryId, entry!.id));
      expect(lines.map((l) => l.amountFils).sort((x, y) => x - y)).toEqual([-20_000, 20_000]);
      expect(await accountBalanceFils(t.db, { code: 'savings', userId: user.id })).toBe(-20_000);
      await t.expectBooksBalance();

      // A month paid ahead is paid: a second receipt for it is refused as for any month.
      expectError(await pay(token, next), 409);
    });

    it('refuses 13 months ahead with 422 naming the month, in the reader language, keeping no file', async () => {
      const { token } = await member(0);
      const files = await storedFileCount(t.db);
      const tooFar = expectError(await pay(token, ahead(13)), 422);
      expect(tooFar.message).toBe(
        `You can pay up to 12 months ahead, until ${periodLabel(ahead(12))}.`,
      );
      expect(tooFar.errors?.month).toEqual([`Choose a month until ${periodLabel(ahead(12))}.`]);
      const byLabel = expectError(await pay(token, periodLabel(ahead(13))), 422);
      expect(Object.keys(byLabel.errors ?? {})).toEqual(['month']);
      const hindi = expectError(
        await pay(token, ahead(24), '200', { 'accept-language': 'hi' }),
        422,
      );
      expect(plain(hindi.message)).toMatch(/^आप 12 महीने/);
      expect(hindi.errors?.month?.[0]).not.toMatch(/Choose/);
      expect(await storedFileCount(t.db)).toBe(files);
      expect((await account(token)).under_review).toBe(0);
    });

    it.each([
      '2026-13',
      '2026-00',
      '26-12',
      '2026-1',
      '2026/12',
      'Smarch 2026',
      '12 2026',
      'December 26',
    ])('refuses the month %j with 422 and a clear field error', async (month) => {
      const { token } = await member(0);
      const body = expectError(await pay(token, month), 422);
      expect(body.errors?.month).toEqual([
        'Choose a month, like March, or with its year, like March 2027.',
      ]);
    });

    it('counts the 12 months from this month in Dubai, across the turn of the year', async () => {
      const user = await t.makeUser({ joinedOn: '2026-01-01' });
      // 21:00 UTC on 31 December is already 1 January 2027 in Dubai.
      const newYear = new Date('2026-12-31T21:00:00Z');
      const upload = (): PendingUpload => ({
        storage: databaseStorage,
        storageKey: newStorageKey(),
        upload: { data: receipt, mime: 'image/jpeg', ext: 'jpg', kind: 'jpeg' },
        originalName: 'r.jpg',
      });
      const submit = (month: Period) =>
        submitDues(
          t.db,
          user.id,
          { month, amountFils: 20_000, accountNumber: '1', receipt: upload() },
          newYear,
        );
      expect((await submit('2028-01')).period).toBe('2028-01');
      expect((await submit('2027-06')).period).toBe('2027-06');
      await expect(submit('2028-02')).rejects.toMatchObject({
        statusCode: 422,
        errors: { month: expect.any(Array) },
      });
      // One second before, in Dubai it is still 2026: January 2028 is 13 months ahead.
      await expect(
        submitDues(
          t.db,
          user.id,
          { month: '2027-12', amountFils: 20_000, accountNumber: '1', receipt: upload() },
          new Date('2026-12-31T19:59:59Z'),
        ),
      ).resolves.toMatchObject({ period: '2027-12' });
      await expect(
        submitDues(
          t.db,
          user.id,
          { month: '2028-01', amountFils: 10_000, accountNumber: '1', receipt: upload() },
          new Date('2026-12-31T19:59:59Z'),
        ),
      ).rejects.toMatchObject({ statusCode: 422 });
    });

    it('keeps the old form: a month name alone is the latest such month not in the future', async () => {
      const { token } = await member(13);
      // Next month's name is last year's month, not a month ahead.
      const res = await pay(token, monthName(ahead(1)));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().payment.period).toBe(periodAgo(11));
      const thisMonth = await pay(token, monthName(ahead(0)).toUpperCase());
      expect(thisMonth.json().payment.period).toBe(periodAgo(0));
    });

    it('shows a month ahead paid in part as ahead, not due, with what is left', async () => {
      const { token } = await member(0);
      const next = ahead(2);
      const id = await paid(token, next, '200');
      await approvePayment(t.db, id, admin, new Date(), 15_000);
      const a = await account(token);
      expect(rowOf(a, next)).toMatchObject({
        status: 'ahead',
        paid: 150,
        remaining: 50,
        month: periodLabel(next),
      });
      expect(a.due_balance).toBe(200);
      // The rest of it may be paid, not more.
      expectError(await pay(token, next, '50.01'), 422);
      expect((await pay(token, next, '50')).statusCode).toBe(200);
    });

    it('refuses a month with its year before the member joined, as with a month name', async () => {
      const { token } = await member(0);
      const body = expectError(await pay(token, periodAgo(1)), 422);
      expect(body.errors?.month?.length).toBeGreaterThan(0);
      // A month since they joined, with its year, is taken.
      expect((await pay(token, periodAgo(0))).json().payment.period).toBe(periodAgo(0));
    });
  });
});
