import { sql } from 'drizzle-orm';
import { LANGUAGES } from '@jamiya/contracts/languages';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { APPLICATION_STATUSES } from '@jamiya/contracts/values';
import { users } from './users.ts';

// Join Now: a visitor asks to become a member; an admin accepts (which creates the member)
// or rejects with a reason.
export const membershipApplications = pgTable(
  'membership_applications',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    mobile: text('mobile').notNull(),
    nationalId: text('national_id').notNull(),
    address: text('address').notNull(),
    status: text('status', { enum: APPLICATION_STATUSES }).notNull().default('pending'),
    reason: text('reason'),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    memberId: integer('member_id').references(() => users.id),
    // The language of the Join page: the invitation, once accepted, is in it.
    language: text('language', { enum: LANGUAGES }).notNull().default('en'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('membership_applications_status_idx').on(t.status, t.id),
    // One open application per email.
    uniqueIndex('membership_applications_one_pending')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.status} = 'pending'`),
  ],
);
