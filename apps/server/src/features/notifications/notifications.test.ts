import sharp from 'sharp';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MONTH_NAMES } from '@jamiya/contracts/common';
import { notificationPage } from '@jamiya/contracts/notifications';
import { formatMoney } from '@jamiya/money/format';
import { bearer, expectError, multipart, useTestApp } from '../../../test/harness.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { addMonthsToDate, localDate, periodLabel } from '../../lib/calendar.ts';
import { applyForLoan } from '../loans/apply.ts';
import { withdrawLoan } from '../loans/decisions.ts';
import { notify } from './notify.ts';
import { renderNotice } from './texts.ts';
import { formatDay, formatMonth } from '@jamiya/money/dates';
import { written } from '../../../test/support/notices.ts';

const t = useTestApp();
let adminToken: string;

beforeAll(async () => {
  // Cash for the loans this file pays out (cash never goes below zero).
  await t.fundCash(10_000_000);
  const admin = await t.makeUser({ role: 'admin' });
  adminToken = await t.login(admin.email);
});

// Amounts as the texts write them (Intl puts a no-break space after AED).
const aed = (fils: number) => formatMoney(fils, 'en');
const today = () => localDate(new Date());
const thisMonth = () => MONTH_NAMES[Number(today().slice(5, 7)) - 1]!;

async function newMember() {
  const user = await t.makeUser({ joinedOn: `${today().slice(0, 7)}-01` });
  return { user, token: await t.login(user.email) };
}

async function submitDues(token: string, amount = '200') {
  const receipt = await sharp({
    create: { width: 40, height: 30, channels: 3, background: '#fff' },
  })
    .jpeg()
    .toBuffer();
  const form = multipart(
    { payment_amount: amount, month: thisMonth(), account_number: 'AE0703312345' },
    { photo: { filename: 'r.jpg', contentType: 'image/jpeg', data: receipt } },
  );
  const res = await t.postForm('/api/save-monthly-payment', token, form);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payment.id as number;
}

const asAdmin = async (url: string, payload?: object) => {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: bearer(adminToken),
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

async function list(token: string, query = '') {
  const res = await t.app.inject({ url: `/api/notifications${query}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return notificationPage.parse(res.json());
}

/** A member's notifications, newest first, with their title and body in English. */
const rowsOf = async (userId: number) =>
  (
    await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.id))
  ).map((row) => ({ ...row, ...renderNotice(row.params, 'en') }));

function application(amountFils = 100_000) {
  return {
    loanType: 'personal',
    amountFils,
    termMonths: 3,
    includeInsurance: false,
    bankAccount: 'AE07 0331',
    passportOrNid: 'P1234567',
  };
}

describe('receipts', () => {
  it('an approved receipt tells the member, with the month and the amount', async () => {
    const { user, token } = await newMember();
    const id = await submitDues(token);
    expect(await rowsOf(user.id)).toHaveLength(0);
    await asAdmin(`/api/admin/payments/${id}/approve`, { amount: '150' });
    const [n] = await rowsOf(user.id);
    const month = periodLabel(today().slice(0, 7));
    expect(n).toMatchObject({
      kind: 'payment_approved',
      title: `Your due for ${month} is approved`,
      link: '/user/monthly-pay',
      readAt: null,
      emailedAt: null,
    });
    expect(n!.body).toContain(`${aed(15000)} is added to your savings`);
    expect(n!.body).toContain(`you entered ${aed(20000)}`);
    await t.expectBooksBalance();
  });

  it('a rejected receipt tells the member why', async () => {
    const { user, token } = await newMember();
    const id = await submitDues(token);
    await asAdmin(`/api/admin/payments/${id}/reject`, {
      reason: 'The receipt is for another account',
    });
    const [n] = await rowsOf(user.id);
    expect(n).toMatchObject({ kind: 'payment_rejected', link: '/user/monthly-pay' });
    expect(n!.body).toBe(
      `Please send the receipt for ${periodLabel(today().slice(0, 7))} again. Reason: The receipt is for another account`,
    );
  });
});

describe('loans', () => {
  it('each change of state the committee makes tells the member', async () => {
    const { user } = await newMember();
    const loan = await applyForLoan(t.db, user.id, application(), new Date());
    expect(await rowsOf(user.id)).toHaveLength(0);

    await asAdmin(`/api/admin/loans/${loan.id}/approve`, { reason: 'Welcome aboard' });
    let [n] = await rowsOf(user.id);
    expect(n).toMatchObject({
      kind: 'loan_state',
      title: 'Your loan is approved',
      link: '/user/my-loan',
    });
    expect(n!.body).toBe(
      `Your loan of ${aed(100000)} is approved and will be paid out soon. Note from the committee: Welcome aboard`,
    );

    await asAdmin(`/api/admin/loans/${loan.id}/disburse`);
    [n] = await rowsOf(user.id);
    expect(n!.title).toBe('Your loan is paid out');
    expect(n!.body).toBe(
      `${aed(100000)} is paid out to you. You repay ${aed(107000)} in 3 monthly installments; ` +
        `the first is due on ${formatDay(addMonthsToDate(today(), 1))}.`,
    );

    await asAdmin(`/api/admin/loans/${loan.id}/repayments`, { amount: '1070' });
    [n] = await rowsOf(user.id);
    expect(n).toMatchObject({ kind: 'loan_state', title: 'Your loan is repaid' });
    expect(await rowsOf(user.id)).toHaveLength(3);
    await t.expectBooksBalance();
  });

  it('a rejection and a write-off carry the reason', async () => {
    const { user } = await newMember();
    const first = await applyForLoan(t.db, user.id, application(), new Date());
    await asAdmin(`/api/admin/loans/${first.id}/reject`, { reason: 'Savings too recent.' });
    let [n] = await rowsOf(user.id);
    expect(n).toMatchObject({ title: 'Your loan application was not approved' });
    expect(n!.body).toBe(
      `Your application for ${aed(100000)} was not approved. Reason: Savings too recent.`,
    );

    const second = await applyForLoan(t.db, user.id, application(50_000), new Date());
    await asAdmin(`/api/admin/loans/${second.id}/approve`);
    await asAdmin(`/api/admin/loans/${second.id}/disburse`);
    await asAdmin(`/api/admin/loans/${second.id}/write-off`, { reason: 'Left the country' });
    [n] = await rowsOf(user.id);
    expect(n).toMatchObject({ title: 'Your loan was written off' });
    expect(n!.body).toContain('Reason: Left the country');
    // approval without a note says nothing about a note
    const approved = (await rowsOf(user.id)).find((r) => r.title === 'Your loan is approved');
    expect(approved!.body).toBe(
      `Your loan of ${aed(50000)} is approved and will be paid out soon.`,
    );
    await t.expectBooksBalance();
  });

  it('the member’s own withdrawal tells nobody', async () => {
    const { user } = await newMember();
    const loan = await applyForLoan(t.db, user.id, application(), new Date());
    await withdrawLoan(t.db, loan.id, user.id, null, new Date());
    expect(await rowsOf(user.id)).toHaveLength(0);
  });
});

describe('in the reader’s language', () => {
  async function listIn(token: string, headers: Record<string, string>) {
    const res = await t.app.inject({
      url: '/api/notifications',
      headers: { ...bearer(token), ...headers },
    });
    expect(res.statusCode, res.body).toBe(200);
    return notificationPage.parse(res.json()).items;
  }
  const shared = (n: { whatsapp_url: string }) =>
    decodeURIComponent(n.whatsapp_url.slice('https://wa.me/?text='.length));

  it('writes one stored notification in Hindi, in Urdu or in English, as each reader asks', async () => {
    const { user, token } = await newMember();
    const loan = await applyForLoan(t.db, user.id, application(), new Date());
    await asAdmin(`/api/admin/loans/${loan.id}/reject`, { reason: 'Savings too recent.' });
    expect(await rowsOf(user.id)).toHaveLength(1);

    const [hi] = await listIn(token, { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' });
    expect(hi).toMatchObject({
      title: 'आपका लोन आवेदन नामंज़ूर हो गया',
      body: `${formatMoney(100000, 'hi')} के लिए आपका आवेदन नामंज़ूर हो गया। कारण: Savings too recent.`,
    });
    // The WhatsApp text too, with the full link.
    expect(shared(hi!)).toBe(`${hi!.title}\n${hi!.body}\nhttp://jamiya.test/user/my-loan`);

    const [ur] = await listIn(token, { 'accept-language': 'ur' });
    expect(ur).toMatchObject({
      id: hi!.id,
      title: 'آپ کی قرض کی درخواست مسترد ہو گئی',
      body: `${formatMoney(100000, 'ur')} کے لیے آپ کی درخواست مسترد ہو گئی۔ وجہ: Savings too recent.`,
    });
    expect(shared(ur!)).toContain('آپ کی قرض کی درخواست مسترد ہو گئی');

    // The same row for an English reader, and for one whose kept choice (the cookie) is Urdu.
    const [en] = await listIn(token, { 'accept-language': 'en-GB' });
    expect(en).toMatchObject({
      id: hi!.id,
      title: 'Your loan application was not approved',
      body: `Your application for ${aed(100000)} was not approved. Reason: Savings too recent.`,
    });
    const [kept] = await listIn(token, { cookie: 'lang=ur', 'accept-language': 'hi' });
    expect(kept!.title).toBe(ur!.title);

    // Marking it read answers in the reader's language as well.
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${hi!.id}/read`,
      headers: { ...bearer(token), 'accept-language': 'hi' },
    });
    expect(read.json().notification).toMatchObject({ title: hi!.title, body: hi!.body });
  });

  it('shows the reason the treasurer typed as typed, in every language', async () => {
    const { user, token } = await newMember();
    const id = await submitDues(token);
    const reason = 'Receipt is for {amount}, not 200 — रसीद धुंधली है';
    await asAdmin(`/api/admin/payments/${id}/reject`, { reason });
    const month = today().slice(0, 7);
    for (const language of ['en', 'ar', 'hi', 'ur', 'bn', 'ml'] as const) {
      const [n] = await listIn(token, { 'accept-language': language });
      expect(n!.body.endsWith(`: ${reason}`), `${language}: ${n!.body}`).toBe(true);
      expect(n!.title, language).toContain(formatMonth(month, language));
    }
    const [ml] = await listIn(token, { 'accept-language': 'ml' });
    expect(ml!.body).toBe(
      `${formatMonth(month, 'ml')} മാസത്തെ രസീത് ദയവായി വീണ്ടും അയയ്ക്കുക. കാരണം: ${reason}`,
    );
    expect((await rowsOf(user.id))[0]!.params.values).toMatchObject({ reason });
  });

  it('stores typed text with half a surrogate pair, which jsonb refuses, as the text column did', async () => {
    const { user } = await newMember();
    await notify(t.db, written(user.id, 'Hello \ud83d', 'x \udc4b y'));
    const [n] = await rowsOf(user.id);
    expect(n).toMatchObject({ title: 'Hello \ufffd', body: 'x \ufffd y' });
  });
});

describe('the member’s notifications', () => {
  it('lists them newest first, pages them and counts the unread', async () => {
    const { user, token } = await newMember();
    for (let i = 1; i <= 5; i++) {
      await notify(
        t.db,
        written(user.id, `Title ${i}`, `Body ${i}`, {
          kind: 'message',
          link: i === 5 ? '/user/contact-chat' : null,
        }),
      );
    }
    const first = await list(token, '?limit=3');
    expect(first.items.map((n) => n.title)).toEqual(['Title 5', 'Title 4', 'Title 3']);
    expect(first.unread).toBe(5);
    expect(first.items[0]).toMatchObject({
      kind: 'message',
      body: 'Body 5',
      link: '/user/contact-chat',
      read: false,
      whatsapp_url: `https://wa.me/?text=${encodeURIComponent('Title 5\nBody 5\nhttp://jamiya.test/user/contact-chat')}`,
    });
    expect(first.items[1]!.whatsapp_url).toBe(
      `https://wa.me/?text=${encodeURIComponent('Title 4\nBody 4')}`,
    );
    expect(new Date(first.items[0]!.created_at).toISOString()).toBe(first.items[0]!.created_at);
    const second = await list(token, `?limit=3&cursor=${first.next_cursor}`);
    expect(second.items.map((n) => n.title)).toEqual(['Title 2', 'Title 1']);
    expect(second.next_cursor).toBeNull();

    // Written later about something that happened earlier (the demo data's history): it
    // takes its place by when it happened.
    await notify(t.db, written(user.id, 'Long ago', 'x', { at: new Date('2025-01-01T00:00:00Z') }));
    const byTime = await list(token, '?limit=4');
    expect(byTime.items.map((n) => n.title)).toEqual(['Title 5', 'Title 4', 'Title 3', 'Title 2']);
    const rest = await list(token, `?limit=4&cursor=${byTime.next_cursor}`);
    expect(rest.items.map((n) => n.title)).toEqual(['Title 1', 'Long ago']);
    expect(rest.items[1]!.created_at).toBe('2025-01-01T00:00:00.000Z');

    const count = await t.app.inject({
      url: '/api/notifications/unread-count',
      headers: bearer(token),
    });
    expect(count.json()).toEqual({ unread: 6 });
  });

  it('marks one read, then all', async () => {
    const { user, token } = await newMember();
    for (const title of ['A', 'B', 'C']) await notify(t.db, written(user.id, title));
    const { items } = await list(token);
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${items[1]!.id}/read`,
      headers: bearer(token),
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ notification: { title: 'B', read: true }, unread: 2 });
    const [b] = await t.db.select().from(notifications).where(eq(notifications.id, items[1]!.id));
    // Reading it again keeps the first time it was read.
    await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${items[1]!.id}/read`,
      headers: bearer(token),
    });
    const [again] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, items[1]!.id));
    expect(again!.readAt).toEqual(b!.readAt);
    expect((await list(token)).items.map((n) => n.read)).toEqual([false, true, false]);

    const all = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: bearer(token),
    });
    expect(all.json()).toEqual({ message: 'All notifications are marked as read.', unread: 0 });
    const after = await list(token);
    expect(after.unread).toBe(0);
    expect(after.items.every((n) => n.read)).toBe(true);
  });

  it('marks read the ones the page shows, and no other (issue 33)', async () => {
    const { user, token } = await newMember();
    for (const title of ['A', 'B', 'C', 'D']) await notify(t.db, written(user.id, title));
    const { items } = await list(token, '?limit=2');
    expect(items.map((n) => n.title)).toEqual(['D', 'C']);
    const shown = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: bearer(token),
      payload: { ids: items.map((n) => n.id) },
    });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toEqual({ unread: 2 });
    expect((await list(token)).items.map((n) => [n.title, n.read])).toEqual([
      ['D', true],
      ['C', true],
      ['B', false],
      ['A', false],
    ]);
    // Read again, it keeps the first time it was read.
    const [before] = await rowsOf(user.id);
    await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: bearer(token),
      payload: { ids: [items[0]!.id] },
    });
    const [after] = await rowsOf(user.id);
    expect(after!.readAt).toEqual(before!.readAt);
  });

  it('leaves another member’s notifications unread, and refuses a list it cannot read', async () => {
    const amina = await newMember();
    const rahul = await newMember();
    await notify(t.db, written(amina.user.id, 'Hers'));
    await notify(t.db, written(rahul.user.id, 'His'));
    const [hers] = await rowsOf(amina.user.id);
    const [his] = await rowsOf(rahul.user.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: bearer(rahul.token),
      payload: { ids: [hers!.id, his!.id] },
    });
    expect(res.json()).toEqual({ unread: 0 });
    expect((await rowsOf(amina.user.id))[0]!.readAt).toBeNull();
    for (const payload of [
      {},
      { ids: [] },
      { ids: ['x'] },
      { ids: [0] },
      { ids: Array(101).fill(1) },
    ])
      expectError(
        await t.app.inject({
          method: 'POST',
          url: '/api/notifications/read',
          headers: bearer(rahul.token),
          payload,
        }),
        422,
      );
  });

  it('shows a member only their own: another member’s id is not found', async () => {
    const amina = await newMember();
    const rahul = await newMember();
    await notify(t.db, written(amina.user.id, 'Hers'));
    const [hers] = await rowsOf(amina.user.id);
    expect((await list(rahul.token)).items).toEqual([]);
    expectError(
      await t.app.inject({
        method: 'POST',
        url: `/api/notifications/${hers!.id}/read`,
        headers: bearer(rahul.token),
      }),
      404,
    );
    await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: bearer(rahul.token),
    });
    expect((await rowsOf(amina.user.id))[0]!.readAt).toBeNull();
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/notifications/99999999/read',
        headers: bearer(rahul.token),
      }),
      404,
    );
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/notifications/abc/read',
        headers: bearer(rahul.token),
      }),
      400,
    );
    expectError(
      await t.app.inject({ url: '/api/notifications?cursor=x', headers: bearer(rahul.token) }),
      400,
    );
  });

  it('asks a visitor to sign in', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['POST', '/api/notifications/1/read'],
      ['POST', '/api/notifications/read-all'],
      ['POST', '/api/notifications/read'],
    ] as const) {
      expectError(await t.app.inject({ method, url }), 401);
    }
  });
});
