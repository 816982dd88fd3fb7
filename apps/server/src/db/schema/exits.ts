import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { EXIT_STATES } from '@jamiya/contracts/exits';
import { users } from './users.ts';

// Leaving the association (docs/domain/leaving.md): a member's request (or the committee's),
// then what the payout settled. One open exit (requested or holding) per member.
export const exits = pgTable(
  'exits',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    state: text('state', { enum: EXIT_STATES }).notNull().default('requested'),
    leaveOn: date('leave_on', { mode: 'string' }).notNull(),
    payTo: text('pay_to').notNull(),
    // Who asked: the member themself, or an admin ending the membership with a reason.
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id),
    reason: text('reason'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    // What the first payout settled, as the clearance letter says it.
    savingsFils: bigint('savings_fils', { mode: 'number' }),
    shareOutFils: bigint('share_out_fils', { mode: 'number' }),
    loanRepaidFils: bigint('loan_repaid_fils', { mode: 'number' }),
    finesPaidFils: bigint('fines_paid_fils', { mode: 'number' }),
    duesClosedFils: bigint('dues_closed_fils', { mode: 'number' }),
    paidOutFils: bigint('paid_out_fils', { mode: 'number' }).notNull().default(0),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    index('exits_user_idx').on(t.userId, t.id),
    uniqueIndex('exits_one_open')
      .on(t.userId)
      .where(sql`${t.state} in ('requested', 'holding')`),
    check('exits_paid_out', sql`${t.paidOutFils} >= 0`),
  ],
);
export type Exit = typeof exits.$inferSelect;
