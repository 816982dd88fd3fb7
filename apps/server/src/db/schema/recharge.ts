import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { RECHARGE_OPERATORS, RECHARGE_STATES } from '@jamiya/contracts/values';
import { users } from './users.ts';

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
