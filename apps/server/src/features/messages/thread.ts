import { and, asc, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type { Message, messagesQuery } from '@jamiya/contracts/messages';
import type { Db, DbOrTx } from '../../db/client.ts';
import { messages } from '../../db/schema/messages.ts';
import { markKindRead } from '../notifications/public.ts';
import { notFound } from '../../lib/errors.ts';
import { page, parseCursor } from '../../lib/pagination.ts';
import { memberRefsById, type MemberRef } from '../users/public.ts';
import { selectViews, toMessage } from './message-views.ts';

// One member's conversation with the committee: reading it page by page, marking it read,
// and whose attachments it holds.

/** Who writes: the member in their own conversation, or an admin for the committee. */
export type Side = 'member' | 'committee';

/** The member of a conversation; an unknown id is a conversation that does not exist. */
export async function findMember(db: DbOrTx, memberId: number): Promise<MemberRef> {
  const member = (await memberRefsById(db, [memberId])).get(memberId);
  if (!member) throw notFound(/*i18n*/ 'There is no such member.');
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

/** The page a conversation's query asks for; a cursor we did not give out is refused (400). */
export function threadQuery(query: z.infer<typeof messagesQuery>) {
  return {
    cursor: parseCursor(query.cursor),
    after: parseCursor(query.after),
    limit: query.limit,
  };
}

/**
 * A member's conversation as the committee reads it: who the member is, and one page. An
 * unknown member (404) is refused before a cursor that is not valid (400).
 */
export async function memberThreadPage(
  db: DbOrTx,
  memberId: number,
  query: z.infer<typeof messagesQuery>,
): Promise<{ member: MemberRef; items: Message[]; next_cursor: string | null }> {
  const member = await findMember(db, memberId);
  return { member, ...(await threadPage(db, member.id, threadQuery(query))) };
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
      await markKindRead(tx, memberId, 'message', now);
    }
    return marked.length;
  });
}

/** The committee marks a member's messages read; an unknown member is refused (404). */
export async function markMemberRead(db: Db, memberId: number): Promise<number> {
  const member = await findMember(db, memberId);
  return markRead(db, member.id, 'committee');
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
