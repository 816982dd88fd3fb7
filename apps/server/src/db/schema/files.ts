import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const files = pgTable('files', {
  id: uuid('id').primaryKey().defaultRandom(),
  ownerId: integer('owner_id')
    .notNull()
    .references(() => users.id),
  purpose: text('purpose', { enum: ['receipt', 'profile_photo', 'message_attachment'] }).notNull(),
  mime: text('mime').notNull(),
  ext: text('ext').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  storageKey: text('storage_key').notNull().unique(),
  originalName: text('original_name'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
