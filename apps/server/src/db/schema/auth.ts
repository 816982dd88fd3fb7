import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  serial,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

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

// A link to set a password that no mail carried, kept for the admins who issued it (the
// proposer and the confirmer of a two-admin link, or of an import) to hand over until it is
// used or expires. Sealed (AES-256-GCM) with the server's key (SECRET_KEY), never in the clear.
export const handoverLinks = pgTable(
  'handover_links',
  {
    tokenId: uuid('token_id')
      .primaryKey()
      .references(() => passwordTokens.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    importId: integer('import_id'),
    sealed: text('sealed').notNull(),
    proposedBy: integer('proposed_by')
      .notNull()
      .references(() => users.id),
    confirmedBy: integer('confirmed_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('handover_links_user_idx').on(t.userId),
    index('handover_links_import_idx').on(t.importId),
  ],
);

// A member's passkeys (decision 064): the public key of each, and the count its authenticator
// keeps. A passkey whose count went backwards was copied: it is suspended, never used again.
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    credentialId: text('credential_id').notNull().unique(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

// The challenge of each passkey ceremony, for 60 s: taken once (deleted as it is used), so a
// response sent again finds none.
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose', { enum: ['registration', 'authentication'] }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('passkey_challenges_expires_idx').on(t.expiresAt)],
);
