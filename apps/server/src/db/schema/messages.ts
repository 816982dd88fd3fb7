import { bigserial, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { files } from './files.ts';
import { users } from './users.ts';

// A conversation per member with the committee: author is the member or an admin.
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => users.id),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    fromCommittee: integer('from_committee').notNull().default(0),
    body: text('body').notNull(),
    attachmentFileId: uuid('attachment_file_id').references(() => files.id),
    // Read by the other side: the member reads the committee's, the committee the member's.
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('messages_member_idx').on(t.memberId, t.id)],
);
