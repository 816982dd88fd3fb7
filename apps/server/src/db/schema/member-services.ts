import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { RECHARGE_OPERATORS, RECHARGE_STATES } from '@jamiya/contracts/values';
import type { TextValues } from '../../lib/i18n.ts';
import { files } from './files.ts';
import { journalEntries } from './ledger.ts';
import { loanInstallments } from './loans.ts';
import { users } from './users.ts';

// What members ask for beyond the spec (issue 5): notifications, reminders, messages with the
// committee, mobile recharge requests and the yearly share-out of interest income.

/** A notification's text (notifications.<text>.title and .body in its locales) and values. */
export interface NoticeParams {
  text: string;
  values: TextValues;
}

export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    // payment_approved, payment_rejected, loan_state, installment_due_soon,
    // installment_overdue, message, recharge_state, bonus, password_link
    kind: text('kind').notNull(),
    // What it says, as a text and its values (features/notifications/texts.ts): put in the
    // reader's language when it is read or mailed, never stored in one.
    params: jsonb('params').$type<NoticeParams>().notNull(),
    // A path in the member app, e.g. /user/my-loan.
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.id)],
);

// One row per reminder sent: the unique index makes "each reminder once" hold across
// processes (an insert that conflicts means another process already sent it).
export const installmentReminders = pgTable(
  'installment_reminders',
  {
    id: serial('id').primaryKey(),
    installmentId: integer('installment_id')
      .notNull()
      .references(() => loanInstallments.id),
    kind: text('kind', { enum: ['due_soon', 'overdue'] }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('installment_reminders_once').on(t.installmentId, t.kind)],
);

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

export const rechargeRequests = pgTable(
  'recharge_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    operator: text('operator', { enum: RECHARGE_OPERATORS }).notNull(),
    // Ten digits, without +91.
    number: text('number').notNull(),
    amountFils: bigint('amount_fils', { mode: 'number' }).notNull(),
    state: text('state', { enum: RECHARGE_STATES }).notNull().default('requested'),
    reference: text('reference'),
    reason: text('reason'),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('recharge_requests_user_idx').on(t.userId, t.id),
    index('recharge_requests_state_idx').on(t.state, t.id),
  ],
);

// A closed share-out period: the interest income earned in [startsOn, endsOn] shared among
// members in proportion to their average savings balance over the period.
export const bonusPeriods = pgTable(
  'bonus_periods',
  {
    id: serial('id').primaryKey(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    interestFils: bigint('interest_fils', { mode: 'number' }).notNull(),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id),
    closedBy: integer('closed_by').references(() => users.id),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Periods never overlap: each starts where no other one lies (checked by the service too).
    uniqueIndex('bonus_periods_start').on(t.startsOn),
    index('bonus_periods_end').on(t.endsOn),
  ],
);

export const bonusAllocations = pgTable(
  'bonus_allocations',
  {
    id: serial('id').primaryKey(),
    periodId: integer('period_id')
      .notNull()
      .references(() => bonusPeriods.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    // Sum over the period's days of the member's savings at the end of each day (fils x days).
    balanceDaysFils: bigint('balance_days_fils', { mode: 'number' }).notNull(),
    amountFils: bigint('amount_fils', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('bonus_allocations_once').on(t.periodId, t.userId)],
);
