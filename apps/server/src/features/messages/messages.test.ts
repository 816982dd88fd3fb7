import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Message } from '@jamiya/contracts/messages';
import {
  bearer,
  createTestApp,
  expectError,
  multipart,
  type TestApp,
  storedFileCount,
} from '../../../test/harness.ts';
import { onePagePdf } from '../../../test/support/uploads.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { renderNotice } from '../notifications/texts.ts';

type Upload = { filename: string; contentType: string; data: Buffer };

let t: TestApp;
let adminToken: string;
let adminName: string;
let photo: Buffer;

beforeAll(async () => {
  letter = await onePagePdf({ text: 'The rules' });
  t = await createTestApp();
  const admin = await t.makeUser({ role: 'admin', name: 'Treasurer Fatima' });
  adminName = admin.name;
  adminToken = await t.login(admin.email);
  // EXIF in the upload, so the stored copy can be checked for having dropped it.
  photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#d0e0f0' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'member-secret' } })
    .toBuffer();
});
afterAll(() => t.close());

async function newMember(name?: string) {
  const user = await t.makeUser(name ? { name } : {});
  return { user, token: await t.login(user.email) };
}

function send(token: string, url: string, fields: Record<string, string>, attachment?: Upload) {
  const { payload, headers } = multipart(fields, attachment ? { attachment } : {});
  return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...bearer(token) } });
}
const get = (token: string, url: string) => t.app.inject({ url, headers: bearer(token) });
const post = (token: string, url: string) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token) });

async function thread(token: string, url = '/api/messages'): Promise<Message[]> {
  const res = await get(token, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}
async function conversationOf(memberId: number): Promise<Conversation | undefined> {
  const res = await get(adminToken, '/api/admin/messages?limit=100');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as Conversation[]).find((c) => c.member.id === memberId);
}
const messageNotifications = (userId: number) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'message')));
const jpeg = (data = photo): Upload => ({ filename: 'photo.jpg', contentType: 'image/jpeg', data });
// A real one-page PDF (a stand-in of a few bytes no longer parses: every PDF is rewritten).
let letter: Buffer;
const pdf = (): Upload => ({
  filename: 'letter.pdf',
  contentType: 'application/pdf',
  data: letter,
});
const uploadsCount = () => storedFileCount(t.db);

describe('a conversation with the committee', () => {
  it('goes member → committee → member, with unread counts, read marks and a notification', async () => {
    const { user, token } = await newMember('Anil Kumar');
    expect(await thread(token)).toEqual([]);

    const first = await send(token, '/api/messages', { body: 'When is the next meeting?' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().message).toBe('Your message was sent to the committee.');
    expect(first.json().item).toMatchObject({
      from_committee: false,
      author_name: 'Anil Kumar',
      body: 'When is the next meeting?',
      attachment: null,
      read: false,
    });
    await send(token, '/api/messages', { body: '  And where?  ' });

    const listed = await conversationOf(user.id);
    expect(listed).toMatchObject({
      member: { id: user.id, name: 'Anil Kumar', unique_id: user.uniqueId },
      unread_count: 2,
      last_message: { body: 'And where?', from_committee: false },
    });
    // Writing to the committee notifies no member.
    expect(await messageNotifications(user.id)).toHaveLength(0);

    const adminView = (await get(adminToken, `/api/admin/messages/${user.id}`)).json();
    expect(adminView.member).toEqual({ id: user.id, unique_id: user.uniqueId, name: 'Anil Kumar' });
    const adminThread = adminView.items as Message[];
    expect(adminThread.map((m) => m.body)).toEqual(['And where?', 'When is the next meeting?']);
    const read = await post(adminToken, `/api/admin/messages/${user.id}/read`);
    expect(read.json()).toEqual({ marked: 2 });
    expect((await conversationOf(user.id))?.unread_count).toBe(0);
    expect((await thread(token)).every((m) => m.read)).toBe(true);

    const answer = await send(adminToken, `/api/admin/messages/${user.id}`, {
      body: 'Friday at 8 pm, in the community hall.',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().message).toBe('Your answer was sent to Anil Kumar.');
    const answered = answer.json().item as Message;
    expect(answered).toMatchObject({ from_committee: true, author_name: adminName, read: false });

    const [note] = await messageNotifications(user.id);
    expect({ ...note, ...renderNotice(note!.params, 'en') }).toMatchObject({
      title: 'New message from the committee',
      body: 'Friday at 8 pm, in the community hall.',
      link: '/user/contact-chat',
      readAt: null,
    });
    // The committee's answer is not the member's to read for the admin list.
    expect((await conversationOf(user.id))?.unread_count).toBe(0);

    // The member's poll: only what is newer than the newest message held.
    const newest = first.json().item.id as number;
    const polled = await thread(token, `/api/messages?after=${newest}`);
    expect(polled.map((m) => m.body)).toEqual([
      'And where?',
      'Friday at 8 pm, in the community hall.',
    ]);
    expect(await thread(token, `/api/messages?after=${answered.id}`)).toEqual([]);

    const memberRead = await post(token, '/api/messages/read');
    expect(memberRead.json()).toEqual({ marked: 1 });
    expect((await thread(token))[0]).toMatchObject({ id: answered.id, read: true });
    // Reading the conversation reads the notification that announced it.
    expect((await messageNotifications(user.id))[0]?.readAt).not.toBeNull();
    expect((await post(token, '/api/messages/read')).json()).toEqual({ marked: 0 });
  });

  it('pages a thread both ways and lists conversations by newest activity', async () => {
    const a = await newMember();
    const b = await newMember();
    for (let i = 1; i <= 5; i++) await send(a.token, '/api/messages', { body: `A${i}` });
    await send(b.token, '/api/messages', { body: 'B1' });

    const page1 = (await get(a.token, '/api/messages?limit=2')).json();
    expect(page1.items.map((m: Message) => m.body)).toEqual(['A5', 'A4']);
    const page2 = (await get(a.token, `/api/messages?limit=2&cursor=${page1.next_cursor}`)).json();
    expect(page2.items.map((m: Message) => m.body)).toEqual(['A3', 'A2']);
    const page3 = (await get(a.token, `/api/messages?limit=2&cursor=${page2.next_cursor}`)).json();
    expect(page3).toMatchObject({ items: [{ body: 'A1' }], next_cursor: null });

    const oldest = page3.items[0].id;
    const after1 = (await get(a.token, `/api/messages?limit=2&after=${oldest}`)).json();
    expect(after1.items.map((m: Message) => m.body)).toEqual(['A2', 'A3']);
    const after2 = (await get(a.token, `/api/messages?limit=2&after=${after1.next_cursor}`)).json();
    expect(after2).toMatchObject({ items: [{ body: 'A4' }, { body: 'A5' }], next_cursor: null });

    const first = (await get(adminToken, '/api/admin/messages?limit=1')).json();
    expect(first.items[0].member.id).toBe(b.user.id);
    const second = (
      await get(adminToken, `/api/admin/messages?limit=1&cursor=${first.next_cursor}`)
    ).json();
    expect(second.items[0]).toMatchObject({ member: { id: a.user.id }, unread_count: 5 });
    // A's new message brings A's conversation to the top.
    await send(a.token, '/api/messages', { body: 'A6' });
    const again = (await get(adminToken, '/api/admin/messages?limit=2')).json();
    expect(again.items.map((c: Conversation) => c.member.id)).toEqual([a.user.id, b.user.id]);
  });
});

describe('attachments', () => {
  it("re-encodes a member's JPEG (EXIF gone); the member and admins read it", async () => {
    const { user, token } = await newMember();
    const res = await send(token, '/api/messages', { body: 'My receipt' }, jpeg());
    expect(res.statusCode, res.body).toBe(201);
    const { attachment } = res.json().item as Message;
    expect(attachment).toMatchObject({
      mime: 'image/jpeg',
      url: expect.stringMatching(/^\/api\/files\//),
    });

    const own = await get(token, attachment!.url);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(own.rawPayload.equals(photo)).toBe(false);
    expect(own.rawPayload.includes('member-secret')).toBe(false);
    expect((await sharp(own.rawPayload).metadata()).exif).toBeUndefined();
    expect((await get(adminToken, attachment!.url)).statusCode).toBe(200);
    expect((await thread(adminToken, `/api/admin/messages/${user.id}`))[0]?.attachment).toEqual(
      attachment,
    );
  });

  it("lets the member read the committee's PDF in their conversation, and nobody else", async () => {
    const a = await newMember();
    const b = await newMember();
    const res = await send(
      adminToken,
      `/api/admin/messages/${a.user.id}`,
      { body: 'The rules' },
      pdf(),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { attachment } = res.json().item as Message;
    expect(attachment?.mime).toBe('application/pdf');

    const forA = await get(a.token, attachment!.url);
    expect(forA.statusCode).toBe(200);
    expect(forA.headers['content-type']).toBe('application/pdf');
    // The stored copy is the rewritten PDF (features/files/sanitize-pdf.ts).
    expect(forA.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // B gets what a missing file gets.
    const forB = expectError(await get(b.token, attachment!.url), 404);
    expect(forB.message).toBe('There is no such file.');
    // A's own attachment is still A's alone.
    const mine = (await send(a.token, '/api/messages', { body: 'Mine' }, jpeg())).json().item;
    expectError(await get(b.token, mine.attachment.url), 404);
  });

  it('refuses HTML named photo.jpg with 415 and a file over 10 MB with 413, keeping nothing', async () => {
    const { user, token } = await newMember();
    const before = await uploadsCount();
    const html = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');
    expectError(await send(token, '/api/messages', { body: 'See this' }, jpeg(html)), 415);
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0);
    photo.copy(big);
    expectError(await send(token, '/api/messages', { body: 'See this' }, jpeg(big)), 413);
    expectError(
      await send(adminToken, `/api/admin/messages/${user.id}`, { body: 'x' }, jpeg(html)),
      415,
    );
    expect(await thread(token)).toEqual([]);
    expect(await uploadsCount()).toBe(before);
  });
});

describe('who may read and write', () => {
  it("answers 404 for another member's thread and 404 for an unknown member", async () => {
    const a = await newMember();
    const b = await newMember();
    await send(a.token, '/api/messages', { body: 'Private to the committee' });
    // B's own thread holds nothing of A's, and nothing lets B name A's.
    expect(await thread(b.token)).toEqual([]);
    expectError(await get(b.token, `/api/admin/messages/${a.user.id}`), 403);
    expectError(await get(adminToken, '/api/admin/messages/999999'), 404);
    expectError(await send(adminToken, '/api/admin/messages/999999', { body: 'Hi' }), 404);
    expectError(await post(adminToken, '/api/admin/messages/999999/read'), 404);
    // Marking read touches only one's own conversation.
    await post(b.token, '/api/messages/read');
    expect((await conversationOf(a.user.id))?.unread_count).toBe(1);
  });

  it('refuses a visitor (401) and a member on the admin calls (403)', async () => {
    const { user, token } = await newMember();
    const memberCalls = [
      ['GET', '/api/messages'],
      ['POST', '/api/messages'],
      ['POST', '/api/messages/read'],
    ] as const;
    const adminCalls = [
      ['GET', '/api/admin/messages'],
      ['GET', `/api/admin/messages/${user.id}`],
      ['POST', `/api/admin/messages/${user.id}`],
      ['POST', `/api/admin/messages/${user.id}/read`],
    ] as const;
    for (const [method, url] of [...memberCalls, ...adminCalls]) {
      expectError(await t.app.inject({ method, url }), 401);
    }
    for (const [method, url] of adminCalls) {
      expectError(await t.app.inject({ method, url, headers: bearer(token) }), 403);
    }
  });

  it('refuses an empty, blank or too long message with 422 beside the field', async () => {
    const { user, token } = await newMember();
    const cases: Array<[Record<string, string>, string]> = [
      [{}, 'Message is required.'],
      [{ body: '   ' }, 'Message is required.'],
      [{ body: 'x'.repeat(2001) }, 'Message must be at most 2000 characters.'],
      [{ body: 'bell \u0007' }, 'Message contains characters that are not allowed.'],
    ];
    for (const [fields, reason] of cases) {
      const err = expectError(await send(token, '/api/messages', fields), 422);
      expect(err).toEqual({
        status_code: 422,
        message: 'Please check the highlighted fields.',
        errors: { body: [reason] },
      });
      expectError(await send(adminToken, `/api/admin/messages/${user.id}`, fields), 422);
    }
    const exact = await send(token, '/api/messages', { body: 'x'.repeat(2000) });
    expect(exact.statusCode).toBe(201);
    // A JSON body works too, for a client without a file.
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: bearer(token),
      payload: { body: 'Sent as JSON' },
    });
    expect(json.statusCode, json.body).toBe(201);
    expectError(await get(token, '/api/messages?cursor=abc'), 400);
    expectError(await get(token, '/api/messages?after=-1'), 400);
    expectError(await get(token, '/api/messages?limit=500'), 400);
  });
});
