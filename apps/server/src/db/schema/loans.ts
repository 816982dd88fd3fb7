import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { PROPOSAL_ACTIONS } from '@jamiya/contracts/proposals';
import { LOAN_STATES, type LoanState } from '@jamiya/contracts/values';
import { users } from './users.ts';

export type { LoanState };

export const loans = pgTable(
  'loans',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    loanType: text('loan_type').notNull(),
    amountFils: bigint('amount_fils', { mode: 'number' }).notNull(),
    termMonths: integer('term_months').notNull(),
    interestPermille: integer('interest_permille').notNull(),
    totalFils: bigint('total_fils', { mode: 'number' }).notNull(),
    perMonthFils: bigint('per_month_fils', { mode: 'number' }).notNull(),
    includeInsurance: boolean('include_insurance').notNull().default(false),
    bankAccount: text('bank_account').notNull(),
    passportOrNid: text('passport_or_nid').notNull(),
    state: text('state', { enum: LOAN_STATES }).notNull().default('pending'),
    disbursedOn: date('disbursed_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open loan per member, enforced by the database as well as the service.
    uniqueIndex('loans_one_open_per_member')
      .on(t.userId)
      .where(sql`${t.state} in ('pending', 'approved', 'active')`),
    index('loans_user_idx').on(t.userId),
  ],
);

export const loanInstallments = pgTable(
  'loan_installments',
  {
    id: serial('id').primaryKey(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id),
    number: integer('number').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    amountFils: bigint('amount_fils', { mode: 'number' }).notNull(),
    principalFils: bigint('principal_fils', { mode: 'number' }).notNull(),
    interestFils: bigint('interest_fils', { mode: 'number' }).notNull(),
    // Cached from the repayment postings; checkLedgerConsistency proves they agree.
    paidPrincipalFils: bigint('paid_principal_fils', { mode: 'number' }).notNull().default(0),
    paidInterestFils: bigint('paid_interest_fils', { mode: 'number' }).notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [unique('loan_installments_loan_number').on(t.loanId, t.number)],
);

export const loanTransitions = pgTable(
  'loan_transitions',
  {
    id: serial('id').primaryKey(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id),
    fromState: text('from_state', { enum: LOAN_STATES }),
    toState: text('to_state', { enum: LOAN_STATES }).notNull(),
    actorId: integer('actor_id').references(() => users.id),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('loan_transitions_loan_idx').on(t.loanId)],
);

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
      .on(t.action, sql`coalesce(${t.loanId}, 0)`, sql`coalesce(${t.memberId}, 0)`)
      .where(sql`${t.state} = 'open'`),
  ],
);
