import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Language } from '@jamiya/contracts/languages';
import type { Notification, NotificationKind } from '@jamiya/contracts/notifications';
import { amongIds, type DbOrTx } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { notFound } from '../../lib/errors.ts';
import { page } from '../../lib/pagination.ts';
import { renderNotice } from './texts.ts';

// A member's own notifications: every query is scoped by user_id, so another member's id
// reads as "not found".

type Row = typeof notifications.$inferSelect;

/** The text a member forwards: title, body and the full link, one per line. */
export function shareText(
  notice: { title: string; body: string; link: string | null },
  publicUrl: string,
): string {
  return [notice.title, notice.body, notice.link ? `${publicUrl}${notice.link}` : null]
    .filter(Boolean)
    .join('\n');
}

/** A notification as its member reads it: in the reader's language, whatever it was then. */
function toNotificationView(row: Row, publicUrl: string, language: Language): Notification {
  const { title, body } = renderNotice(row.params, language);
  return {
    id: row.id,
    kind: row.kind as Notification['kind'],
    title,
    body,
    link: row.link,
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
    whatsapp_url: `https://wa.me/?text=${encodeURIComponent(shareText({ title, body, link: row.link }, publicUrl))}`,
  };
}

export async function unreadCount(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/**
 * Newest first (by when it happened, then by id); `cursor` is the id of the last one seen.
 * Fetches one more than `limit` to know whether more exist.
 */
function notificationsOf(
  db: DbOrTx,
  userId: number,
  cursor: number | null,
  limit: number,
): Promise<Row[]> {
  const after =
    cursor === null
      ? undefined
      : sql`(${notifications.createdAt}, ${notifications.id}) < (select n.created_at, n.id from ${notifications} n where n.id = ${cursor} and n.user_id = ${userId})`;
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), after))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit + 1);
}

/** One page of a member's notifications in `language`, and how many are unread. */
export async function notificationPageOf(
  db: DbOrTx,
  userId: number,
  query: { cursor: number | null; limit: number },
  view: { publicUrl: string; language: Language },
): Promise<{ items: Notification[]; next_cursor: string | null; unread: number }> {
  const rows = await notificationsOf(db, userId, query.cursor, query.limit);
  const { items, nextCursor } = page(rows, query.limit);
  return {
    items: items.map((n) => toNotificationView(n, view.publicUrl, view.language)),
    next_cursor: nextCursor,
    unread: await unreadCount(db, userId),
  };
}

/** Marks one read and answers it in `language`, with how many stay unread. */
export async function markReadAnswer(
  db: DbOrTx,
  userId: number,
  id: number,
  now: Date,
  view: { publicUrl: string; language: Language },
): Promise<{ notification: Notification; unread: number }> {
  const row = await markRead(db, userId, id, now);
  return {
    notification: toNotificationView(row, view.publicUrl, view.language),
    unread: await unreadCount(db, userId),
  };
}

/** Marks one read (keeping the first time it was read). */
export async function markRead(db: DbOrTx, userId: number, id: number, now: Date): Promise<Row> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  if (!row) throw notFound(/*i18n*/ 'There is no such notification.');
  return row;
}

/** Marks the user's unread notifications read: those `which` picks, or all. */
async function markUnreadRead(db: DbOrTx, userId: number, now: Date, which?: SQL): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), which, isNull(notifications.readAt)));
}

/** Marks read those of `ids` that are the member's (keeping the first time each was read). */
export const markShownRead = (db: DbOrTx, userId: number, ids: readonly number[], now: Date) =>
  markUnreadRead(db, userId, now, inArray(notifications.id, [...ids]));

/** Marks read those of `ids` that are the member's, and answers how many stay unread. */
export async function markShownReadAnswer(
  db: DbOrTx,
  userId: number,
  ids: readonly number[],
  now: Date,
): Promise<{ unread: number }> {
  await markShownRead(db, userId, ids, now);
  return { unread: await unreadCount(db, userId) };
}

/** Marks a user's unread notifications of one kind read (a conversation read, say). */
export const markKindRead = (db: DbOrTx, userId: number, kind: NotificationKind, now: Date) =>
  markUnreadRead(db, userId, now, eq(notifications.kind, kind));

export const markAllRead = (db: DbOrTx, userId: number, now: Date) =>
  markUnreadRead(db, userId, now);

/**
 * When each of `userIds` was last told of a kind among `kinds` (the arrears desk's last
 * reminder): the members of one page, by their index, not every reminder ever sent.
 */
export async function lastNoticeAt(
  db: DbOrTx,
  kinds: readonly NotificationKind[],
  userIds: readonly number[],
): Promise<Map<number, Date>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: notifications.userId, at: sql<Date>`max(${notifications.createdAt})` })
    .from(notifications)
    .where(and(amongIds(notifications.userId, userIds), inArray(notifications.kind, [...kinds])))
    .groupBy(notifications.userId);
  return new Map(rows.map((r) => [r.userId, new Date(r.at)]));
}
