import { and, desc, eq, gt } from 'drizzle-orm';
import { messageText, type Message } from '@jamiya/contracts/messages';
import type { Db, DbOrTx } from '../../db/client.ts';
import { messages } from '../../db/schema/messages.ts';
import { HOUR_MS, lockMemberCount, refuseBeyondRate } from '../../db/rate-window.ts';
import { unprocessable } from '../../lib/errors.ts';
import type { UploadedFile } from '../../lib/uploaded-file.ts';
import { type FileStorage, checkedUpload, insertFileRow } from '../files/public.ts';
import { notify, messageNotice } from '../notifications/public.ts';
import type { MemberRef } from '../users/public.ts';
import { selectViews, toMessage } from './message-views.ts';
import { findMember, type Side } from './thread.ts';

// Writing a message: the member's hourly limit, the attachment, and the member's notification
// when the committee writes.

export const CONTACT_CHAT_LINK = '/user/contact-chat';
const PREVIEW_CHARS = 140;

/**
 * Refuses (429) a member's message beyond `perHour` of their own in the last hour (issue 21);
 * the committee's answers are not counted.
 */
async function checkMessageRate(
  db: DbOrTx,
  memberId: number,
  perHour: number,
  now = new Date(),
): Promise<void> {
  const newest = await db
    .select({ createdAt: messages.createdAt })
    .from(messages)
    .where(
      and(
        eq(messages.memberId, memberId),
        eq(messages.fromCommittee, 0),
        gt(messages.createdAt, new Date(now.getTime() - HOUR_MS)),
      ),
    )
    .orderBy(desc(messages.createdAt))
    .limit(perHour);
  refuseBeyondRate(
    newest.map((r) => r.createdAt),
    { limit: perHour, windowMs: HOUR_MS, what: 'messages' },
    now,
  );
}

export interface NewMessage {
  memberId: number;
  authorId: number;
  side: Side;
  body: string;
  attachment?: UploadedFile | undefined;
  /** The member's messages an hour, checked as the message is written (their own only). */
  perHour?: number | undefined;
}

/**
 * Writes a message, its attachment (checked and re-encoded like a receipt) and, when the
 * committee writes, the member's notification, in one transaction. The uploader owns the
 * attachment; the member of the conversation reads it through isAttachmentOfConversation.
 */
export async function sendMessage(
  deps: { db: Db; storage: FileStorage },
  input: NewMessage,
  now = new Date(),
): Promise<Message> {
  const { db, storage } = deps;
  const attachment = input.attachment ? await checkedUpload(storage, input.attachment) : null;
  const id = await db.transaction(async (tx) => {
    if (input.perHour !== undefined) {
      // Under the lock on the member's count: requests at once, to any process, one by one.
      await lockMemberCount(tx, 'messages', input.memberId);
      await checkMessageRate(tx, input.memberId, input.perHour, now);
    }
    const fileId = attachment
      ? (await insertFileRow(tx, input.authorId, 'message_attachment', attachment)).id
      : null;
    const [row] = await tx
      .insert(messages)
      .values({
        memberId: input.memberId,
        authorId: input.authorId,
        fromCommittee: input.side === 'committee' ? 1 : 0,
        body: input.body,
        attachmentFileId: fileId,
        createdAt: now,
      })
      .returning({ id: messages.id });
    if (!row) throw new Error('message was not written');
    if (input.side === 'committee') {
      await notify(tx, messageNotice(input.memberId, preview(input.body), CONTACT_CHAT_LINK));
    }
    return row.id;
  });
  const [view] = await selectViews(db, eq(messages.id, id));
  return toMessage(view!);
}

/** The text of a message as sent in a form field, or a refusal (422) saying what is wrong. */
function messageBodyOf(value: unknown): string {
  const parsed = messageText.safeParse(value);
  if (parsed.success) return parsed.data;
  const reasons = parsed.error.issues.map((i) => i.message);
  throw unprocessable(/*i18n*/ 'Please check the highlighted fields.', { body: reasons });
}

/**
 * A member writes to the committee: the text is checked, then the hourly limit, before the
 * attachment is looked at; the limit is counted again, exactly, as the message is written.
 */
export async function sendMemberMessage(
  deps: { db: Db; storage: FileStorage },
  input: {
    memberId: number;
    body: unknown;
    attachment?: UploadedFile | undefined;
    perHour: number;
  },
): Promise<Message> {
  const body = messageBodyOf(input.body);
  await checkMessageRate(deps.db, input.memberId, input.perHour);
  return sendMessage(deps, {
    memberId: input.memberId,
    authorId: input.memberId,
    side: 'member',
    body,
    attachment: input.attachment,
    perHour: input.perHour,
  });
}

/** An admin answers a member for the committee: an unknown member (404) before the text (422). */
export async function sendCommitteeAnswer(
  deps: { db: Db; storage: FileStorage },
  input: {
    memberId: number;
    authorId: number;
    body: unknown;
    attachment?: UploadedFile | undefined;
  },
): Promise<{ member: MemberRef; item: Message }> {
  const member = await findMember(deps.db, input.memberId);
  const body = messageBodyOf(input.body);
  const item = await sendMessage(deps, {
    memberId: member.id,
    authorId: input.authorId,
    side: 'committee',
    body,
    attachment: input.attachment,
  });
  return { member, item };
}

function preview(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_CHARS ? `${flat.slice(0, PREVIEW_CHARS - 1)}…` : flat;
}
