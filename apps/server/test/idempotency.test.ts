import { gunzipSync } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../src/db/schema/files.ts';
import { journalEntries } from '../src/db/schema/ledger.ts';
import { payments } from '../src/db/schema/payments.ts';
import { idempotencyKeys } from '../src/db/schema/idempotency.ts';
import { sendInstallmentReminders } from '../src/features/loans/reminders.ts';
import { runNotificationJob } from '../src/features/notifications/jobs.ts';
import { IDEMPOTENCY_KEY_RETENTION_MS, requestHash } from '../src/plugins/idempotency.ts';
import {
  applyOverHttp,
  bearer,
  createTestApp,
  expectError,
  multipart,
  dubaiMonthStart,
  poolOf,
  thisMonthName,
  type TestApp,
  storedFileCount,
} from './harness.ts';

describe('Idempotency-Key on the calls that move money', () => {
  let t: TestApp;
  let adminToken: string;
  let adminId: number;
  let receipt: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    // Cash for the loans this file pays out (cash never goes below zero).
    await t.fundCash(10_000_000);
    const admin = await t.makeUser({ role: 'admin' });
    adminId = admin.id;
    adminToken = await t.login(admin.email);
    receipt = await sharp({ create: { width: 24, height: 24, channels: 3, background: '#abcdef' } })
      .jpeg()
      .toBuffer();
  });
  afterAll(async () => {
    poolOf(t.db).on('error', () => {});
    await t.close();
  });

  async function member() {
    const user = await t.makeUser({ joinedOn: dubaiMonthStart() });
    return { user, token: await t.login(user.email) };
  }

  function submitDues(token: string, key: string | undefined, amount = '200') {
    const { payload, headers } = multipart(
      { payment_amount: amount, month: thisMonthName(), account_number: '1234' },
      { photo: { filename: 'r.jpg', contentType: 'image/jpeg', data: receipt } },
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/save-monthly-payment',
      payload,
      headers: { ...headers, ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    });
  }

  const approve = (paymentId: number, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${paymentId}/approve`,
      headers: { ...bearer(adminToken), ...(key ? { 'idempotency-key': key } : {}) },
    });

  const countOf = async (userId: number) => ({
    payments: (await t.db.select().from(payments).where(eq(payments.userId, userId))).length,
    files: (await t.db.select().from(files).where(eq(files.ownerId, userId))).length,
  });
  const entriesOf = async (paymentId: number) =>
    (await t.db.select().from(journalEntries).where(eq(journalEntries.paymentId, paymentId)))
      .length;

  it('a replay answers what the first answered and writes nothing', async () => {
    const { user, token } = await member();
    const uploadsBefore = await storedFileCount(t.db);
    const first = await submitDues(token, 'dues-1');
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // The same fields and file in a new multipart body (another boundary) are the same request.
    const again = await submitDues(token, 'dues-1');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.body).toBe(first.body);
    expect(await countOf(user.id)).toEqual({ payments: 1, files: 1 });
    expect((await storedFileCount(t.db)) - uploadsBefore).toBe(1);
  });

  it('the same key with another body or another route is refused (422) and writes nothing', async () => {
    const { user, token } = await member();
    expect((await submitDues(token, 'k-422')).statusCode).toBe(200);
    expectError(await submitDues(token, 'k-422', '250'), 422);
    const otherRoute = await t.app.inject({
      method: 'POST',
      url: '/api/loan-application',
      payload: { loan_amount: 1000, duration_month: 3, bank_account: 'B', passport_or_nid: 'P' },
      headers: { ...bearer(token), 'idempotency-key': 'k-422' },
    });
    expectError(otherRoute, 422);
    expect(await countOf(user.id)).toEqual({ payments: 1, files: 1 });
  });

  it.each([
    ['empty', ''],
    ['with a space', 'a b'],
    ['non-ASCII', 'clé'],
    ['256 characters', 'k'.repeat(256)],
  ])('a key that is %s is refused (400)', async (_, key) => {
    const { user, token } = await member();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/save-monthly-payment',
      payload: { payment_amount: '10' },
      headers: { ...bearer(token), 'idempotency-key': key },
    });
    expect(expectError(res, 400).errors?.['idempotency-key']).toBeDefined();
    expect(await countOf(user.id)).toEqual({ payments: 0, files: 0 });
  });

  it('keys belong to one user: member B may use the key member A used', async () => {
    const a = await member();
    const b = await member();
    const resA = await submitDues(a.token, 'shared-key', '200');
    const resB = await submitDues(b.token, 'shared-key', '150');
    expect([resA.statusCode, resB.statusCode]).toEqual([200, 200]);
    expect(resB.headers['idempotent-replayed']).toBeUndefined();
    expect(resB.json().payment.amount).toBe(150);
    expect(await countOf(a.user.id)).toEqual({ payments: 1, files: 1 });
    expect(await countOf(b.user.id)).toEqual({ payments: 1, files: 1 });
  });

  it('an admin approval replayed answers the same once, with one journal entry', async () => {
    const { token } = await member();
    const paymentId = (await submitDues(token, undefined)).json().payment.id as number;
    const first = await approve(paymentId, 'approve-1');
    expect(first.statusCode).toBe(200);
    const replay = await approve(paymentId, 'approve-1');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);
    expect(await entriesOf(paymentId)).toBe(1);
    // Without the key, a second approval is a new request and the domain refuses it.
    expectError(await approve(paymentId), 409);
    expect(await entriesOf(paymentId)).toBe(1);
    await t.expectBooksBalance();
  });

  it('a browser that takes compressed answers gets the first answer again, as it was (issue 36)', async () => {
    const { token } = await member();
    const loanId = await applyOverHttp(t.app, token);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/loans/${loanId}/approve`,
          headers: bearer(adminToken),
        })
      ).statusCode,
    ).toBe(200);
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/loans/${loanId}/disburse`,
        headers: { ...bearer(adminToken), 'idempotency-key': 'gzip-1', 'accept-encoding': 'gzip' },
      });
    const first = await send();
    expect(first.statusCode).toBe(200);
    // An answer of half a kilobyte or more goes compressed (decision 042).
    expect(first.headers['content-encoding']).toBe('gzip');
    const answer = gunzipSync(first.rawPayload).toString();
    const [kept] = await t.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, 'gzip-1'));
    expect(kept).toMatchObject({ statusCode: 200, responseBody: answer });
    const replay = await send();
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(gunzipSync(replay.rawPayload).toString()).toBe(answer);
    await t.expectBooksBalance();
  });

  it('a retried cash repayment with its key posts once (without a key, each call posts)', async () => {
    const { token } = await member();
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/loan-application',
      payload: { loan_amount: 1000, duration_month: 3, bank_account: 'B', passport_or_nid: 'P' },
      headers: bearer(token),
    });
    const loanId = applied.json().loan.id as number;
    for (const action of ['approve', 'disburse']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/loans/${loanId}/${action}`,
        headers: bearer(adminToken),
      });
      expect(res.statusCode).toBe(200);
    }
    const repay = (key?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/loans/${loanId}/repayments`,
        payload: { amount: '100' },
        headers: { ...bearer(adminToken), ...(key ? { 'idempotency-key': key } : {}) },
      });
    const repayments = async () =>
      (
        await t.db
          .select()
          .from(journalEntries)
          .where(and(eq(journalEntries.loanId, loanId), eq(journalEntries.kind, 'repayment')))
      ).length;
    const first = await repay('cash-1');
    const retry = await repay('cash-1');
    expect([first.statusCode, retry.statusCode]).toEqual([200, 200]);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await repayments()).toBe(1);
    expect((await repay()).statusCode).toBe(200);
    expect((await repay()).statusCode).toBe(200);
    expect(await repayments()).toBe(3);
    await t.expectBooksBalance();
  });

  it('a 4xx answer of the handler is kept and replayed like a success', async () => {
    const { token } = await member();
    const withdraw = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/my-loans/999999/withdraw',
        headers: { ...bearer(token), 'idempotency-key': 'withdraw-404' },
      });
    const first = await withdraw();
    expectError(first, 404);
    const replay = await withdraw();
    expectError(replay, 404);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);
  });

  it('a replay while the first request still runs is refused (409)', async () => {
    const { token } = await member();
    const paymentId = (await submitDues(token, undefined)).json().payment.id as number;
    // PGlite runs one request at a time, so the running first request is a row left unfinished.
    await t.db.insert(idempotencyKeys).values({
      userId: adminId,
      key: 'running',
      route: `POST /api/admin/payments/${paymentId}/approve`,
      requestHash: requestHash(undefined),
    });
    expectError(await approve(paymentId, 'running'), 409);
    expect(await entriesOf(paymentId)).toBe(0);
  });

  it('a first request that fails with a 5xx frees the key for a retry', async () => {
    const { token } = await member();
    const paymentId = (await submitDues(token, undefined)).json().payment.id as number;
    // The books refuse any entry for a moment: the approval fails on our side (500).
    await t.db.execute(sql`create function idem_test_fail() returns trigger language plpgsql as
      $$ begin raise exception 'books closed for the test'; end $$`);
    await t.db.execute(sql`create trigger idem_test_fail before insert on journal_entries
      for each row execute function idem_test_fail()`);
    try {
      expectError(await approve(paymentId, 'retry-after-5xx'), 500);
    } finally {
      await t.db.execute(sql`drop trigger idem_test_fail on journal_entries`);
      await t.db.execute(sql`drop function idem_test_fail()`);
    }
    expect(
      await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'retry-after-5xx')),
    ).toHaveLength(0);
    const retry = await approve(paymentId, 'retry-after-5xx');
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await entriesOf(paymentId)).toBe(1);
    await t.expectBooksBalance();
  });

  it('the scheduled job forgets keys after a day: the same key then starts a new request', async () => {
    const { user, token } = await member();
    expect((await submitDues(token, 'old-key')).statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, 'old-key')));
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    const deps = { db: t.db, mailer: t.app.deps.mailer, publicUrl: 'http://jamiya.test' };
    // A minute before the day is out the key is kept and still answers the replay.
    await runNotificationJob(
      deps,
      new Date(row!.createdAt.getTime() + IDEMPOTENCY_KEY_RETENTION_MS - 60_000),
      log,
      sendInstallmentReminders,
    );
    const replay = await submitDues(token, 'old-key');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    // A minute after, it is gone: the same request runs again (and is refused as a second
    // receipt for the month, which shows that it ran).
    await runNotificationJob(
      deps,
      new Date(row!.createdAt.getTime() + IDEMPOTENCY_KEY_RETENTION_MS + 60_000),
      log,
      sendInstallmentReminders,
    );
    const keys = await t.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, user.id));
    expect(keys).toEqual([]);
    const fresh = await submitDues(token, 'old-key');
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    expect(fresh.statusCode).toBe(409);
    expect(await countOf(user.id)).toEqual({ payments: 1, files: 1 });
  });

  it('the OpenAPI document shows the header on the money calls', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const params = (path: string) =>
      (doc.paths[path].post.parameters ?? []) as { in: string; name: string }[];
    for (const path of [
      '/api/save-monthly-payment',
      '/api/admin/payments/{id}/approve',
      '/api/admin/loans/{id}/disburse',
      '/api/admin/bonus/periods',
      '/api/recharge-requests',
    ]) {
      expect(params(path)).toContainEqual(
        expect.objectContaining({ in: 'header', name: 'idempotency-key' }),
      );
    }
  });

  describe('on PostgreSQL, at the same time', () => {
    it('a replay fired while the first is held on a lock gets 409; the first then succeeds', async () => {
      const { token } = await member();
      const paymentId = (await submitDues(token, undefined)).json().payment.id as number;
      const blocker = new pg.Client({ connectionString: t.testDb.url });
      await blocker.connect();
      try {
        await blocker.query('begin');
        await blocker.query('select id from payments where id = $1 for update', [paymentId]);
        const first = approve(paymentId, 'held');
        // Wait until the first request has claimed the key (it then waits for the lock).
        for (let i = 0; i < 200; i++) {
          const rows = await t.db
            .select()
            .from(idempotencyKeys)
            .where(eq(idempotencyKeys.key, 'held'));
          if (rows.length) break;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        expectError(await approve(paymentId, 'held'), 409);
        await blocker.query('commit');
        expect((await first).statusCode).toBe(200);
      } finally {
        await blocker.end();
      }
      expect(await entriesOf(paymentId)).toBe(1);
      const replay = await approve(paymentId, 'held');
      expect(replay.headers['idempotent-replayed']).toBe('true');
    });

    it('20 approvals of one receipt at once (no keys) make one posting', async () => {
      const { user, token } = await member();
      const paymentId = (await submitDues(token, undefined)).json().payment.id as number;
      const answers = await Promise.all(Array.from({ length: 20 }, () => approve(paymentId)));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, ...Array(19).fill(409)]);
      expect(await entriesOf(paymentId)).toBe(1);
      const [row] = await t.db
        .select()
        .from(payments)
        .where(and(eq(payments.id, paymentId), eq(payments.userId, user.id)));
      expect(row!.status).toBe('approved');
      await t.expectBooksBalance();
    });

    it('20 approvals of one receipt at once with one key make one posting and one first answer', async () => {
      const { token } = await member();
      const paymentId = (await submitDues(token, undefined)).json().payment.id as number;
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => approve(paymentId, 'burst')),
      );
      const firsts = answers.filter(
        (r) => r.statusCode === 200 && r.headers['idempotent-replayed'] === undefined,
      );
      expect(firsts).toHaveLength(1);
      for (const r of answers) {
        if (r.statusCode === 200) expect(r.body).toBe(firsts[0]!.body);
        else expectError(r, 409);
      }
      expect(await entriesOf(paymentId)).toBe(1);
      await t.expectBooksBalance();
    });
  });
});
