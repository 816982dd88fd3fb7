import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, multipart, useTestApp } from '../../../test/harness.ts';
import { files } from '../../db/schema/files.ts';
import { payments } from '../../db/schema/payments.ts';
import { sha256Of } from '../files/picture-hash.ts';
import { photoLike, resizedCopy } from '../../../test/support/pictures.ts';
import { monthName, periodAgo, periodLabel } from '../../../test/calendar.ts';

const t = useTestApp();
let adminToken: string;

beforeAll(async () => {
  const admin = await t.makeUser({ role: 'admin' });
  adminToken = await t.login(admin.email);
});

async function newMember(name: string) {
  const user = await t.makeUser({ name, joinedOn: `${periodAgo(3)}-01` });
  return { user, token: await t.login(user.email) };
}

async function submitDues(token: string, period: string, receipt: Buffer): Promise<number> {
  const form = multipart(
    { payment_amount: '200', month: monthName(period), account_number: 'AE0703312345' },
    { photo: { filename: 'r.jpg', contentType: 'image/jpeg', data: receipt } },
  );
  const res = await t.postForm('/api/save-monthly-payment', token, form);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payment.id as number;
}

interface Listed {
  id: number;
  possible_duplicates: Array<{
    payment_id: number;
    member: { id: number; name: string };
    month: string | null;
    status: string;
  }>;
}
async function listed(status: 'pending' | 'approved'): Promise<Map<number, Listed>> {
  const res = await t.app.inject({
    url: `/api/admin/payments?status=${status}&limit=100`,
    headers: bearer(adminToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  return new Map((res.json().items as Listed[]).map((p) => [p.id, p]));
}

describe('possible duplicate receipts in the review', () => {
  it('flags the same receipt sent twice and a resized, re-compressed copy, across members and months', async () => {
    // Real photographs (fixtures/README.md): one sent twice, its messenger copy, and another.
    const photo = await readFile(new URL('../files/fixtures/photo-coffee.jpg', import.meta.url));
    const copy = await resizedCopy(photo, 0.6, 70);
    const unrelated = await readFile(new URL('../files/fixtures/photo-cat.jpg', import.meta.url));
    const amira = await newMember('Amira Duplicate');
    const bilal = await newMember('Bilal Duplicate');
    const chen = await newMember('Chen Unrelated');
    const thisMonth = periodAgo(0);
    const lastMonth = periodAgo(1);

    const a1 = await submitDues(amira.token, thisMonth, photo);
    const b1 = await submitDues(bilal.token, thisMonth, copy);
    const a2 = await submitDues(amira.token, lastMonth, photo);
    const c1 = await submitDues(chen.token, thisMonth, unrelated);

    // The hashes are those of the files as sent.
    const [row] = await t.db
      .select({ sha: files.originalSha256, picture: files.pictureHash })
      .from(files)
      .innerJoin(payments, eq(payments.receiptFileId, files.id))
      .where(eq(payments.id, b1));
    expect(row!.sha).toBe(sha256Of(copy));
    expect(typeof row!.picture).toBe('bigint');

    const ref = (id: number, who: typeof amira, period: string, status = 'pending') => ({
      payment_id: id,
      member: { id: who.user.id, name: who.user.name },
      month: periodLabel(period),
      status,
    });
    let list = await listed('pending');
    expect(list.get(a1)!.possible_duplicates).toEqual([
      ref(b1, bilal, thisMonth),
      ref(a2, amira, lastMonth),
    ]);
    expect(list.get(b1)!.possible_duplicates).toEqual([
      ref(a1, amira, thisMonth),
      ref(a2, amira, lastMonth),
    ]);
    expect(list.get(a2)!.possible_duplicates).toEqual([
      ref(a1, amira, thisMonth),
      ref(b1, bilal, thisMonth),
    ]);
    expect(list.get(c1)!.possible_duplicates).toEqual([]);

    // A decided submission still counts, with its status.
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${a1}/approve`,
      headers: bearer(adminToken),
      payload: {},
    });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json().payment.possible_duplicates).toHaveLength(2);
    list = await listed('pending');
    expect(list.get(b1)!.possible_duplicates).toContainEqual(ref(a1, amira, thisMonth, 'approved'));
    expect((await listed('approved')).get(a1)!.possible_duplicates).toEqual([
      ref(b1, bilal, thisMonth),
      ref(a2, amira, lastMonth),
    ]);
  });

  it('never matches a receipt without hashes (uploaded before they were kept)', async () => {
    const photo = await photoLike(9);
    const dana = await newMember('Dana Old');
    const eli = await newMember('Eli Old');
    const d1 = await submitDues(dana.token, periodAgo(0), photo);
    const [old] = await t.db
      .select({ fileId: payments.receiptFileId })
      .from(payments)
      .where(eq(payments.id, d1));
    await t.db
      .update(files)
      .set({ originalSha256: null, pictureHash: null })
      .where(eq(files.id, old!.fileId!));
    const e1 = await submitDues(eli.token, periodAgo(0), photo);
    const list = await listed('pending');
    expect(list.get(d1)!.possible_duplicates).toEqual([]);
    expect(list.get(e1)!.possible_duplicates).toEqual([]);
  });
});
