import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { journalEntries } from './ledger.ts';
import { users } from './users.ts';

// A closed share-out period: the surplus of [startsOn, endsOn] the committee chose to share (the
// interest income, and the fines, other income and expenses it decided on) shared among members
// in proportion to their average savings balance over the period.
export const bonusPeriods = pgTable(
  'bonus_periods',
  {
    id: serial('id').primaryKey(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    interestFils: bigint('interest_fils', { mode: 'number' }).notNull(),
    // What else the committee chose to share (docs/domain/bonus.md): the late fines received,
    // the other income, the expenses taken off; null when it was not part of the share-out.
    finesFils: bigint('fines_fils', { mode: 'number' }),
    otherIncomeFils: bigint('other_income_fils', { mode: 'number' }),
    expensesFils: bigint('expenses_fils', { mode: 'number' }),
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
