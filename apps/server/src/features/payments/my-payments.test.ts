import { describe, expect, it } from 'vitest';
import { bearer, expectError } from '../../../test/harness.ts';
import { monthNameAgo, useSaveMonthlyPayment } from './testing/save-monthly-payment-kit.ts';

describe('POST /api/save-monthly-payment and GET /api/my-payments', () => {
  const { t, member, pay } = useSaveMonthlyPayment();

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
