import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PROPOSAL_ACTIONS } from '@jamiya/contracts/proposals';
import { loans } from './loans.ts';
import { users } from './users.ts';

export type ProposalAction = (typeof PROPOSAL_ACTIONS)[number];

// Maker-checker (after Apache Fineract): money leaving the fund, and whatever could stand in
// for it (docs/domain/maker-checker.md), with two or more active admins, is proposed by one and
// carried out when a different admin repeats the call.
export const fundProposals = pgTable(
  'fund_proposals',
  {
    id: serial('id').primaryKey(),
    action: text('action', { enum: PROPOSAL_ACTIONS }).notNull(),
    // The loan for loan actions; null for a share-out.
    loanId: integer('loan_id').references(() => loans.id),
    // The account a member action is about (a status change, a password link).
    memberId: integer('member_id').references(() => users.id),
    // Another thing an action is about, as 'kind:id' (a bank line to assign).
    subject: text('subject'),
    // What the proposer asked for (a write-off's reason, a share-out's dates).
    reason: text('reason'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    state: text('state', { enum: ['open', 'done', 'withdrawn'] })
      .notNull()
      .default('open'),
    proposedBy: integer('proposed_by')
      .notNull()
      .references(() => users.id),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull(),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    // One open proposal per action and target (a share-out has one open proposal at a time).
    uniqueIndex('fund_proposals_one_open')
      .on(
        t.action,
        sql`coalesce(${t.loanId}, 0)`,
        sql`coalesce(${t.memberId}, 0)`,
        sql`coalesce(${t.subject}, '')`,
      )
      .where(sql`${t.state} = 'open'`),
  ],
);
