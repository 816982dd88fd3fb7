import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MONTH_NAMES } from '@jamiya/contracts/common';
import { formatMoney } from '@jamiya/money/format';
import { bearer, expectError, multipart, plain, useTestApp } from '../../../test/harness.ts';
import { editableSettings } from '../../../test/settings-body.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { rechargeRequests } from '../../db/schema/recharge.ts';
import { renderNotice } from '../notifications/texts.ts';
import { localDate } from '../../lib/calendar.ts';
import { memberSavingsFils, trialBalance } from '../ledger/balances.ts';
import { signedInAdmin, signedInMember } from '../../../test/signed-in.ts';

const t = useTestApp();
let adminToken: string;

beforeAll(async () => {
  const treasurer = await signedInAdmin(t);
  adminToken = treasurer.token;
});

type Method = 'GET' | 'POST' | 'PUT';
const as = (token: string | null, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });
const admin = (method: Method, url: string, payload?: object) =>
  as(adminToken, method, url, payload);

const newMember = () => signedInMember(t);

const valid = { operator: 'jio', number: '+91 98765 43210', amount: 50 };

async function request(token: string, body: object = valid) {
  const res = await as(token, 'POST', '/api/recharge-requests', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().request as { id: number; state: string; number: string; amount: number };
}

/** This month's dues, sent with a receipt and approved: the member has savings. */
async function paidDues(token: string) {
  const photo = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
    .jpeg()
    .toBuffer();
  const month = MONTH_NAMES[Number(localDate(new Date()).slice(5, 7)) - 1]!;
  const form = multipart(
    { payment_amount: '200', month, account_number: 'AE07' },
    { photo: { filename: 'r.jpg', contentType: 'image/jpeg', data: photo } },
  );
  const res = await t.postForm('/api/save-monthly-payment', token, form);
  const id = res.json().payment.id as number;
  expect((await admin('POST', `/api/admin/payments/${id}/approve`)).statusCode).toBe(200);
}

describe('a recharge request', () => {
  it('is created with a clear confirmation, the number kept as its ten digits', async () => {
    const { token } = await newMember();
    const res = await as(token, 'POST', '/api/recharge-requests', valid);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.request).toMatchObject({
      operator: 'jio',
      number: '9876543210',
      amount: 50,
      state: 'requested',
      reference: null,
      reason: null,
      decided_at: null,
    });
    expect(plain(body.message)).toContain('AED 50 for +91 98765 43210 (Jio)');
    expect(body.message).toContain('at least 3-4 minutes');
    expect(body.message).toContain('Nothing is deducted from your savings.');
  });

  it.each([
    ['9876543210', '9876543210'],
    ['+919876543210', '9876543210'],
    ['91 98765 43210', '9876543210'],
    ['+91-98765-43210', '9876543210'],
    ['6000000000', '6000000000'],
    // Ten digits that start with 91 are a number of their own, not a prefix.
    ['9123456789', '9123456789'],
  ])('takes the number %s as %s', async (number, digits) => {
    const { token } = await newMember();
    expect((await request(token, { ...valid, number })).number).toBe(digits);
  });

  it.each([
    ['12345', 'too short'],
    ['98765432101', 'eleven digits'],
    ['5876543210', 'not a mobile (starts with 5)'],
    ['+92 98765 43210', 'another country code'],
    ['+91 5876543210', '+91 and a first digit of 5'],
    ['98765abcde', 'letters'],
    ['', 'empty'],
  ])('refuses the number "%s" (%s) on its field', async (number) => {
    const { token } = await newMember();
    const body = expectError(
      await as(token, 'POST', '/api/recharge-requests', { ...valid, number }),
      422,
    );
    expect(body.errors).toEqual({
      number: [
        'Enter a 10-digit Indian mobile number that starts with 6, 7, 8 or 9, with or without +91.',
      ],
    });
  });

  it('takes the spec\'s operator "vodafone" as Vi, and keeps it as vi', async () => {
    const { token } = await newMember();
    const res = await as(token, 'POST', '/api/recharge-requests', {
      ...valid,
      operator: 'vodafone',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.request.operator).toBe('vi');
    expect(body.message).toContain('(Vi)');
    const mine = (await as(token, 'GET', '/api/recharge-requests')).json();
    expect(mine.items.map((r: { id: number; operator: string }) => [r.id, r.operator])).toEqual([
      [body.request.id, 'vi'],
    ]);
    const [row] = await t.db
      .select({ operator: rechargeRequests.operator })
      .from(rechargeRequests)
      .where(eq(rechargeRequests.id, body.request.id));
    expect(row?.operator).toBe('vi');
  });

  it.each(['VI', 'Vodafone', '', 'etisalat'])('refuses the operator "%s"', async (operator) => {
    const { token } = await newMember();
    const body = expectError(
      await as(token, 'POST', '/api/recharge-requests', { ...valid, operator }),
      422,
    );
    expect(body.errors).toEqual({ operator: ['Choose an operator: Airtel, Jio, Vi or BSNL.'] });
  });

  it.each([
    [9.99, 'Enter an amount from AED 10 to AED 500.'],
    [500.01, 'Enter an amount from AED 10 to AED 500.'],
    ['12.345', 'Enter an amount in AED with at most two decimals, like 200 or 200.50.'],
    [0, 'The amount must be more than AED 0.'],
    [-20, 'The amount must be more than AED 0.'],
    ['ten', 'Enter an amount in AED with at most two decimals, like 200 or 200.50.'],
  ])('refuses the amount %s', async (amount, message) => {
    const { token } = await newMember();
    const body = expectError(
      await as(token, 'POST', '/api/recharge-requests', { ...valid, amount }),
      422,
    );
    expect(body.errors?.amount?.map(plain)).toEqual([message]);
  });

  it('takes the edges of the range, as a number or a form string', async () => {
    const { token } = await newMember();
    expect((await request(token, { ...valid, amount: '10' })).amount).toBe(10);
    expect((await request(token, { ...valid, amount: 500 })).amount).toBe(500);
    expect((await request(token, { ...valid, amount: '49.50' })).amount).toBe(49.5);
  });

  it('names every missing field', async () => {
    const { token } = await newMember();
    const body = expectError(await as(token, 'POST', '/api/recharge-requests', {}), 422);
    expect(Object.keys(body.errors!).sort()).toEqual(['amount', 'number', 'operator']);
  });

  it('follows the range in the settings, which the admin changes and the member app reads', async () => {
    const pub = (await t.app.inject({ url: '/api/settings' })).json();
    expect(pub.recharge).toEqual({ minimum: 10, maximum: 500 });
    const before = (await admin('GET', '/api/admin/settings')).json();

    const bad = expectError(
      await admin('PUT', '/api/admin/settings', {
        ...editableSettings(before),
        recharge: { minimum: 100, maximum: 20 },
      }),
      422,
    );
    expect(bad.errors).toEqual({
      'recharge.maximum': ['The maximum must not be less than the minimum.'],
    });

    const saved = await admin('PUT', '/api/admin/settings', {
      ...editableSettings(before),
      recharge: { minimum: '20', maximum: 100.5 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings.recharge).toEqual({ minimum: 20, maximum: 100.5 });
    expect((await t.app.inject({ url: '/api/settings' })).json().recharge).toEqual({
      minimum: 20,
      maximum: 100.5,
    });

    const { token } = await newMember();
    const body = expectError(
      await as(token, 'POST', '/api/recharge-requests', { ...valid, amount: 15 }),
      422,
    );
    expect(body.errors?.amount?.map(plain)).toEqual(['Enter an amount from AED 20 to AED 100.50.']);
    expect((await request(token, { ...valid, amount: 100.5 })).amount).toBe(100.5);

    // A PUT without the recharge range leaves it as it is.
    const { recharge: _kept, ...withoutRecharge } = editableSettings(before);
    void _kept;
    await admin('PUT', '/api/admin/settings', withoutRecharge);
    expect((await admin('GET', '/api/admin/settings')).json().recharge).toEqual({
      minimum: 20,
      maximum: 100.5,
    });
    await admin('PUT', '/api/admin/settings', editableSettings(before));
    expect((await t.app.inject({ url: '/api/settings' })).json().recharge).toEqual({
      minimum: 10,
      maximum: 500,
    });
  });

  it('is refused to an inactive member', async () => {
    const { user } = await newMember();
    await admin('POST', `/api/admin/members/${user.id}/status`, { status: 'inactive' });
    // Deactivating ends the sessions; an inactive member may still sign in to read.
    const token = await t.login(user.email);
    const body = expectError(await as(token, 'POST', '/api/recharge-requests', valid), 403);
    expect(body.message).toMatch(/inactive/);
  });

  it('needs a signed-in member', async () => {
    expectError(await as(null, 'POST', '/api/recharge-requests', valid), 401);
    expectError(await as(null, 'GET', '/api/recharge-requests'), 401);
  });
});

describe("a member's list", () => {
  it('shows their own requests only, newest first, by page', async () => {
    const a = await newMember();
    const b = await newMember();
    const first = await request(a.token);
    const second = await request(a.token, { ...valid, operator: 'airtel', amount: 20 });

    const mine = (await as(a.token, 'GET', '/api/recharge-requests')).json();
    expect(mine.items.map((r: { id: number }) => r.id)).toEqual([second.id, first.id]);
    expect(mine.next_cursor).toBeNull();

    const theirs = (await as(b.token, 'GET', '/api/recharge-requests')).json();
    expect(theirs).toEqual({ items: [], next_cursor: null });
    const own = await request(b.token);
    const again = (await as(a.token, 'GET', '/api/recharge-requests')).json();
    expect(again.items.map((r: { id: number }) => r.id)).not.toContain(own.id);

    const page1 = (await as(a.token, 'GET', '/api/recharge-requests?limit=1')).json();
    expect(page1.items.map((r: { id: number }) => r.id)).toEqual([second.id]);
    const page2 = (
      await as(a.token, 'GET', `/api/recharge-requests?limit=1&cursor=${page1.next_cursor}`)
    ).json();
    expect(page2.items.map((r: { id: number }) => r.id)).toEqual([first.id]);
    expectError(await as(a.token, 'GET', '/api/recharge-requests?cursor=abc'), 400);
  });
});

describe('the admin', () => {
  it('is the only one who lists and decides', async () => {
    const { token } = await newMember();
    const mine = await request(token);
    expectError(await as(token, 'GET', '/api/admin/recharge-requests'), 403);
    expectError(
      await as(token, 'POST', `/api/admin/recharge-requests/${mine.id}/done`, { reference: 'X' }),
      403,
    );
    expectError(
      await as(token, 'POST', `/api/admin/recharge-requests/${mine.id}/refuse`, { reason: 'X' }),
      403,
    );
    expectError(await as(null, 'GET', '/api/admin/recharge-requests'), 401);
    expectError(
      await as(null, 'POST', `/api/admin/recharge-requests/${mine.id}/done`, { reference: 'X' }),
      401,
    );
    const [row] = await t.db
      .select()
      .from(rechargeRequests)
      .where(eq(rechargeRequests.id, mine.id));
    expect(row!.state).toBe('requested');
  });

  it('lists requests by state with the member', async () => {
    const { user, token } = await newMember();
    const created = await request(token);
    const listed = (await admin('GET', '/api/admin/recharge-requests')).json();
    expect(listed.items[0]).toMatchObject({
      id: created.id,
      state: 'requested',
      member: { id: user.id, unique_id: user.uniqueId, name: user.name },
    });
    await admin('POST', `/api/admin/recharge-requests/${created.id}/done`, { reference: 'R1' });
    const done = (await admin('GET', '/api/admin/recharge-requests?state=done')).json();
    expect(done.items.map((r: { id: number }) => r.id)).toContain(created.id);
    const requested = (await admin('GET', '/api/admin/recharge-requests?state=requested')).json();
    expect(requested.items.map((r: { id: number }) => r.id)).not.toContain(created.id);
    expectError(await admin('GET', '/api/admin/recharge-requests?state=lost'), 400);
  });

  it('marks one done with a reference once: audited, the member told, a second decision 409', async () => {
    const { user, token } = await newMember();
    const created = await request(token);
    const url = `/api/admin/recharge-requests/${created.id}`;

    expect(expectError(await admin('POST', `${url}/done`, {}), 422).errors).toEqual({
      reference: ['Reference is required.'],
    });
    expect(
      expectError(await admin('POST', `${url}/done`, { reference: 'x'.repeat(101) }), 422).errors,
    ).toEqual({ reference: ['Reference must be at most 100 characters.'] });

    const res = await admin('POST', `${url}/done`, { reference: '  JIO-778812  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(`The recharge for ${user.name} was marked done.`);
    expect(res.json().request).toMatchObject({
      id: created.id,
      state: 'done',
      reference: 'JIO-778812',
      reason: null,
      member: { id: user.id },
    });
    expect(res.json().request.decided_at).toEqual(expect.any(String));

    const second = expectError(await admin('POST', `${url}/done`, { reference: 'OTHER' }), 409);
    expect(second.message).toBe('This recharge request was already marked done.');
    expectError(await admin('POST', `${url}/refuse`, { reason: 'Too late' }), 409);
    const [row] = await t.db
      .select()
      .from(rechargeRequests)
      .where(eq(rechargeRequests.id, created.id));
    expect(row).toMatchObject({ state: 'done', reference: 'JIO-778812', reason: null });

    const told = (
      await t.db.select().from(notifications).where(eq(notifications.userId, user.id))
    ).map((n) => ({ ...n, ...renderNotice(n.params, 'en') }));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      kind: 'recharge_state',
      title: 'Your mobile recharge was made',
      link: '/user/mobile-recharge',
    });
    expect(told[0]!.body).toContain(`${formatMoney(5000, 'en')} for +91 98765 43210 (Jio)`);
    expect(told[0]!.body).toContain('Reference: JIO-778812');
    expect(told[0]!.body).toContain('3-4 minutes');

    const audited = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.targetType, 'recharge_request'), eq(auditLog.targetId, String(created.id))),
      );
    expect(audited.map((a) => a.action).sort()).toEqual(['recharge.done', 'recharge.request']);

    const seen = (await as(token, 'GET', '/api/recharge-requests')).json().items[0];
    expect(seen).toMatchObject({ id: created.id, state: 'done', reference: 'JIO-778812' });
  });

  it('refuses one with a reason once: audited, the member told, a second decision 409', async () => {
    const { user, token } = await newMember();
    const created = await request(token, { ...valid, operator: 'bsnl' });
    const url = `/api/admin/recharge-requests/${created.id}`;

    expect(expectError(await admin('POST', `${url}/refuse`, { reason: '  ' }), 422).errors).toEqual(
      {
        reason: ['Reason is required.'],
      },
    );
    const res = await admin('POST', `${url}/refuse`, { reason: 'The number is not prepaid.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().request).toMatchObject({
      state: 'refused',
      reason: 'The number is not prepaid.',
      reference: null,
    });

    expectError(await admin('POST', `${url}/refuse`, { reason: 'Again' }), 409);
    const late = expectError(await admin('POST', `${url}/done`, { reference: 'R' }), 409);
    expect(late.message).toBe('This recharge request was already refused.');

    const [row] = await t.db.select().from(notifications).where(eq(notifications.userId, user.id));
    const note = { ...row!, ...renderNotice(row!.params, 'en') };
    expect(note).toMatchObject({
      kind: 'recharge_state',
      title: 'Your mobile recharge request was refused',
    });
    expect(note.body).toContain('Reason: The number is not prepaid.');
    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'recharge.refuse'), eq(auditLog.targetId, String(created.id))),
      );
    expect(audited!.reason).toBe('The number is not prepaid.');
  });

  it('gets 404 for a request that does not exist', async () => {
    expectError(
      await admin('POST', '/api/admin/recharge-requests/999999/done', { reference: 'R' }),
      404,
    );
    expectError(
      await admin('POST', '/api/admin/recharge-requests/0/done', { reference: 'R' }),
      400,
    );
  });
});

describe('the money', () => {
  it("is untouched: the member's savings and the trial balance stay as they were", async () => {
    const { user, token } = await newMember();
    await paidDues(token);
    const savingsBefore = await memberSavingsFils(t.db, user.id);
    expect(savingsBefore).toBe(20_000);
    const balanceBefore = (await as(token, 'GET', '/api/my-account-data')).json().myAccountData
      .account_balance;
    const booksBefore = await trialBalance(t.db);

    const done = await request(token, { ...valid, amount: 500 });
    const refused = await request(token, { ...valid, amount: 200 });
    await admin('POST', `/api/admin/recharge-requests/${done.id}/done`, { reference: 'R-1' });
    await admin('POST', `/api/admin/recharge-requests/${refused.id}/refuse`, { reason: 'No' });

    expect(await memberSavingsFils(t.db, user.id)).toBe(savingsBefore);
    expect(
      (await as(token, 'GET', '/api/my-account-data')).json().myAccountData.account_balance,
    ).toBe(balanceBefore);
    expect(await trialBalance(t.db)).toEqual(booksBefore);
    await t.expectBooksBalance();
  });
});

describe('admins deciding at once (PostgreSQL)', () => {
  it('mark the same request done: one 200, the rest 409, one notification', async () => {
    const { user, token } = await newMember();
    const created = await request(token);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        admin('POST', `/api/admin/recharge-requests/${created.id}/done`, { reference: `R-${i}` }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!.json().request.reference;
    const [row] = await t.db
      .select()
      .from(rechargeRequests)
      .where(eq(rechargeRequests.id, created.id));
    expect(row!.reference).toBe(winner);
    expect(
      await t.db.select().from(notifications).where(eq(notifications.userId, user.id)),
    ).toHaveLength(1);
  });

  it('mark done and refuse the same request: exactly one decision stands', async () => {
    const { user, token } = await newMember();
    const created = await request(token);
    const url = `/api/admin/recharge-requests/${created.id}`;
    const answers = await Promise.all([
      admin('POST', `${url}/done`, { reference: 'R' }),
      admin('POST', `${url}/refuse`, { reason: 'No' }),
      admin('POST', `${url}/done`, { reference: 'R2' }),
      admin('POST', `${url}/refuse`, { reason: 'No 2' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const decisions = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.targetType, 'recharge_request'), eq(auditLog.targetId, String(created.id))),
      );
    expect(decisions.filter((a) => a.action !== 'recharge.request')).toHaveLength(1);
    expect(
      await t.db.select().from(notifications).where(eq(notifications.userId, user.id)),
    ).toHaveLength(1);
  });
});
