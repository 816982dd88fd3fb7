import {
  bigserial,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// Idempotency-Key (issue 6): the first answer to a key is kept, so that a retried money call
// (a flaky phone connection) is answered again instead of being carried out twice.
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    // METHOD and path of the call, and a SHA-256 of its body: the same key with another
    // request is refused (422).
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    // null while the first request is still running (a replay then gets 409).
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    responseType: text('response_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('idempotency_keys_user_key').on(t.userId, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
