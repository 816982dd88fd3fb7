import { and, asc, desc, eq, gt, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Conversation, Message } from '@jamiya/contracts/messages';
import type { Db, DbOrTx } from '../../db/client.ts';
import { files } from '../../db/schema/files.ts';
import { messages, notifications } from '../../db/schema/member-services.ts';
import { users } from '../../db/schema/users.ts';
import { notFound } from '../../lib/errors.ts';
import { page } from '../../lib/pagination.ts';
import type { UploadedFile } from '../../lib/uploaded-file.ts';
import type { FileStorage } from '../files/file-storage.ts';
import { fileUrl, storeUpload, type StoredUpload } from '../files/files.ts';
import { notify } from '../notifications/notify.ts';
import { sanitizeUpload } from '../files/sanitize-upload.ts';
import { HOUR_MS, refuseBeyondRate } from '../../lib/rate-window.ts';

export const CONTACT_CHAT_LINK = '/user/contact-chat';
const PREVIEW_CHARS = 140;

/** Who writes: the member in their own conversation, or an admin for the committee. */
export type Side = 'member' | 'committee';

const viewColumns = {
  id: messages.id,
  fromCommittee: messages.fromCommittee,
  authorName: users.name,
  body: messages.body,
  attachmentFileId: messages.attachmentFileId,
  attachmentMime: files.mime,
  readAt: messages.readAt,
  createdAt: messages.createdAt,
};

type ViewRow = {
  id: number;
  fromCommittee: number;
  authorName: string;
  body: string;
  attachmentFileId: string | null;
  attachmentMime: string | null;
  readAt: Date | null;
  createdAt: Date;
};

function toMessage(row: ViewRow): Message {
  return {
    id: row.id,
    from_committee: row.fromCommittee === 1,
    author_name: row.authorName,
    body: row.body,
    attachment:
      row.attachmentFileId && row.attachmentMime
        ? { url: fileUrl(row.attachmentFileId)!, mime: row.attachmentMime }
        : null,
    created_at: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}

function selectViews(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(viewColumns)
    .from(messages)
    .innerJoin(users, eq(users.id, messages.authorId))
    .leftJoin(files, eq(files.id, messages.attachmentFileId))
    .where(where);
}

/** The member of a conversation; an unknown id is a conversation that does not exist. */
export async function findMember(db: DbOrTx, memberId: number) {
  const [member] = await db
    .select({ id: users.id, unique_id: users.uniqueId, name: users.name })
    .from(users)
    .where(eq(users.id, memberId));
  if (!member) throw notFound('There is no such member.');
  return member;
}

/**
 * One page of a conversation. Without `after`: newest first, `next_cursor` leads to older
 * messages. With `after`: the messages newer than it, oldest first, `next_cursor` is the
 * `after` of the next page — what a poll asks for.
 */
export async function threadPage(
  db: DbOrTx,
  memberId: number,
  query: { cursor: number | null; after: number | null; limit: number },
): Promise<{ items: Message[]; next_cursor: string | null }> {
  const inThread = eq(messages.memberId, memberId);
  const rows =
    query.after !== null
      ? await selectViews(db, and(inThread, gt(messages.id, query.after)))
          .orderBy(asc(messages.id))
          .limit(query.limit + 1)
      : await selectViews(
          db,
          and(inThread, query.cursor === null ? undefined : lt(messages.id, query.cursor)),
        )
          .orderBy(desc(messages.id))
          .limit(query.limit + 1);
  const { items, nextCursor } = page(rows, query.limit);
  return { items: items.map(toMessage), next_cursor: nextCursor };
}

/**
 * Refuses (429) a member's message beyond `perHour` of their own in the last hour (issue 21);
 * the committee's answers are not counted.
 */
export async function checkMessageRate(
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
    { limit: perHour, windowMs: HOUR_MS, what: 'messages an hour' },
    now,
  );
}

export interface NewMessage {
  memberId: number;
  authorId: number;
  side: Side;
  body: string;
  attachment?: UploadedFile | undefined;
}

/**
 * Writes a message, its attachment (checked and re-encoded like a receipt) and, when the
 * committee writes, the member's notification, in one transaction. The attachment's bytes
 * are stored first and removed again if the transaction fails.
 */
export async function sendMessage(
  deps: { db: Db; storage: FileStorage },
  input: NewMessage,
  now = new Date(),
): Promise<Message> {
  const { db, storage } = deps;
  const stored = input.attachment
    ? await storeUpload(
        storage,
        await sanitizeUpload(input.attachment.data),
        input.attachment.filename,
      )
    : null;
  try {
    const id = await db.transaction(async (tx) => {
      const fileId = stored ? await insertAttachmentRow(tx, input.authorId, stored) : null;
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
        await notify(tx, {
          userId: input.memberId,
          kind: 'message',
          title: 'New message from the committee',
          body: preview(input.body),
          link: CONTACT_CHAT_LINK,
        });
      }
      return row.id;
    });
    const [view] = await selectViews(db, eq(messages.id, id));
    return toMessage(view!);
  } catch (err) {
    if (stored) await storage.remove(stored.storageKey);
    throw err;
  }
}

// The uploader owns the file; the member of the conversation reads it through
// isAttachmentOfConversation (files/routes.ts).
async function insertAttachmentRow(
  tx: DbOrTx,
  ownerId: number,
  stored: StoredUpload,
): Promise<string> {
  const [row] = await tx
    .insert(files)
    .values({
      ownerId,
      purpose: 'message_attachment',
      mime: stored.upload.mime,
      ext: stored.upload.ext,
      sizeBytes: stored.upload.data.length,
      storageKey: stored.storageKey,
      originalName: stored.originalName?.slice(0, 200) ?? null,
    })
    .returning({ id: files.id });
  if (!row) throw new Error('file row was not written');
  return row.id;
}

function preview(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_CHARS ? `${flat.slice(0, PREVIEW_CHARS - 1)}…` : flat;
}

/**
 * The reader marks the other side's messages read. When the member reads, the notifications
 * that announced the committee's messages are read too: the bell should not ask again.
 */
export async function markRead(
  db: Db,
  memberId: number,
  reader: Side,
  now = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    const marked = await tx
      .update(messages)
      .set({ readAt: now })
      .where(
        and(
          eq(messages.memberId, memberId),
          eq(messages.fromCommittee, reader === 'member' ? 1 : 0),
          isNull(messages.readAt),
        ),
      )
      .returning({ id: messages.id });
    if (reader === 'member') {
      await tx
        .update(notifications)
        .set({ readAt: now })
        .where(
          and(
            eq(notifications.userId, memberId),
            eq(notifications.kind, 'message'),
            isNull(notifications.readAt),
          ),
        );
    }
    return marked.length;
  });
}

/** Conversations by newest activity; `cursor` is the last message id of the previous page. */
export async function conversationPage(
  db: DbOrTx,
  query: { cursor: number | null; limit: number },
): Promise<{ items: Conversation[]; next_cursor: string | null }> {
  const lastId = sql<number>`max(${messages.id})`.mapWith(Number);
  const rows = await db
    .select({
      memberId: messages.memberId,
      id: lastId,
      unread:
        sql<number>`count(*) filter (where ${messages.fromCommittee} = 0 and ${messages.readAt} is null)`.mapWith(
          Number,
        ),
    })
    .from(messages)
    .groupBy(messages.memberId)
    .having(query.cursor === null ? undefined : sql`max(${messages.id}) < ${query.cursor}`)
    .orderBy(desc(lastId))
    .limit(query.limit + 1);
  const { items, nextCursor } = page(rows, query.limit);
  if (items.length === 0) return { items: [], next_cursor: null };

  const lastMessages = await selectViews(
    db,
    inArray(
      messages.id,
      items.map((r) => r.id),
    ),
  );
  const members = await db
    .select({ id: users.id, unique_id: users.uniqueId, name: users.name })
    .from(users)
    .where(
      inArray(
        users.id,
        items.map((r) => r.memberId),
      ),
    );
  const messageById = new Map(lastMessages.map((m) => [m.id, toMessage(m)]));
  const memberById = new Map(members.map((m) => [m.id, m]));
  return {
    items: items.map((r) => ({
      member: memberById.get(r.memberId)!,
      last_message: messageById.get(r.id)!,
      unread_count: r.unread,
    })),
    next_cursor: nextCursor,
  };
}

/** Whether a file is attached to a message of this member's conversation. */
export async function isAttachmentOfConversation(
  db: DbOrTx,
  fileId: string,
  memberId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.attachmentFileId, fileId), eq(messages.memberId, memberId)))
    .limit(1);
  return row !== undefined;
}
