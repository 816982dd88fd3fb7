import { describe, expect, it } from 'vitest';
import { bearer, multipart, postForm, useTestApp } from '../../../test/harness.ts';
import { signedInAdmin } from '../../../test/signed-in.ts';
import { monthName, periodAgo } from '../../../test/calendar.ts';
import {
  receiptText,
  sentAgain,
  templateReceipt,
} from '../../../test/support/template-receipts.ts';

// Issue 50, point 11: 30 receipts of one exchange house's template, each with its own date,
// amount, reference and member ID, each listed the other 28 as possible duplicates. Only the
// same file or a nearly identical picture is one.

const t = useTestApp();

interface Listed {
  id: number;
  possible_duplicates: Array<{ payment_id: number }>;
}

describe('receipts of one template in the review', () => {
  it('are no duplicates of each other; the same receipt sent again still is', async () => {
    const admin = await signedInAdmin(t);
    const period = periodAgo(0);
    const submit = async (n: number, receipt: Buffer) => {
      const user = await t.makeUser({ name: `Template ${n}`, joinedOn: `${periodAgo(3)}-01` });
      const form = multipart(
        { payment_amount: '200', month: monthName(period), account_number: 'AE0703312345' },
        { photo: { filename: 'receipt.jpg', contentType: 'image/jpeg', data: receipt } },
      );
      const res = await postForm(
        t.app,
        '/api/save-monthly-payment',
        await t.login(user.email),
        form,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ payment: { id: number } }>().payment.id;
    };
    const receipts = await Promise.all(
      Array.from({ length: 8 }, (_, n) => templateReceipt(receiptText(n))),
    );
    const ids: number[] = [];
    for (const [n, receipt] of receipts.entries()) ids.push(await submit(n, receipt));
    // Receipt 3, sent again by another member as a messenger re-sends it.
    const again = await submit(99, (await sentAgain(receipts[3]!))['40 % size, JPEG 40']!);

    const res = await t.app.inject({
      url: '/api/admin/payments?status=pending&limit=100',
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    const listed = new Map(res.json<{ items: Listed[] }>().items.map((p) => [p.id, p]));
    const duplicatesOf = (id: number) =>
      listed.get(id)!.possible_duplicates.map((d) => d.payment_id);
    for (const [n, id] of ids.entries())
      expect(duplicatesOf(id), `receipt ${n}`).toEqual(n === 3 ? [again] : []);
    expect(duplicatesOf(again)).toEqual([ids[3]]);
  });
});
