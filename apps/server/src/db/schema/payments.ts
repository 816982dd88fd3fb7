import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PAYMENT_STATUSES, type PaymentStatus } from '@jamiya/contracts/values';
import { files } from './files.ts';
import { loans } from './loans.ts';
import { users } from './users.ts';

export type { PaymentStatus };

// What a member submits from the Monthly Payment modal (kind 'dues', with a receipt) or
// towards their loan (kind 'loan_repayment', with a receipt; the spec's amount-only call
// leaves it without). Nothing moves in
// the books until an admin approves it.
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['dues', 'loan_repayment'] }).notNull(),
    // 'YYYY-MM' for dues; null for a loan repayment.
    period: text('period'),
    loanId: integer('loan_id').references(() => loans.id),
    amountFils: bigint('amount_fils', { mode: 'number' }).notNull(),
    approvedAmountFils: bigint('approved_amount_fils', { mode: 'number' }),
    // For approved dues: the monthly due when the month's first payment was approved. A month
    // keeps that due, so a later change of the setting applies to unpaid months only.
    monthDueFils: bigint('month_due_fils', { mode: 'number' }),
    accountNumber: text('account_number'),
    // What the member copied from the transfer's receipt, to find it in the bank statement.
    transferDate: date('transfer_date', { mode: 'string' }),
    bankReference: text('bank_reference'),
    receiptFileId: uuid('receipt_file_id').references(() => files.id),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    // A month marked paid by an import (features/imports): approved with no receipt and no
    // journal entry of its own, the member's savings coming in with the opening entry.
    carriedOver: boolean('carried_over').notNull().default(false),
    reviewNote: text('review_note'),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One receipt under review per month at a time; a month may have several approved part
    // payments, up to its due (checked by submitDues and approvePayment).
    uniqueIndex('payments_one_pending_per_period')
      .on(t.userId, t.period)
      .where(sql`${t.kind} = 'dues' and ${t.status} = 'pending'`),
    index('payments_user_idx').on(t.userId, t.id),
    index('payments_status_idx').on(t.status, t.id),
  ],
);

// What the dues calendar did to a member's month (docs/domain/dues.md, Payday and fines): a
// row once anything happened (a reminder, a "my salary is late", a fine). Each happens at most
// once a month: the job sets a column only where it is null, so two processes never remind or
// fine twice.
export const duesMonths = pgTable(
  'dues_months',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    period: text('period').notNull(),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    // The day the member said their salary was late: the fine waits grace days from it.
    salaryLateOn: date('salary_late_on', { mode: 'string' }),
    fineFils: bigint('fine_fils', { mode: 'number' }).notNull().default(0),
    finedAt: timestamp('fined_at', { withTimezone: true }),
    // The journal entries (kind 'fine', 'fine_waiver'); the ledger's table refers to payments,
    // so no foreign key the other way.
    fineEntryId: bigint('fine_entry_id', { mode: 'number' }),
    waivedFils: bigint('waived_fils', { mode: 'number' }).notNull().default(0),
    waivedAt: timestamp('waived_at', { withTimezone: true }),
    waivedBy: integer('waived_by').references(() => users.id),
    waiveReason: text('waive_reason'),
    waiverEntryId: bigint('waiver_entry_id', { mode: 'number' }),
    // What the member's exit settled of the month (docs/domain/leaving.md): its fine, paid from
    // the savings, and what was left of its due, closed. Counted as paid.
    settledAtExitFils: bigint('settled_at_exit_fils', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.period] }),
    check('dues_months_fine', sql`${t.fineFils} >= 0 and ${t.waivedFils} between 0 and ${t.fineFils}`),
  ],
);
export type DuesMonth = typeof duesMonths.$inferSelect;

// The members whose dues changed since the dues job last looked (docs/domain/dues.md, The
// job): filled by triggers on payments, users, dues_months and settings (migration 0033), a
// null user_id for everyone; the job takes what is here each minute, so a minute with nothing
// to do costs one statement. Rows are only added and taken, never updated: no writer waits.
export const duesJobInbox = pgTable('dues_job_inbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id'),
});

// Each active member behind on their dues, as the arrears desk lists them (dues-standing.ts):
// worked out for every member at once when a month begins (or the rules change), then only for
// the members dues_standing_inbox names (its triggers, migration 0035), so that the desk reads
// what changed instead of every member's every month. No row: not behind.
export const duesStanding = pgTable('dues_standing', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  months: integer('months').notNull(),
  owedFils: bigint('owed_fils', { mode: 'number' }).notNull(),
  oldestPeriod: text('oldest_period').notNull(),
});

// The month dues_standing was worked out for (one row): another month, everyone again.
export const duesStandingMonth = pgTable('dues_standing_month', {
  id: integer('id').primaryKey().default(1),
  month: text('month').notNull(),
});

// The members whose dues changed since dues_standing last looked; a null user_id: everyone.
export const duesStandingInbox = pgTable('dues_standing_inbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id'),
});
