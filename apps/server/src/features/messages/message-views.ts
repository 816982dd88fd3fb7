import { eq, type SQL } from 'drizzle-orm';
import type { Message } from '@jamiya/contracts/messages';
import type { DbOrTx } from '../../db/client.ts';
import { messages } from '../../db/schema/messages.ts';
import { users } from '../../db/schema/users.ts';
import { fileTypes, fileUrl } from '../files/public.ts';

// A message as both sides read it: its author's name and its attachment's link.

const viewColumns = {
  id: messages.id,
  fromCommittee: messages.fromCommittee,
  authorName: users.name,
  body: messages.body,
  attachmentFileId: messages.attachmentFileId,
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

export function toMessage(row: ViewRow): Message {
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

export function selectViews(db: DbOrTx, where: SQL | undefined) {
  const attachment = fileTypes(db);
  return db
    .select({ ...viewColumns, attachmentMime: attachment.mime })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.authorId))
    .leftJoin(attachment, eq(attachment.id, messages.attachmentFileId))
    .where(where);
}
