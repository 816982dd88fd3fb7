import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { LoanCharge, TextTranslations } from '@jamiya/contracts/settings';

// One row (id = 1): the association's settings. Typed columns rather than a key/value
// bag, so the database checks what it stores.
export const settings = pgTable(
  'settings',
  {
    id: integer('id').primaryKey().default(1),
    associationName: text('association_name').notNull(),
    monthlyDueFils: bigint('monthly_due_fils', { mode: 'number' }).notNull(),
    loanMinFils: bigint('loan_min_fils', { mode: 'number' }).notNull(),
    loanMaxFils: bigint('loan_max_fils', { mode: 'number' }).notNull(),
    loanStepFils: bigint('loan_step_fils', { mode: 'number' }).notNull(),
    loanDefaultFils: bigint('loan_default_fils', { mode: 'number' }).notNull(),
    loanTerms: integer('loan_terms').array().notNull(),
    loanMaxCustomTerm: integer('loan_max_custom_term').notNull(),
    interestPermille: integer('interest_permille').notNull(),
    // What the texts call the loans' charge: interest, or a service charge (docs/languages.md).
    loanCharge: text('loan_charge').$type<LoanCharge>().notNull().default('interest'),
    allowCustomTerm: boolean('allow_custom_term').notNull().default(true),
    // Who may borrow how much (docs/domain/loan-lifecycle.md, Eligibility).
    minMembershipMonths: integer('min_membership_months').notNull().default(3),
    maxMonthsInArrears: integer('max_months_in_arrears').notNull().default(0),
    savingsMultiple: integer('savings_multiple').notNull().default(3),
    // Months after a loan of theirs was written off before a member may borrow again.
    writeOffBarMonths: integer('write_off_bar_months').notNull().default(12),
    // Days an installment is late before the loan's guarantors are told.
    guarantorAlertDays: integer('guarantor_alert_days').notNull().default(30),
    // The dues calendar (docs/domain/dues.md, Payday and fines): a month's due falls due on this
    // day (a member's own payday moves it), a reminder goes this many days before (0: none), and
    // a due unpaid grace_days after its day is fined fine_fils, or fine_percent of the due when set.
    dueDay: integer('due_day').notNull().default(1),
    reminderDaysBefore: integer('reminder_days_before').notNull().default(3),
    graceDays: integer('grace_days').notNull().default(15),
    fineFils: bigint('fine_fils', { mode: 'number' }).notNull().default(1_000),
    finePercent: integer('fine_percent'),
    // Months whose fine day came before this day are never fined: turning the rules on does not
    // fine the arrears of the years before them.
    finesSince: date('fines_since', { mode: 'string' })
      .notNull()
      .default(sql`(now() at time zone 'Asia/Dubai')::date`),
    // A member who leaves is paid the estimate of their share of the open share-out period
    // (docs/domain/leaving.md); else they leave it to the others.
    shareOutAtExit: boolean('share_out_at_exit').notNull().default(false),
    // A bank line of bank charges or bank interest up to this is booked by one admin: the bank
    // has already moved that money (docs/domain/accounts.md).
    oneAdminBankFeeFils: bigint('one_admin_bank_fee_fils', { mode: 'number' })
      .notNull()
      .default(10_000),
    // The month (1–12) the association's year begins in (docs/domain/year.md).
    yearStartsMonth: integer('year_starts_month').notNull().default(1),
    termsText: text('terms_text').notNull(),
    // Mobile recharge requests: the amounts a member may ask for.
    rechargeMinFils: bigint('recharge_min_fils', { mode: 'number' }).notNull().default(1_000),
    rechargeMaxFils: bigint('recharge_max_fils', { mode: 'number' }).notNull().default(50_000),
    // Where members send the money (bank, account name, IBAN, Botim...): free text, shown
    // wherever a member pays.
    paymentInstructions: text('payment_instructions').notNull().default(''),
    // The two texts above in the other languages ({ ar: { payment_instructions, terms_text }, ...});
    // a text missing falls back to the English.
    textTranslations: jsonb('text_translations').$type<TextTranslations>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('settings_loan_charge', sql`${t.loanCharge} in ('interest', 'service_charge')`),
    check('settings_due_day', sql`${t.dueDay} between 1 and 28`),
    check('settings_year_starts_month', sql`${t.yearStartsMonth} between 1 and 12`),
    check('settings_reminder_days', sql`${t.reminderDaysBefore} between 0 and 27`),
    check('settings_grace_days', sql`${t.graceDays} between 0 and 60`),
    check('settings_fine', sql`${t.fineFils} >= 0`),
    check('settings_one_admin_bank_fee', sql`${t.oneAdminBankFeeFils} between 0 and 1000000`),
    check(
      'settings_fine_percent',
      sql`${t.finePercent} is null or ${t.finePercent} between 1 and 100`,
    ),
  ],
);
