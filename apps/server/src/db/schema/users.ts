import { sql } from 'drizzle-orm';
import { LANGUAGES } from '@jamiya/contracts/languages';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { APPLICATION_STATUSES } from '@jamiya/contracts/values';

export const professions = pgTable('professions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    uniqueId: text('unique_id').notNull().unique(),
    role: text('role', { enum: ['member', 'admin'] })
      .notNull()
      .default('member'),
    // An admin who is not a member has no dues, no member area and is counted as no member
    // (docs/domain/maker-checker.md). A member-role account is always a member.
    isMember: boolean('is_member').notNull().default(true),
    // 1 active, 0 inactive (docs/product.md 10.3).
    status: smallint('status').notNull().default(1),
    name: text('name').notNull(),
    email: text('email').notNull(),
    mobile: text('mobile'),
    address: text('address'),
    // Passport or national ID number, from the membership application.
    nationalId: text('national_id'),
    gender: text('gender', { enum: ['male', 'female'] }),
    professionId: integer('profession_id')
      .notNull()
      .default(1)
      .references(() => professions.id),
    wallet: text('wallet'),
    // What the member reads the app, the mails and the reminders in (POST /api/profile/language).
    language: text('language', { enum: LANGUAGES }).notNull().default('en'),
    imageFileId: uuid('image_file_id'),
    passwordHash: text('password_hash').notNull(),
    // Dues are owed from this month on (docs/product.md section 4).
    joinedOn: date('joined_on', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Raised by triggers in the transaction of any change to the member's payments, loans,
    // installments or savings postings (migration 0009): GET /api/my-account-data keeps its
    // answer while the number stays the same (features/members/account-data.ts).
    accountVersion: bigint('account_version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    check(
      'users_language_check',
      sql.raw(`language in (${LANGUAGES.map((l) => `'${l}'`).join(', ')})`),
    ),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    // SHA-256 of the opaque token; the token itself is never stored.
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

// Failed sign-ins, counted per account and per address within a window. Kept in the
// database so that several processes share the same count.
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountKey: text('account_key').notNull(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_failures_account_idx').on(t.accountKey, t.at),
    index('login_failures_ip_idx').on(t.ip, t.at),
  ],
);

// Browsers where an account signed in (decision 035): their device cookie keeps an allowance of
// failed sign-ins of its own. One row per account and browser; only the SHA-256 of the
// cookie's random token is stored.
export const signInDevices = pgTable(
  'sign_in_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignedInAt: timestamp('last_signed_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sign_in_devices_token_user_idx').on(t.tokenHash, t.userId),
    index('sign_in_devices_user_idx').on(t.userId),
  ],
);

// One-time links to set a password: an invitation (new member, new admin) or a reset.
// Only the SHA-256 of the token is stored; a link works once and until it expires.
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose', { enum: ['invite', 'reset'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id),
  },
  (t) => [index('password_tokens_user_idx').on(t.userId)],
);

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
