// What the save-monthly-payment test files share: the test app of one file with cash for its
// loans, an admin and a receipt, and the requests and reads of its tests.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, expect } from 'vitest';
import { bearer, multipart, useTestApp } from '../../../../test/harness.ts';
import { journalEntries } from '../../../db/schema/ledger.ts';
import { AppError } from '../../../lib/errors.ts';
import type { Actor } from '../../../lib/actor.ts';
import { monthName, periodAgo } from '../../../../test/calendar.ts';

export const monthNameAgo = (monthsAgo: number) => monthName(periodAgo(monthsAgo));

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

/**
 * The file's test app and the helpers of its tests, made inside the file's describe. The admin
 * and the receipt are made in its beforeAll: a test reads them as `kit.admin`, `kit.receipt`.
 */
export function useSaveMonthlyPayment() {
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

  async function expectRejection(promise: Promise<unknown>, status: number) {
    const err = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).statusCode).toBe(status);
  }

  return {
    t,
    member,
    post,
    jpeg,
    pay,
    account,
    rowOf,
    myPayments,
    entriesOf,
    expectRejection,
    get admin() {
      return admin;
    },
    get receipt() {
      return receipt;
    },
  };
}
