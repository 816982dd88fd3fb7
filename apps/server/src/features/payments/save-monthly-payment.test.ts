import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { onePagePdf } from '../../../test/support/uploads.ts';
import { bearer, expectError, multipart, storedFileCount } from '../../../test/harness.ts';
import { payments } from '../../db/schema/payments.ts';
import { fileContents } from '../../db/schema/files.ts';
import { databaseStorage, newStorageKey } from '../files/file-storage.ts';
import type { PendingUpload } from '../files/files.ts';
import { accountSummary } from './account-summary.ts';
import { approvePayment } from './review.ts';
import { monthNameAgo, useSaveMonthlyPayment } from './testing/save-monthly-payment-kit.ts';
import { submitDues } from './submissions.ts';
import { periodAgo, periodLabel } from '../../../test/calendar.ts';

describe('POST /api/save-monthly-payment and GET /api/my-payments', () => {
  const kit = useSaveMonthlyPayment();
  const { t, member, post, jpeg, pay, account, rowOf, myPayments, entriesOf } = kit;
  const uploadsCount = () => storedFileCount(t.db);

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
      await approvePayment(t.db, first.json().payment.id, kit.admin, new Date());
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
      kit.receipt.copy(big);
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
        upload: { data: kit.receipt, mime: 'image/jpeg', ext: 'jpg', kind: 'jpeg' },
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
});
