import { sql } from 'drizzle-orm';
import { LANGUAGES } from '@jamiya/contracts/languages';
import {
  bigint,
  boolean,
  check,
  index,
  date,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

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
    // The member agreed that others may find them in the list of guarantors (GET /api/guarantors).
    findableAsGuarantor: boolean('findable_as_guarantor').notNull().default(false),
    // The day the member's salary usually comes (1-31): their dues fall due on it rather than on
    // the association's due day (docs/domain/dues.md). Null: the association's day.
    payday: smallint('payday'),
    // The day the membership ended (docs/domain/leaving.md): the account is read-only since, and
    // no due falls due after that month. Set by the exit's payout, in its transaction.
    leftOn: date('left_on', { mode: 'string' }),
    // The day an open request to leave says (docs/domain/leaving.md): no month after its month
    // falls due, is reminded or fined while the payout waits. Null without an open request.
    leavingOn: date('leaving_on', { mode: 'string' }),
    // When the member last changed their own name or mobile (docs/domain/arrears.md): the arrears
    // desk shows it beside the WhatsApp link, as a changed number may not be theirs any more.
    contactChangedAt: timestamp('contact_changed_at', { withTimezone: true }),
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
    // Member search finds a part of any of these (ILIKE '%…%'): by their trigrams (pg_trgm),
    // not by reading every member (9 ms at 5,000 members, 0.3 ms by this index). Written at
    // once, not through a pending list: 5,000 members imported left 317 pages in it, and
    // PostgreSQL read the table instead until a vacuum.
    index('users_search_trgm')
      .using(
        'gin',
        t.name.op('gin_trgm_ops'),
        t.email.op('gin_trgm_ops'),
        t.mobile.op('gin_trgm_ops'),
        t.uniqueId.op('gin_trgm_ops'),
      )
      .with({ fastupdate: false }),
    check(
      'users_language_check',
      sql.raw(`language in (${LANGUAGES.map((l) => `'${l}'`).join(', ')})`),
    ),
    check('users_payday_check', sql`${t.payday} is null or ${t.payday} between 1 and 31`),
  ],
);

// The last member number given (JM000003 is 3): counted here, in the transaction that adds the
// member, so that a rolled-back import's dry run or a refused form skips no number, as the
// users' id sequence would (docs/product.md section 3). One row.
export const memberNumbers = pgTable(
  'member_numbers',
  {
    id: integer('id').primaryKey().default(1),
    last: integer('last').notNull().default(0),
  },
  (t) => [check('member_numbers_one_row', sql`${t.id} = 1`)],
);
