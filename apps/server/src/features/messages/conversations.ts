import { desc, inArray, sql } from 'drizzle-orm';
import type { Conversation } from '@jamiya/contracts/messages';
import type { DbOrTx } from '../../db/client.ts';
import { messages } from '../../db/schema/messages.ts';
import { page } from '../../lib/pagination.ts';
import { memberRefsById } from '../users/public.ts';
import { selectViews, toMessage } from './message-views.ts';

// The committee's list of conversations, the one with the newest message first.

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
  const memberById = await memberRefsById(
    db,
    items.map((r) => r.memberId),
  );
  const messageById = new Map(lastMessages.map((m) => [m.id, toMessage(m)]));
  return {
    items: items.map((r) => ({
      member: memberById.get(r.memberId)!,
      last_message: messageById.get(r.id)!,
      unread_count: r.unread,
    })),
    next_cursor: nextCursor,
  };
}
