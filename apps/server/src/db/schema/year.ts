import { bigint, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { journalEntries } from './ledger.ts';
import { users } from './users.ts';

// The association's years (docs/domain/year.md), named by the calendar year they end in: the
// arrears' review before the close, and the close while it stands. A reopened year's row loses
// its close (the journal keeps the closing entry and its reversal, the audit log the reason).
export const bookYears = pgTable(
  'book_years',
  {
    year: integer('year').primaryKey(),
    // Its months, YYYY-MM, as they were when the row was written (the settings may change later).
    firstMonth: text('first_month').notNull(),
    lastMonth: text('last_month').notNull(),
    arrearsReviewedBy: integer('arrears_reviewed_by').references(() => users.id),
    arrearsReviewedAt: timestamp('arrears_reviewed_at', { withTimezone: true }),
    closedBy: integer('closed_by').references(() => users.id),
    // Who proposed the close; closedBy confirmed it (null when one admin acted alone).
    closeProposedBy: integer('close_proposed_by').references(() => users.id),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    // Null in a closed year that had no income or expense to move.
    closingEntryId: bigint('closing_entry_id', { mode: 'number' }).references(
      () => journalEntries.id,
    ),
    surplusFils: bigint('surplus_fils', { mode: 'number' }),
  },
  (t) => [
    check(
      'book_years_closed',
      sql`(${t.closedAt} is null) = (${t.closedBy} is null) and (${t.closedAt} is null) = (${t.surplusFils} is null)`,
    ),
  ],
);
