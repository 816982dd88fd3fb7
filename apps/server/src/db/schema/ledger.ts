import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
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
import { ENTRY_KINDS } from '@jamiya/contracts/values';
import { CORRECTION_REASONS } from '@jamiya/contracts/values';
import { files } from './files.ts';
import { loans } from './loans.ts';
import { payments } from './payments.ts';
import { users } from './users.ts';

export const ACCOUNT_TYPES = ['asset', 'liability', 'equity', 'income', 'expense'] as const;

// Chart of accounts (docs/domain/accounts.md). Shared accounts have a fixed code ('cash',
// 'interest_income', 'bank_charges'...); each member has a savings account and each loan a
// receivable account. The association names its own income and expense accounts, in English
// (`name`) and Arabic; an account is retired, never deleted, once it has postings.
export const ledgerAccounts = pgTable('ledger_accounts', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  type: text('type', { enum: ACCOUNT_TYPES }).notNull(),
  name: text('name').notNull(),
  nameAr: text('name_ar'),
  userId: integer('user_id').references(() => users.id),
  loanId: integer('loan_id').references(() => loans.id),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

export const journalEntries = pgTable(
  'journal_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: ENTRY_KINDS }).notNull(),
    memo: text('memo').notNull(),
    // When the movement happened in the world; createdAt is when it was recorded.
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id),
    reversesEntryId: bigint('reverses_entry_id', { mode: 'number' }),
    paymentId: integer('payment_id').references(() => payments.id),
    loanId: integer('loan_id').references(() => loans.id),
    // Two admins' entries: who proposed it (createdBy confirmed it); null when one admin acted.
    proposedBy: integer('proposed_by').references(() => users.id),
    // A correction's reason, which the member reads in their language; the memo says the rest.
    reasonCode: text('reason_code', { enum: CORRECTION_REASONS }),
    // The receipt of an entry made by hand.
    evidenceFileId: uuid('evidence_file_id').references(() => files.id),
    // A year's closing period ('2026-12+close', after its last month and before the next): set
    // on its closing entry and that entry's reversal only, which are dated at the next year's
    // first moment. The month totals keep them under this key (docs/domain/year.md).
    closingPeriod: text('closing_period'),
  },
  (t) => [
    check(
      'journal_entries_closing_period',
      sql`${t.closingPeriod} is null or (${t.kind} in ('closing', 'reversal') and ${t.closingPeriod} ~ '^[0-9]{4}-(0[1-9]|1[0-2])[+]close$')`,
    ),
    index('journal_entries_occurred_idx').on(t.occurredAt),
    // When the books came in (began.ts): the first opening entry, found without a scan.
    index('journal_entries_opening_idx')
      .on(t.occurredAt)
      .where(sql`${t.kind} = 'opening'`),
    // An entry is reversed at most once.
    uniqueIndex('journal_entries_reversed_once')
      .on(t.reversesEntryId)
      .where(sql`${t.reversesEntryId} is not null`),
  ],
);

/** What an entry records: a receipt, a loan's payout, a correction... */
export type EntryKind = (typeof journalEntries.$inferSelect)['kind'];

// Debits are positive, credits negative; the postings of an entry sum to zero.
export const postings = pgTable(
  'postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amountFils: bigint('amount_fils', { mode: 'number' }).notNull(),
  },
  (t) => [index('postings_account_idx').on(t.accountId), index('postings_entry_idx').on(t.entryId)],
);

// The sum of the postings of each month (Dubai's) by class of account: every member's
// savings together ('savings'), every loan receivable together ('loans'), and each shared
// account by its code. Kept by postEntry/reverseEntry in the same transaction as the
// postings, so that the overview's totals and 12-month history need not read every posting
// ever made; ledgerConsistencyProblems proves it agrees with the postings. Debits and credits
// apart (credits as a positive sum) give the trial balance its columns.
export const ledgerMonthTotals = pgTable(
  'ledger_month_totals',
  {
    month: text('month').notNull(),
    accountClass: text('account_class').notNull(),
    totalFils: bigint('total_fils', { mode: 'number' }).notNull(),
    debitsFils: bigint('debits_fils', { mode: 'number' }).notNull().default(0),
    creditsFils: bigint('credits_fils', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.accountClass] }),
    check('ledger_month_totals_sum', sql`${t.totalFils} = ${t.debitsFils} - ${t.creditsFils}`),
  ],
);

// A month of the books (Dubai's, 'YYYY-MM') that two admins locked once books and bank agreed:
// nothing is posted with a date in it any more, and a late correction is a reversal dated in
// an open month (docs/domain/year.md). A lock is never lifted.
export const monthLocks = pgTable(
  'month_locks',
  {
    month: text('month').primaryKey(),
    lockedBy: integer('locked_by')
      .notNull()
      .references(() => users.id),
    // Who proposed it; lockedBy confirmed it (null when one active admin acted alone).
    proposedBy: integer('proposed_by').references(() => users.id),
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('month_locks_month', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`)],
);

/**
 * The movements of cash no bank line holds: written with the entry (postEntries), taken out and
 * put back by bank_lines' triggers as lines are linked, unlinked or removed (migration 0041).
 * The reconciliation reads those of its days, not every entry. Not the opening entry nor a
 * reversal; an entry reversed stays (it was in the books until its correction).
 */
export const cashNotInBank = pgTable(
  'cash_not_in_bank',
  {
    entryId: bigint('entry_id', { mode: 'number' })
      .primaryKey()
      .references(() => journalEntries.id),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('cash_not_in_bank_occurred_idx').on(t.occurredAt, t.entryId)],
);
