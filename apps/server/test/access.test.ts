import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { approveLoan } from '../src/features/loans/decisions.ts';
import { disburseLoan } from '../src/features/loans/disburse.ts';
import { bearer, expectError, multipart, useTestApp } from './harness.ts';
import { monthName, periodAgo } from './calendar.ts';

interface Person {
  id: number;
  token: string;
}

describe('what one member can reach of another', () => {
  const t = useTestApp();
  let a: Person;
  let b: Person;
  let admin: Person;
  let receipt: Buffer;
  let bReceiptUrl: string;
  let bPhotoUrl: string;
  let bLoanId: number;
  const aPaymentIds: number[] = [];
  const bPaymentIds: number[] = [];

  async function person(role: 'member' | 'admin' = 'member'): Promise<Person> {
    const user = await t.makeUser({ role, joinedOn: '2025-01-01' });
    return { id: user.id, token: await t.login(user.email) };
  }
  function pay(who: Person, fields: Record<string, string>, withPhoto = true) {
    const { payload, headers } = multipart(
      fields,
      withPhoto ? { photo: { filename: 'r.jpg', contentType: 'image/jpeg', data: receipt } } : {},
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/save-monthly-payment',
      payload,
      headers: { ...headers, ...bearer(who.token) },
    });
  }
  function applyForLoan(who: Person) {
    const { payload, headers } = multipart({
      loan_amount: '1000',
      duration_month: '3',
      bank_account: 'Botim 050',
      passport_or_nid: 'P1',
    });
    return t.app.inject({
      method: 'POST',
      url: '/api/loan-application',
      payload,
      headers: { ...headers, ...bearer(who.token) },
    });
  }
  async function allPages(who: Person, path: string): Promise<Array<{ id: number }>> {
    const out: Array<{ id: number }> = [];
    let cursor: string | null = null;
    do {
      const res: LightMyRequestResponse = await t.app.inject({
        url: `${path}?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        headers: bearer(who.token),
      });
      expect(res.statusCode).toBe(200);
      out.push(...res.json().items);
      cursor = res.json().next_cursor;
    } while (cursor);
    return out;
  }

  beforeAll(async () => {
    // Cash for the loans this file pays out (cash never goes below zero).
    await t.fundCash(10_000_000);
    receipt = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#fafafa' } })
      .jpeg()
      .toBuffer();
    a = await person();
    b = await person();
    admin = await person('admin');

    for (const k of [0, 1, 2]) {
      const ra = await pay(a, {
        payment_amount: '200',
        month: monthName(periodAgo(k)),
        account_number: 'A-1',
      });
      expect(ra.statusCode, ra.body).toBe(200);
      aPaymentIds.push(ra.json().payment.id);
      const rb = await pay(b, {
        payment_amount: '200',
        month: monthName(periodAgo(k)),
        account_number: 'B-1',
      });
      expect(rb.statusCode, rb.body).toBe(200);
      bPaymentIds.push(rb.json().payment.id);
    }
    bReceiptUrl = (await t.app.inject({ url: '/api/my-payments', headers: bearer(b.token) })).json()
      .items[0].receipt_url;

    const photo = multipart(
      { name: 'B Member', address: 'Deira, Dubai', wallet: '0501234567' },
      { image: { filename: 'me.jpg', contentType: 'image/jpeg', data: receipt } },
    );
    const profile = await t.app.inject({
      method: 'POST',
      url: '/api/profile/update',
      payload: photo.payload,
      headers: { ...photo.headers, ...bearer(b.token) },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    bPhotoUrl = profile.json().userData.image;

    const la = await applyForLoan(a);
    expect(la.statusCode).toBe(200);
    const lb = await applyForLoan(b);
    expect(lb.statusCode).toBe(200);
    bLoanId = lb.json().loan.id;
  });

  it("member A gets 404 for B's receipt and photo, exactly as for a file that does not exist", async () => {
    const missing = expectError(
      await t.app.inject({ url: `/api/files/${randomUUID()}`, headers: bearer(a.token) }),
      404,
    );
    for (const url of [bReceiptUrl, bPhotoUrl]) {
      expect(url).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
      const res = await t.app.inject({ url, headers: bearer(a.token) });
      expect(expectError(res, 404)).toEqual(missing);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it("member B and an admin can read B's receipt, and get the same bytes", async () => {
    const own = await t.app.inject({ url: bReceiptUrl, headers: bearer(b.token) });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(own.headers['cache-control']).toBe('private, no-store');
    const byAdmin = await t.app.inject({ url: bReceiptUrl, headers: bearer(admin.token) });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.rawPayload.equals(own.rawPayload)).toBe(true);
    const photo = await t.app.inject({ url: bPhotoUrl, headers: bearer(admin.token) });
    expect(photo.statusCode).toBe(200);
  });

  it('nobody reads a file without a token, and a malformed id is a plain 404', async () => {
    expectError(await t.app.inject({ url: bReceiptUrl }), 401);
    expectError(
      await t.app.inject({
        url: bReceiptUrl,
        headers: { authorization: 'Bearer not-a-real-token' },
      }),
      401,
    );
    expectError(
      await t.app.inject({ url: '/api/files/..%2F..%2Fetc%2Fpasswd', headers: bearer(b.token) }),
      404,
    );
  });

  it("member A cannot withdraw B's loan (404) and it stays as it was", async () => {
    // As it was before A's try: another test of the file may have paid it out by then.
    const loansOfB = async () =>
      (await t.app.inject({ url: '/api/my-loans', headers: bearer(b.token) }))
        .json()
        .items.map((l: { id: number; state: string }) => [l.id, l.state]);
    const before = await loansOfB();
    expect(before).toHaveLength(1);
    expect(before[0][0]).toBe(bLoanId);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/my-loans/${bLoanId}/withdraw`,
      headers: bearer(a.token),
      payload: {},
    });
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/my-loans/2000000000/withdraw',
      headers: bearer(a.token),
      payload: {},
    });
    expect(expectError(res, 404)).toEqual(expectError(none, 404));
    expect(await loansOfB()).toEqual(before);
  });

  it("B's payments and loans never appear in A's lists, page after page", async () => {
    const aPayments = (await allPages(a, '/api/my-payments')).map((p) => p.id);
    expect(aPayments.sort()).toEqual([...aPaymentIds].sort());
    expect(aPayments.some((id) => bPaymentIds.includes(id))).toBe(false);
    // A cursor taken from B's ids does not reach B's rows either.
    const fromB = await t.app.inject({
      url: `/api/my-payments?cursor=${Math.max(...bPaymentIds) + 1}`,
      headers: bearer(a.token),
    });
    expect(fromB.json().items.every((p: { id: number }) => aPaymentIds.includes(p.id))).toBe(true);

    const aLoans = await allPages(a, '/api/my-loans');
    expect(aLoans).toHaveLength(1);
    expect(aLoans[0]!.id).not.toBe(bLoanId);
  });

  it("B's loan repayment is B's alone", async () => {
    await approveLoan(t.db, bLoanId, { id: admin.id, role: 'admin' }, new Date());
    await disburseLoan(t.db, bLoanId, { id: admin.id, role: 'admin' }, new Date());
    const repay = await pay(b, { payment_amount: '100' }, false);
    expect(repay.statusCode, repay.body).toBe(200);
    expect(repay.json().payment).toMatchObject({ kind: 'loan_repayment', loan_id: bLoanId });
    // A has only a pending application, so A's own repayment form is refused, not routed to B's loan.
    expectError(await pay(a, { payment_amount: '100' }, false), 409);
    const aPayments = await allPages(a, '/api/my-payments');
    expect(aPayments.map((p) => p.id)).not.toContain(repay.json().payment.id);
    const aAccount = (
      await t.app.inject({ url: '/api/my-account-data', headers: bearer(a.token) })
    ).json().myAccountData;
    expect(aAccount.loan_balance).toBe(0);
  });
});
