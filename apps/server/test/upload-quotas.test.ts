// Issue 21, point 1: a member's uploads are bounded per hour (count), per day and in all
// (bytes); messages and recharge requests have a rate of their own. The limits are set low
// here through the test config; the refused request stores nothing.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { files, uploadAttempts } from '../src/db/schema/files.ts';
import { messages } from '../src/db/schema/messages.ts';
import { rechargeRequests } from '../src/db/schema/recharge.ts';
import { payments } from '../src/db/schema/payments.ts';
import { localDate } from '../src/lib/calendar.ts';
import {
  bearer,
  useTestApp,
  expectError,
  multipart,
  thisMonthName,
  storedFileCount,
} from './harness.ts';
import { onePagePdf } from './support/uploads.ts';

const LIMITS = {
  uploadsPerHour: 3,
  uploadBytesPerDay: 10_000,
  uploadBytesTotal: 25_000,
  messagesPerHour: 6,
  rechargeRequestsPerDay: 3,
};

const t = useTestApp(LIMITS);
let adminToken: string;

beforeAll(async () => {
  const admin = await t.makeUser({ role: 'admin' });
  adminToken = await t.login(admin.email);
});

async function newMember() {
  const user = await t.makeUser({ joinedOn: `${localDate(new Date()).slice(0, 7)}-01` });
  return { id: user.id, token: await t.login(user.email) };
}
type Member = Awaited<ReturnType<typeof newMember>>;

// A one-page PDF of exactly `size` bytes as sent. The stored copy is rewritten (smaller), so
// the tests that count bytes set the stored size of what was accepted (`sendSized`).
const pdf = (size: number) => onePagePdf({ size });
const file = (data: Buffer) => ({ filename: 'receipt.pdf', contentType: 'application/pdf', data });

function post(token: string, url: string, fields: Record<string, string>, files = {}) {
  const form = multipart(fields, files);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), ...form.headers },
    payload: form.payload,
  });
}
const sendMessage = (m: Member, body: string, attachment?: Buffer) =>
  post(m.token, '/api/messages', { body }, attachment ? { attachment: file(attachment) } : {});

async function accepted(res: Awaited<ReturnType<typeof post>>, status = 201) {
  expect(res.statusCode, res.body).toBe(status);
}

const fileRows = async (ownerId: number) =>
  (await t.db.select({ n: count() }).from(files).where(eq(files.ownerId, ownerId)))[0]!.n;
const storedObjects = () => storedFileCount(t.db);
const messageRows = async (memberId: number) =>
  (await t.db.select({ n: count() }).from(messages).where(eq(messages.memberId, memberId)))[0]!.n;

/** Moves a member's rows back in time, as if they had been sent `ms` earlier. */
async function age(table: 'files' | 'messages' | 'recharges', userId: number, ms: number) {
  const by = sql`make_interval(secs => ${ms / 1000})`;
  if (table === 'files') {
    await t.db
      .update(files)
      .set({ createdAt: sql`${files.createdAt} - ${by}` })
      .where(eq(files.ownerId, userId));
    // The quota counts the hour and the day from the uploads as sent.
    await t.db
      .update(uploadAttempts)
      .set({ createdAt: sql`${uploadAttempts.createdAt} - ${by}` })
      .where(eq(uploadAttempts.ownerId, userId));
  } else if (table === 'messages') {
    await t.db
      .update(messages)
      .set({ createdAt: sql`${messages.createdAt} - ${by}` })
      .where(eq(messages.authorId, userId));
  } else {
    await t.db
      .update(rechargeRequests)
      .set({ createdAt: sql`${rechargeRequests.createdAt} - ${by}` })
      .where(eq(rechargeRequests.userId, userId));
  }
}
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

describe('uploads per hour', () => {
  it('refuses the upload after the limit with 429, stores nothing, and lets it again an hour later', async () => {
    const m = await newMember();
    for (let i = 0; i < LIMITS.uploadsPerHour; i++) {
      await accepted(await sendMessage(m, `Receipt ${i}`, await pdf(1000)));
    }
    const objects = await storedObjects();
    const refused = expectError(await sendMessage(m, 'One more', await pdf(1000)), 429);
    expect(refused.message).toMatch(/at most 3 files an hour/);
    expect(refused.message).toMatch(/try again in (about )?an hour/i);
    expect(await fileRows(m.id)).toBe(LIMITS.uploadsPerHour);
    expect(await messageRows(m.id)).toBe(LIMITS.uploadsPerHour);
    expect(await storedObjects()).toBe(objects);

    // Another member is not affected.
    const other = await newMember();
    await accepted(await sendMessage(other, 'Mine', await pdf(1000)));

    // A message without a file still goes.
    await accepted(await sendMessage(m, 'Just words'));

    await age('files', m.id, HOUR + 60_000);
    await accepted(await sendMessage(m, 'An hour later', await pdf(1000)));
    expect(await fileRows(m.id)).toBe(LIMITS.uploadsPerHour + 1);
  });

  it('says when the next upload is possible from the oldest upload of the hour', async () => {
    const m = await newMember();
    await accepted(await sendMessage(m, 'First', await pdf(1000)));
    await age('files', m.id, 40 * 60_000);
    await accepted(await sendMessage(m, 'Second', await pdf(1000)));
    await accepted(await sendMessage(m, 'Third', await pdf(1000)));
    const refused = expectError(await sendMessage(m, 'Fourth', await pdf(1000)), 429);
    expect(refused.message).toMatch(/try again in 20 minutes/);
  });

  it('covers every upload: receipts, loan repayments, profile photos and message attachments', async () => {
    const m = await newMember();
    for (let i = 0; i < LIMITS.uploadsPerHour; i++) {
      await accepted(await sendMessage(m, `Receipt ${i}`, await pdf(1000)));
    }
    const objects = await storedObjects();
    expectError(
      await post(
        m.token,
        '/api/save-monthly-payment',
        { payment_amount: '200', month: thisMonthName(), account_number: 'AE07' },
        { photo: file(await pdf(1000)) },
      ),
      429,
    );
    expectError(
      await post(
        m.token,
        '/api/my-loans/1/repayments',
        { payment_amount: '100' },
        { photo: file(await pdf(1000)) },
      ),
      429,
    );
    expectError(
      await post(
        m.token,
        '/api/profile/update',
        { name: 'New Name', wallet: '0' },
        { image: { filename: 'me.jpg', contentType: 'image/jpeg', data: await pdf(1000) } },
      ),
      429,
    );
    expect(await fileRows(m.id)).toBe(LIMITS.uploadsPerHour);
    expect(await storedObjects()).toBe(objects);
    const [paid] = await t.db
      .select({ n: count() })
      .from(payments)
      .where(eq(payments.userId, m.id));
    expect(paid!.n).toBe(0);
  });

  it('answers a replay of an accepted receipt from its Idempotency-Key, not with 429', async () => {
    const m = await newMember();
    const form = multipart(
      { payment_amount: '200', month: thisMonthName(), account_number: 'AE07' },
      { photo: file(await pdf(1000)) },
    );
    const pay = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/save-monthly-payment',
        headers: { ...bearer(m.token), ...form.headers, 'idempotency-key': `quota-${m.id}` },
        payload: form.payload,
      });
    await accepted(await pay(), 200);
    for (let i = 1; i < LIMITS.uploadsPerHour; i++) {
      await accepted(await sendMessage(m, `Receipt ${i}`, await pdf(1000)));
    }
    const replay = await pay();
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await fileRows(m.id)).toBe(LIMITS.uploadsPerHour);
  });

  it('holds when the uploads arrive all at once', async () => {
    const m = await newMember();
    const letter = await pdf(1000);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => sendMessage(m, `At once ${i}`, letter)),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 429, 429, 429]);
    expect(await fileRows(m.id)).toBe(LIMITS.uploadsPerHour);
  });
});

/** Sends a file of `size` bytes and records it as stored at that size. */
async function sendSized(m: Member, size: number) {
  await accepted(await sendMessage(m, `${size} bytes`, await pdf(size)));
  const [latest] = await t.db
    .select({ id: files.id })
    .from(files)
    .where(eq(files.ownerId, m.id))
    .orderBy(desc(files.createdAt))
    .limit(1);
  await t.db.update(files).set({ sizeBytes: size }).where(eq(files.id, latest!.id));
}

describe('upload bytes', () => {
  it('refuses a file that would pass the daily bytes with 413, and lets it again the next day', async () => {
    const m = await newMember();
    await sendSized(m, 6000);
    const objects = await storedObjects();
    const refused = expectError(await sendMessage(m, 'Too much', await pdf(5000)), 413);
    expect(refused.message).toMatch(/files a day/);
    expect(refused.message).toMatch(/try again in (about )?24 hours/);
    expect(await fileRows(m.id)).toBe(1);
    expect(await storedObjects()).toBe(objects);

    // A smaller one still fits in the day.
    await sendSized(m, 3000);

    const other = await newMember();
    await sendSized(other, 6000);

    await age('files', m.id, DAY + 60_000);
    await sendSized(m, 6000);
  });

  it('refuses a file larger than a whole day allows without asking to wait', async () => {
    const m = await newMember();
    const refused = expectError(
      await sendMessage(m, 'Huge', await pdf(LIMITS.uploadBytesPerDay + 1)),
      413,
    );
    expect(refused.message).not.toMatch(/try again/);
    expect(refused.message).toMatch(/smaller file/);
  });

  it('refuses a file that would pass the total with 413 whatever the day', async () => {
    const m = await newMember();
    for (const size of [9000, 9000, 7000]) {
      await sendSized(m, size); // 25,000 bytes in all
      await age('files', m.id, 2 * DAY);
    }
    const objects = await storedObjects();
    const refused = expectError(await sendMessage(m, 'Over', await pdf(1000)), 413);
    expect(refused.message).toMatch(/in all/);
    expect(refused.message).toMatch(/committee/);
    expect(await fileRows(m.id)).toBe(3);
    expect(await storedObjects()).toBe(objects);
  });
});

describe('messages per hour', () => {
  it('refuses the message after the limit with 429 and lets it again an hour later', async () => {
    const m = await newMember();
    for (let i = 0; i < LIMITS.messagesPerHour; i++) {
      await accepted(await sendMessage(m, `Hello ${i}`));
    }
    const refused = expectError(await sendMessage(m, 'Once more'), 429);
    expect(refused.message).toMatch(/at most 6 messages an hour/);
    expect(refused.message).toMatch(/try again in/i);
    expect(await messageRows(m.id)).toBe(LIMITS.messagesPerHour);

    // The committee can still answer, and another member can still write.
    const reply = await post(adminToken, `/api/admin/messages/${m.id}`, { body: 'We read you' });
    await accepted(reply);
    await accepted(await sendMessage(await newMember(), 'Hello'));

    await age('messages', m.id, HOUR + 60_000);
    await accepted(await sendMessage(m, 'An hour later'));
  });
});

describe('recharge requests per day', () => {
  const ask = (m: Member) =>
    t.app.inject({
      method: 'POST',
      url: '/api/recharge-requests',
      headers: bearer(m.token),
      payload: { operator: 'jio', number: '9876543210', amount: 50 },
    });
  const requestRows = async (userId: number) =>
    (
      await t.db
        .select({ n: count() })
        .from(rechargeRequests)
        .where(and(eq(rechargeRequests.userId, userId)))
    )[0]!.n;

  it('refuses the request after the limit with 429 and lets it again the next day', async () => {
    const m = await newMember();
    for (let i = 0; i < LIMITS.rechargeRequestsPerDay; i++) await accepted(await ask(m));
    const refused = expectError(await ask(m), 429);
    expect(refused.message).toMatch(/at most 3 recharge requests a day/);
    expect(refused.message).toMatch(/try again in/i);
    expect(await requestRows(m.id)).toBe(LIMITS.rechargeRequestsPerDay);

    await accepted(await ask(await newMember()));

    await age('recharges', m.id, DAY + 60_000);
    await accepted(await ask(m));
  });
});
