import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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
    // A loan brought in from the association's books (features/imports): the interest repaid on
    // it before, which the opening entry holds in opening equity, not in interest income. Null
    // for a loan made in the app.
    openingInterestPaidFils: bigint('opening_interest_paid_fils', { mode: 'number' }),
    // The part of the loan above the member's free savings when they applied: what accepted
    // guarantees must cover before the loan is approved (docs/domain/guarantors.md).
    guaranteeNeededFils: bigint('guarantee_needed_fils', { mode: 'number' }).notNull().default(0),
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

// One row per reminder sent: the unique index makes "each reminder once" hold across
// processes (an insert that conflicts means another process already sent it).
export const installmentReminders = pgTable(
  'installment_reminders',
  {
    id: serial('id').primaryKey(),
    installmentId: integer('installment_id')
      .notNull()
      .references(() => loanInstallments.id),
    // 'guarantors': the loan's guarantors were told the installment is late (once each).
    kind: text('kind', { enum: ['due_soon', 'overdue', 'guarantors'] }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('installment_reminders_once').on(t.installmentId, t.kind)],
);

export const GUARANTEE_STATES = ['asked', 'accepted', 'declined', 'cancelled', 'released'] as const;

// A member standing guarantor for part of another's loan. An accepted guarantee holds part of
// the guarantor's savings: its amount times what the loan still owes over its total (derived,
// features/loans/holds.ts), until the loan ends and the guarantee is released.
export const loanGuarantees = pgTable(
  'loan_guarantees',
  {
    id: serial('id').primaryKey(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id),
    guarantorId: integer('guarantor_id')
      .notNull()
      .references(() => users.id),
    amountFils: bigint('amount_fils', { mode: 'number' }).notNull(),
    state: text('state', { enum: GUARANTEE_STATES }).notNull().default('asked'),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    // Taken from the guarantor's savings when the loan was written off with recovery.
    recoveredFils: bigint('recovered_fils', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    unique('loan_guarantees_once').on(t.loanId, t.guarantorId),
    index('loan_guarantees_guarantor_idx').on(t.guarantorId),
    check('loan_guarantees_amount', sql`${t.amountFils} > 0`),
    check(
      'loan_guarantees_state',
      sql`${t.state} in ('asked', 'accepted', 'declined', 'cancelled', 'released')`,
    ),
  ],
);
