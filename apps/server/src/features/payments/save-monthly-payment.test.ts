import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { onePagePdf } from '../../../test/support/uploads.ts';
import {
  bearer,
  expectError,
  multipart,
  useTestApp,
  storedFileCount,
} from '../../../test/harness.ts';
import { journalEntries } from '../../db/schema/ledger.ts';
import { loanInstallments } from '../../db/schema/loans.ts';
import { payments } from '../../db/schema/payments.ts';
import { AppError } from '../../lib/errors.ts';
import { accountBalanceFils, loanReceivableFils } from '../ledger/balances.ts';
import { approveLoan } from '../loans/decisions.ts';
import { disburseLoan } from '../loans/disburse.ts';
import type { Actor } from '../../lib/actor.ts';
import { newStorageKey } from '../files/file-storage.ts';
import { fileContents } from '../../db/schema/files.ts';
import { databaseStorage } from '../files/file-storage.ts';
import type { PendingUpload } from '../files/files.ts';
import { accountSummary } from './account-summary.ts';
import { approvePayment, rejectPayment } from './review.ts';
import { submitDues } from './submissions.ts';
import { monthName, periodAgo, periodLabel } from '../../../test/calendar.ts';

const monthNameAgo = (monthsAgo: number) => monthName(periodAgo(monthsAgo));

interface AccountRow {
  month: string;
  period: string;
  description: string;
  amount: number;
  status: string;
}
interface AccountData {
  account_balance: number;
  due_balance: number;
  loan_balance: number;
  monthlyPaymentData: AccountRow[];
}

describe('POST /api/save-monthly-payment and GET /api/my-payments', () => {
  const t = useTestApp();
  let admin: Actor;
  let receipt: Buffer;

  beforeAll(async () => {
    // Cash for the loans this file pays out (cash never goes below zero).
    await t.fundCash(10_000_000);
    const adminUser = await t.makeUser({ role: 'admin', joinedOn: '2020-01-01' });
    admin = { id: adminUser.id, role: 'admin' };
    // EXIF in the upload, so the stored copy can be checked for having dropped it.
    receipt = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#e0e0d0' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'member-secret' } })
      .toBuffer();
  });

  /** A member who joined `monthsAgo` months before this Dubai month (on its first day). */
  async function member(monthsAgo = 3) {
    const user = await t.makeUser({ joinedOn: `${periodAgo(monthsAgo)}-01` });
    return { user, token: await t.login(user.email) };
  }

  type Fields = Record<string, string | undefined>;
  function post(
    token: string,
    fields: Fields,
    file: { filename: string; contentType: string; data: Buffer } | null = null,
  ) {
    const { payload, headers } = multipart(fields, file ? { photo: file } : {});
    return t.app.inject({
      method: 'POST',
      url: '/api/save-monthly-payment',
      payload,
      headers: { ...headers, ...bearer(token) },
    });
  }
  const jpeg = (data = receipt) => ({ filename: 'receipt.jpg', contentType: 'image/jpeg', data });
  const pay = (token: string, month: string, amount = '200') =>
    post(token, { payment_amount: amount, month, account_number: 'AE07 0331 2345 6789' }, jpeg());

  async function account(token: string): Promise<AccountData> {
    const res = await t.app.inject({ url: '/api/my-account-data', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json().myAccountData;
  }
  const rowOf = (a: AccountData, period: string) =>
    a.monthlyPaymentData.find((r) => r.period === period);

  async function myPayments(token: string) {
    const res = await t.app.inject({ url: '/api/my-payments?limit=100', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json().items as Array<Record<string, unknown>>;
  }

  const entriesOf = (paymentId: number) =>
    t.db.select().from(journalEntries).where(eq(journalEntries.paymentId, paymentId));
  const uploadsCount = () => storedFileCount(t.db);

  async function expectRejection(promise: Promise<unknown>, status: number) {
    const err = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).statusCode).toBe(status);
  }

  describe('a monthly due with a receipt', () => {
    it('answers 200 with the pending payment and a receipt only its owner can fetch, stripped of EXIF', async () => {
      const { user, token } = await member();
      const thisMonth = periodAgo(0);
      const res = await pay(token, monthNameAgo(0), '150.50');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.status_code).toBe(200);
      // One true sentence, the same as the form's: the credit comes with the approval.
      expect(body.message).toBe(
        'Your payment was submitted. It is added to your balance when the committee approves it.',
      );
      expect(body.payment).toMatchObject({
        kind: 'dues',
        period: thisMonth,
        month: periodLabel(thisMonth),
        loan_id: null,
        amount: 150.5,
        approved_amount: null,
        account_number: 'AE07 0331 2345 6789',
        status: 'pending',
        review_note: null,
        reviewed_at: null,
      });
      expect(body.payment.id).toEqual(expect.any(Number));
      expect(body.payment.receipt_url).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);

      const [row] = await t.db.select().from(payments).where(eq(payments.id, body.payment.id));
      expect(row).toMatchObject({
        userId: user.id,
        amountFils: 15050,
        status: 'pending',
        period: thisMonth,
      });

      const file = await t.app.inject({ url: body.payment.receipt_url, headers: bearer(token) });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.format).toBe('jpeg');
      expect([meta.width, meta.height]).toEqual([40, 30]);
      expect(meta.exif).toBeUndefined();
      expect(file.rawPayload.includes('member-secret')).toBe(false);

      expect(file.headers['x-content-type-options']).toBe('nosniff');
      // Stored under a random name: neither the member's file name nor an extension.
      const keys = await t.db.select({ key: fileContents.storageKey }).from(fileContents);
      for (const { key } of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const noToken = await t.app.inject({ url: body.payment.receipt_url });
      expectError(noToken, 401);

      const a = await account(token);
      expect(rowOf(a, thisMonth)).toMatchObject({ status: 'pending', amount: 200, remaining: 200 });
      // Nothing moves in the books before an admin approves.
      expect(a.account_balance).toBe(0);
      expect(await entriesOf(body.payment.id)).toHaveLength(0);
    });

    it('accepts a PDF receipt just under 10 MB', async () => {
      const { token } = await member();
      const size = 10 * 1024 * 1024 - 1024;
      const pdf = await onePagePdf({ size });
      expect(pdf.length).toBe(size);
      const res = await post(
        token,
        { payment_amount: '200', month: monthNameAgo(1), account_number: '1234' },
        { filename: 'receipt.pdf', contentType: 'application/pdf', data: pdf },
      );
      expect(res.statusCode, res.body).toBe(200);
      const file = await t.app.inject({
        url: res.json().payment.receipt_url,
        headers: bearer(token),
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      // The rewritten copy (features/files/sanitize-pdf.ts), a PDF still.
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });

    it('resolves each month name to the latest such month that is not in the future (Dubai time)', async () => {
      const { token } = await member(13);
      // The month named k months ago, for k = 0..11: each name exactly once.
      const resolved: Array<[string, string]> = [];
      for (let k = 0; k < 12; k++) {
        const name = monthNameAgo(k);
        // Names are matched without regard to case, as people type them.
        const res = await pay(token, k === 2 ? name.toLowerCase() : name);
        expect(res.statusCode, res.body).toBe(200);
        resolved.push([res.json().payment.period, periodAgo(k)]);
      }
      for (const [got, want] of resolved) expect(got).toBe(want);

      const rows = (await account(token)).monthlyPaymentData;
      // Joined 13 months ago: 14 months owed, newest first.
      expect(rows.map((r) => r.period)).toEqual(Array.from({ length: 14 }, (_, k) => periodAgo(k)));
      expect(rows.map((r) => r.status)).toEqual([...Array(12).fill('pending'), 'due', 'due']);
      expect(rows.map((r) => r.month)).toEqual(rows.map((r) => periodLabel(r.period)));
    });

    it('refuses a month that is already under review with 409 and keeps no stray file', async () => {
      const { token } = await member();
      expect((await pay(token, monthNameAgo(1))).statusCode).toBe(200);
      const before = await uploadsCount();
      const body = expectError(await pay(token, monthNameAgo(1)), 409);
      expect(body.errors?.month?.length).toBeGreaterThan(0);
      expect(await uploadsCount()).toBe(before);
      expect(await myPayments(token)).toHaveLength(1);
    });

    it('refuses a month that is already paid with 409', async () => {
      const { token } = await member();
      const first = await pay(token, monthNameAgo(2));
      await approvePayment(t.db, first.json().payment.id, admin, new Date());
      const body = expectError(await pay(token, monthNameAgo(2)), 409);
      expect(body.errors?.month?.length).toBeGreaterThan(0);
      expect(await myPayments(token)).toHaveLength(1);
    });

    it('refuses a month before the member joined with 422 and keeps no stray file', async () => {
      const { token } = await member(0);
      const before = await uploadsCount();
      const body = expectError(await pay(token, monthNameAgo(1)), 422);
      expect(await uploadsCount()).toBe(before);
      expect(body.errors?.month?.length).toBeGreaterThan(0);
      expect(await myPayments(token)).toHaveLength(0);
      // This month is fine.
      expect((await pay(token, monthNameAgo(0))).statusCode).toBe(200);
    });

    it.each([
      ['photo', { payment_amount: '200', month: 'January', account_number: '1234' }, false],
      ['month', { payment_amount: '200', account_number: '1234' }, true],
      ['account_number', { payment_amount: '200', month: 'January' }, true],
    ] as const)(
      'refuses a form without %s with 422 naming it',
      async (field, fields, withPhoto) => {
        const { token } = await member(13);
        const before = await uploadsCount();
        const body = expectError(await post(token, { ...fields }, withPhoto ? jpeg() : null), 422);
        expect(Object.keys(body.errors ?? {})).toEqual([field]);
        expect(await myPayments(token)).toHaveLength(0);
        expect(await uploadsCount()).toBe(before);
      },
    );

    it('refuses an unknown month name with 422', async () => {
      const { token } = await member(13);
      const body = expectError(await pay(token, 'Smarch'), 422);
      expect(body.errors?.month?.length).toBeGreaterThan(0);
      expect(await myPayments(token)).toHaveLength(0);
    });

    it.each(['12.345', '-5', 'abc', '0', '', '1e3', '1,000'])(
      'refuses the amount %j with 422 naming payment_amount',
      async (amount) => {
        const { token } = await member(13);
        const body = expectError(await pay(token, monthNameAgo(0), amount), 422);
        expect(body.errors?.payment_amount?.length).toBeGreaterThan(0);
        expect(await myPayments(token)).toHaveLength(0);
      },
    );

    it('refuses HTML named receipt.jpg with 415, by its content', async () => {
      const { token } = await member();
      const html = Buffer.from(
        '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
      );
      const before = await uploadsCount();
      const res = await post(
        token,
        { payment_amount: '200', month: monthNameAgo(0), account_number: '1234' },
        jpeg(html),
      );
      expectError(res, 415);
      expect(await myPayments(token)).toHaveLength(0);
      expect(await uploadsCount()).toBe(before);
    });

    it('refuses a file over 10 MB with 413', async () => {
      const { token } = await member();
      const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0);
      receipt.copy(big);
      const res = await post(
        token,
        { payment_amount: '200', month: monthNameAgo(0), account_number: '1234' },
        jpeg(big),
      );
      expectError(res, 413);
      expect(await myPayments(token)).toHaveLength(0);
    });

    it('takes "this month" in Dubai time: 21:00 UTC on 30 November is already December there', async () => {
      const user = await t.makeUser({ joinedOn: '2025-01-01' });
      const turn = new Date('2026-11-30T21:00:00Z');
      const receiptUpload = (): PendingUpload => ({
        storage: databaseStorage,
        storageKey: newStorageKey(),
        upload: { data: receipt, mime: 'image/jpeg', ext: 'jpg', kind: 'jpeg' },
        originalName: 'r.jpg',
      });
      const december = await submitDues(
        t.db,
        user.id,
        { month: 'December', amountFils: 20_000, accountNumber: '1', receipt: receiptUpload() },
        turn,
      );
      expect(december.period).toBe('2026-12');
      const november = await submitDues(
        t.db,
        user.id,
        { month: 'November', amountFils: 20_000, accountNumber: '1', receipt: receiptUpload() },
        turn,
      );
      expect(november.period).toBe('2026-11');
      // One second before midnight in Dubai, December is still a year back.
      const before = await submitDues(
        t.db,
        user.id,
        { month: 'December', amountFils: 20_000, accountNumber: '1', receipt: receiptUpload() },
        new Date('2026-11-30T19:59:59Z'),
      );
      expect(before.period).toBe('2025-12');
      const summary = await accountSummary(t.db, user.id, turn);
      expect(summary.rows[0]).toMatchObject({ period: '2026-12', status: 'pending' });
    });

    it('refuses a caller without a token with 401', async () => {
      const { payload, headers } = multipart(
        { payment_amount: '200', month: 'January', account_number: '1' },
        { photo: jpeg() },
      );
      expectError(
        await t.app.inject({ method: 'POST', url: '/api/save-monthly-payment', payload, headers }),
        401,
      );
    });
  });

  describe('review by an admin', () => {
    it('approval completes the month, raises the balance by exactly the amount and balances the books', async () => {
      const { user, token } = await member(2);
      const before = await account(token);
      expect(before.due_balance).toBe(600);
      const res = await pay(token, monthNameAgo(1), '200');
      const id = res.json().payment.id as number;

      const approved = await approvePayment(t.db, id, admin, new Date());
      expect(approved).toMatchObject({
        status: 'approved',
        approvedAmountFils: 20000,
        reviewedBy: admin.id,
      });

      const after = await account(token);
      expect(rowOf(after, periodAgo(1))).toMatchObject({ status: 'completed', amount: 200 });
      expect(rowOf(after, periodAgo(0))?.status).toBe('pay_now');
      expect(rowOf(after, periodAgo(2))?.status).toBe('due');
      expect(after.account_balance - before.account_balance).toBe(200);
      expect(after.due_balance).toBe(400);

      const entries = await entriesOf(id);
      expect(entries).toHaveLength(1);
      expect(entries[0]!.kind).toBe('dues');
      expect(await accountBalanceFils(t.db, { code: 'savings', userId: user.id })).toBe(-20000);
      await t.expectBooksBalance();

      const [view] = await myPayments(token);
      expect(view).toMatchObject({ id, status: 'approved', approved_amount: 200 });
      expect(view!.reviewed_at).toEqual(expect.any(String));
    });

    it('approval with a corrected amount credits the corrected amount', async () => {
      const { user, token } = await member(2);
      const id = (await pay(token, monthNameAgo(0), '200')).json().payment.id as number;
      await approvePayment(t.db, id, admin, new Date(), 18_050);

      const a = await account(token);
      expect(a.account_balance).toBe(180.5);
      // Less than the due: a part payment, and the month keeps what remains.
      expect(rowOf(a, periodAgo(0))).toMatchObject({
        status: 'pay_now',
        amount: 200,
        paid: 180.5,
        remaining: 19.5,
      });
      expect(await accountBalanceFils(t.db, { code: 'savings', userId: user.id })).toBe(-18_050);
      expect((await myPayments(token))[0]).toMatchObject({
        id,
        amount: 200,
        approved_amount: 180.5,
        status: 'approved',
      });
      await t.expectBooksBalance();
    });

    it('refuses to approve a corrected amount of 0 and leaves the payment pending', async () => {
      const { token } = await member(2);
      const id = (await pay(token, monthNameAgo(0), '200')).json().payment.id as number;
      await expectRejection(approvePayment(t.db, id, admin, new Date(), 0), 422);
      expect((await myPayments(token))[0]).toMatchObject({ id, status: 'pending' });
      expect(await entriesOf(id)).toHaveLength(0);
    });

    it('rejection with a reason makes the month owed again, shows the reason, and allows a new receipt', async () => {
      const { token } = await member(2);
      const lastMonth = periodAgo(1);
      const id = (await pay(token, monthNameAgo(1))).json().payment.id as number;
      const reason = 'The receipt photo is blurred; the amount cannot be read.';
      await rejectPayment(t.db, id, admin, reason, new Date());

      const a = await account(token);
      const row = rowOf(a, lastMonth)!;
      expect(row.status).toBe('due');
      expect(row.description).toContain(reason);
      expect(a.account_balance).toBe(0);
      expect(await entriesOf(id)).toHaveLength(0);
      expect((await myPayments(token))[0]).toMatchObject({
        id,
        status: 'rejected',
        review_note: reason,
      });

      const again = await pay(token, monthNameAgo(1));
      expect(again.statusCode).toBe(200);
      expect(again.json().payment.period).toBe(lastMonth);
      expect(rowOf(await account(token), lastMonth)?.status).toBe('pending');
      await t.expectBooksBalance();
    });

    it('a rejected receipt for this month shows the month as pay_now again', async () => {
      const { token } = await member(0);
      const id = (await pay(token, monthNameAgo(0))).json().payment.id as number;
      await rejectPayment(t.db, id, admin, 'Wrong account', new Date());
      const row = rowOf(await account(token), periodAgo(0))!;
      expect(row.status).toBe('pay_now');
      expect(row.description).toContain('Wrong account');
    });

    it('a second approval answers 409 and writes no second journal entry', async () => {
      const { user, token } = await member(2);
      const id = (await pay(token, monthNameAgo(0))).json().payment.id as number;
      await approvePayment(t.db, id, admin, new Date());
      await expectRejection(approvePayment(t.db, id, admin, new Date()), 409);
      await expectRejection(approvePayment(t.db, id, admin, new Date(), 50_000), 409);
      await expectRejection(rejectPayment(t.db, id, admin, 'too late', new Date()), 409);
      expect(await entriesOf(id)).toHaveLength(1);
      expect((await account(token)).account_balance).toBe(200);
      expect(await accountBalanceFils(t.db, { code: 'savings', userId: user.id })).toBe(-20000);
      await t.expectBooksBalance();
    });

    it('approving or rejecting a payment that does not exist answers 404', async () => {
      await expectRejection(approvePayment(t.db, 987_654, admin, new Date()), 404);
      await expectRejection(rejectPayment(t.db, 987_654, admin, 'x', new Date()), 404);
    });
  });

  describe('a loan repayment (only payment_amount)', () => {
    async function memberWithActiveLoan() {
      const m = await member(2);
      const { payload, headers } = multipart({
        loan_type: 'personal',
        loan_amount: '1000',
        duration_month: '3',
        bank_account: 'Botim 0501234567',
        passport_or_nid: 'P1234567',
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/loan-application',
        payload,
        headers: { ...headers, ...bearer(m.token) },
      });
      expect(res.statusCode, res.body).toBe(200);
      const loanId = res.json().loan.id as number;
      await approveLoan(t.db, loanId, admin, new Date());
      await disburseLoan(t.db, loanId, admin, new Date());
      return { ...m, loanId };
    }
    const repay = (token: string, amount: string) => post(token, { payment_amount: amount });
    async function myLoan(token: string) {
      const res = await t.app.inject({ url: '/api/my-loans', headers: bearer(token) });
      return res.json().items[0];
    }

    it('is refused with 409 when the member has no active loan', async () => {
      const { token } = await member();
      expectError(await repay(token, '100'), 409);
      expect(await myPayments(token)).toHaveLength(0);
    });

    it('is refused with 409 while the loan is only applied for', async () => {
      const { token } = await member();
      const { payload, headers } = multipart({
        loan_amount: '1000',
        duration_month: '3',
        bank_account: 'B1',
        passport_or_nid: 'P1',
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/loan-application',
        payload,
        headers: { ...headers, ...bearer(token) },
      });
      expect(res.statusCode).toBe(200);
      expectError(await repay(token, '100'), 409);
    });

    it('is recorded as a loan_repayment of the active loan and refused above what is left after pending ones', async () => {
      const { token, loanId } = await memberWithActiveLoan();
      const first = await repay(token, '1000');
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().payment).toMatchObject({
        kind: 'loan_repayment',
        loan_id: loanId,
        amount: 1000,
        status: 'pending',
        period: null,
        month: null,
        receipt_url: null,
      });
      // 1070 owed, 1000 under review: 70 is the most that can still be sent.
      const over = expectError(await repay(token, '70.01'), 422);
      expect(over.errors?.payment_amount?.length).toBeGreaterThan(0);
      expect((await repay(token, '70')).statusCode).toBe(200);
      expect(expectError(await repay(token, '0.01'), 422).errors?.payment_amount).toBeDefined();
      expectError(await repay(token, '0'), 422);
      expect((await myPayments(token)).map((p) => p.amount)).toEqual([70, 1000]);
      // Nothing is applied before approval.
      expect((await myLoan(token)).paid_amount).toBe(0);
    });

    it('a rejected repayment frees its room again', async () => {
      const { token } = await memberWithActiveLoan();
      const id = (await repay(token, '1070')).json().payment.id as number;
      expectError(await repay(token, '1'), 422);
      await rejectPayment(t.db, id, admin, 'No transfer found', new Date());
      expect((await repay(token, '1070')).statusCode).toBe(200);
    });

    it('approved repayments pay the oldest installments first, and the full remainder closes the loan', async () => {
      const { user, token, loanId } = await memberWithActiveLoan();
      const cashBefore = await accountBalanceFils(t.db, { code: 'cash' });
      const incomeBefore = await accountBalanceFils(t.db, { code: 'interest_income' });

      const first = (await repay(token, '400')).json().payment.id as number;
      // The amount-only call carries no receipt: the treasurer enters what was received.
      await expect(approvePayment(t.db, first, admin, new Date())).rejects.toMatchObject({
        statusCode: 422,
        errors: { amount: ['Enter the amount received.'] },
      });
      await approvePayment(t.db, first, admin, new Date(), 40_000);
      let loan = await myLoan(token);
      // 1000 at 7 % over 3: 356.67, 356.67 and 356.66.
      expect(loan.installments.map((i: { amount: number }) => i.amount)).toEqual([
        356.67, 356.67, 356.66,
      ]);
      expect(loan.installments.map((i: { paid: number }) => i.paid)).toEqual([356.67, 43.33, 0]);
      expect(loan.installments.map((i: { status: string }) => i.status)).toEqual([
        'paid',
        'partly_paid',
        'unpaid',
      ]);
      expect(loan).toMatchObject({ state: 'active', paid_amount: 400, remaining_amount: 670 });
      expect(loan.next_installment).toMatchObject({ number: 2, amount: 313.34 });
      expect((await account(token)).loan_balance).toBe(670);
      await t.expectBooksBalance();

      const second = (await repay(token, '670')).json().payment.id as number;
      await approvePayment(t.db, second, admin, new Date(), 67_000);
      loan = await myLoan(token);
      expect(loan).toMatchObject({
        state: 'closed',
        paid_amount: 1070,
        remaining_amount: 0,
        next_installment: null,
      });
      expect(loan.installments.map((i: { status: string }) => i.status)).toEqual([
        'paid',
        'paid',
        'paid',
      ]);
      expect(loan.transitions.at(-1)).toMatchObject({ from: 'active', to: 'closed', by: 'system' });

      const rows = await t.db
        .select()
        .from(loanInstallments)
        .where(eq(loanInstallments.loanId, loanId));
      expect(rows.every((r) => r.paidAt !== null)).toBe(true);
      expect(await loanReceivableFils(t.db, loanId)).toBe(0);
      expect((await accountBalanceFils(t.db, { code: 'cash' })) - cashBefore).toBe(107_000);
      expect((await accountBalanceFils(t.db, { code: 'interest_income' })) - incomeBefore).toBe(
        -7_000,
      );
      // A repayment is not savings.
      expect(await accountBalanceFils(t.db, { code: 'savings', userId: user.id })).toBe(0);
      await t.expectBooksBalance();

      // Closed: nothing left to repay, and a new application is allowed.
      expectError(await repay(token, '1'), 409);
      const { payload, headers } = multipart({
        loan_amount: '500',
        duration_month: '1',
        bank_account: 'B1',
        passport_or_nid: 'P1',
      });
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/loan-application',
        payload,
        headers: { ...headers, ...bearer(token) },
      });
      expect(again.statusCode, again.body).toBe(200);
    });

    it('approving a repayment corrected above what is owed is refused and changes nothing', async () => {
      const { token, loanId } = await memberWithActiveLoan();
      const id = (await repay(token, '100')).json().payment.id as number;
      await expectRejection(approvePayment(t.db, id, admin, new Date(), 107_001), 422);
      expect((await myPayments(token))[0]).toMatchObject({ id, status: 'pending' });
      expect(await loanReceivableFils(t.db, loanId)).toBe(100_000);
      expect(await entriesOf(id)).toHaveLength(0);
      await t.expectBooksBalance();
    });
  });

  describe('GET /api/my-payments', () => {
    it("lists the member's submissions newest first, and limit=2 walks them all without duplicates", async () => {
      const { token } = await member(6);
      const created: number[] = [];
      for (let k = 0; k < 5; k++) {
        const res = await pay(token, monthNameAgo(k));
        expect(res.statusCode).toBe(200);
        created.push(res.json().payment.id);
      }
      const all = await t.app.inject({ url: '/api/my-payments', headers: bearer(token) });
      expect(all.statusCode).toBe(200);
      const body = all.json();
      expect(Object.keys(body).sort()).toEqual(['items', 'next_cursor']);
      expect(body.next_cursor).toBeNull();
      expect(body.items.map((p: { id: number }) => p.id)).toEqual([...created].reverse());
      expect(Object.keys(body.items[0]).sort()).toEqual([
        'account_number',
        'amount',
        'approved_amount',
        'bank_reference',
        'created_at',
        'id',
        'kind',
        'loan_id',
        'month',
        'period',
        'receipt_url',
        'review_note',
        'reviewed_at',
        'status',
        'transfer_date',
      ]);

      const seen: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const url: string = `/api/my-payments?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const res = await t.app.inject({ url, headers: bearer(token) });
        expect(res.statusCode).toBe(200);
        const pageBody = res.json();
        expect(pageBody.items.length).toBeLessThanOrEqual(2);
        seen.push(...pageBody.items.map((p: { id: number }) => p.id));
        cursor = pageBody.next_cursor;
        pages += 1;
        expect(pages).toBeLessThan(10);
      } while (cursor);
      expect(pages).toBe(3);
      expect(seen).toEqual([...created].reverse());
      expect(new Set(seen).size).toBe(seen.length);
    });

    it.each(['abc', '-1', '1.5', '12abc', 'x'.repeat(65)])(
      'answers 400 to the cursor %j',
      async (cursor) => {
        const { token } = await member();
        const res = await t.app.inject({
          url: `/api/my-payments?cursor=${encodeURIComponent(cursor)}`,
          headers: bearer(token),
        });
        expectError(res, 400);
      },
    );

    it.each(['2147483648', '99999999999', '999999999999999'])(
      'answers a cursor beyond the id range (%s) with 400 or an empty page, never 500',
      async (cursor) => {
        const { token } = await member();
        await pay(token, monthNameAgo(0));
        const res = await t.app.inject({
          url: `/api/my-payments?cursor=${cursor}`,
          headers: bearer(token),
        });
        expect([200, 400], res.body).toContain(res.statusCode);
        if (res.statusCode === 400) expectError(res, 400);
      },
    );

    it.each(['0', '101', 'ten'])('answers 400 to limit=%s', async (limit) => {
      const { token } = await member();
      expectError(
        await t.app.inject({ url: `/api/my-payments?limit=${limit}`, headers: bearer(token) }),
        400,
      );
    });

    it('answers 401 without a token', async () => {
      expectError(await t.app.inject({ url: '/api/my-payments' }), 401);
    });
  });
});
