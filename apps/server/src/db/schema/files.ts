import {
  bigint,
  bigserial,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// node-postgres reads a bytea as a Buffer, and so does PGlite as openPglite sets it up (Node's
// hex codec, db/client.ts); a PGlite opened otherwise gives a Uint8Array, made a Buffer here.
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength)),
});

export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose', {
      enum: ['receipt', 'profile_photo', 'message_attachment', 'journal_evidence'],
    }).notNull(),
    mime: text('mime').notNull(),
    ext: text('ext').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    originalName: text('original_name'),
    // For possible duplicate receipts: SHA-256 of the bytes as sent (before re-encoding), and a
    // 64-bit perceptual hash of the decoded picture (images only).
    originalSha256: text('original_sha256'),
    pictureHash: bigint('picture_hash', { mode: 'bigint' }),
    // Its 96 × 96 grey grid, which tells receipts of one template apart (picture-hash.ts).
    pictureGrid: bytea('picture_grid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('files_original_sha256_idx').on(t.originalSha256),
    // A member's uploads of the last hour and day (features/files/upload-quota.ts).
    index('files_owner_created_idx').on(t.ownerId, t.createdAt),
  ],
);

// The bytes of each file, beside its row and written in the row's transaction (decision 032).
// Apart from `files`, so that the lists and quotas that read `files` never carry them.
export const fileContents = pgTable('file_contents', {
  storageKey: text('storage_key')
    .primaryKey()
    .references(() => files.storageKey, { onDelete: 'cascade' }),
  data: bytea('data').notNull(),
});

// Every upload a member sends, kept or refused, at the size it was sent: the upload quota
// counts these (features/files/upload-quota.ts, decision 034). A row older than a day counts
// for nothing and is deleted at the member's next upload.
export const uploadAttempts = pgTable(
  'upload_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('upload_attempts_owner_created_idx').on(t.ownerId, t.createdAt)],
);
