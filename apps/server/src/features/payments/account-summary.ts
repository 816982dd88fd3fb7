import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import type { DbOrTx } from '../../db/client.ts';
import type { PaymentStatus } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { localDate, periodOf } from '../../lib/calendar.ts';
import { notFound } from '../../lib/errors.ts';
import { finesFromOf, type DuesRules } from './dues-calendar.ts';
import { duesRows, type DuesMonthFigures, type DuesRow } from './months.ts';

// A member's account summary: savings, what is due, the loan balance and the dues rows, read
// in one round trip for the hot account call.

export interface AccountSummary {
  savingsFils: Fils;
  /** What is owed today and not approved: a payment under review is still due (issue 33). */
  dueBalanceFils: Fils;
  /** What the member sent that awaits review: dues of any month and loan repayments. */
  underReviewFils: Fils;
  /** This month (YYYY-MM): rows after it are months paid ahead. */
  currentPeriod: string;
  loanBalanceFils: Fils;
  monthlyDueFils: Fils;
  rows: DuesRow[];
}

const asFils = (value: string | number | null): Fils => Number(value ?? 0);

/**
 * Everything a member's account summary needs, as columns of one select over `users`
 * (correlated sub-selects, each an index lookup: see test/query-plans.test.ts), so that
 * the hot read is one round trip. The settings row is read in the same statement rather
 * than cached, so that every process sees a change of the monthly due at once.
 */
export function accountSummaryColumns(
  today: string | Placeholder,
  unlessVersion?: Placeholder,
): AccountSummaryColumns {
  // Written as SQL text with its own aliases: drizzle leaves columns inside a select
  // field's sql unqualified, which a correlated sub-select cannot have. The outer query
  // selects from "users" (alone, or joined to sessions).
  const owed = sql.raw(`i.amount_fils - i.paid_principal_fils - i.paid_interest_fils`);
  // With `unlessVersion`, the sums are left out (null) when the member's account_version is
  // that number: the caller still has them (features/members/routes.ts keeps the answer).
  const unless = <T>(figure: SQL<T>): SQL<T> =>
    unlessVersion
      ? sql<T>`case when "users"."account_version" = ${unlessVersion} then null else ${figure} end`
      : figure;
  return {
    joinedOn: users.joinedOn,
    createdAt: users.createdAt,
    payday: users.payday,
    leftOn: users.leftOn,
    leavingOn: users.leavingOn,
    monthlyDueFils: sql<
      string | number
    >`(select s.monthly_due_fils from settings s where s.id = 1)`,
    duesRules: sql<DuesRulesTuple>`(select json_build_array(s.due_day, s.reminder_days_before,
        s.grace_days, s.fine_fils, s.fine_percent, s.fines_since) from settings s where s.id = 1)`,
    savingsDebitFils: unless(sql<string | null>`(select sum(p.amount_fils) from postings p
      join ledger_accounts a on a.id = p.account_id
      where a.code = 'savings:' || "users"."id")`),
    // Everything sent and not reviewed yet, dues and repayments alike.
    underReviewFils: unless(sql<string | null>`(select sum(r.amount_fils) from payments r
      where r.user_id = "users"."id" and r.status = 'pending')`),
    // Tuples rather than objects: the smallest text to build and parse for a hot read.
    duesSubmissions: unless(sql<DuesSubmissionTuple[] | null>`(select json_agg(json_build_array(
        d.period, d.status, d.amount_fils, d.approved_amount_fils, d.review_note, d.month_due_fils)
        order by d.created_at desc, d.id desc)
      from payments d where d.user_id = "users"."id" and d.kind = 'dues')`),
    // The months the dues calendar marked: a fine, a waiver, a late salary.
    duesMonths: unless(sql<DuesMonthTuple[] | null>`(select json_agg(json_build_array(
        m.period, m.fine_fils, m.waived_fils, m.salary_late_on, m.settled_at_exit_fils))
      from dues_months m where m.user_id = "users"."id"
        and (m.fine_fils > 0 or m.salary_late_on is not null or m.settled_at_exit_fils > 0))`),
    // [outstanding, fallen due] on the active loan, in one pass over its installments.
    loanFils: unless(sql<
      [number | null, number | null] | null
    >`(select json_build_array(sum(${owed}),
        sum(${owed}) filter (where i.due_on <= ${today}))
      from loan_installments i join loans l on l.id = i.loan_id
      where l.user_id = "users"."id" and l.state = 'active')`),
  };
}

type AccountSummaryColumns = {
  joinedOn: typeof users.joinedOn;
  createdAt: typeof users.createdAt;
  payday: typeof users.payday;
  leftOn: typeof users.leftOn;
  leavingOn: typeof users.leavingOn;
  monthlyDueFils: SQL<string | number>;
  duesRules: SQL<DuesRulesTuple>;
  duesMonths: SQL<DuesMonthTuple[] | null>;
  savingsDebitFils: SQL<string | null>;
  underReviewFils: SQL<string | null>;
  duesSubmissions: SQL<DuesSubmissionTuple[] | null>;
  loanFils: SQL<[number | null, number | null] | null>;
};

type DuesSubmissionTuple = [
  period: string | null,
  status: PaymentStatus,
  amountFils: Fils,
  approvedAmountFils: Fils | null,
  reviewNote: string | null,
  monthDueFils: Fils | null,
];

type DuesRulesTuple = [
  dueDay: number,
  reminderDaysBefore: number,
  graceDays: number,
  fineFils: string | number,
  finePercent: number | null,
  finesSince: string,
];
type DuesMonthTuple = [
  period: string,
  fineFils: string | number,
  waivedFils: string | number,
  salaryLateOn: string | null,
  settledFils: string | number,
];

/** The rules of the dues calendar as the account statement reads them. */
export function duesRulesOf([
  dueDay,
  reminderDaysBefore,
  graceDays,
  fineFils,
  finePercent,
  finesSince,
]: DuesRulesTuple): DuesRules {
  return {
    dueDay,
    reminderDaysBefore,
    graceDays,
    fineFils: Number(fineFils),
    finePercent,
    finesSince,
  };
}

/** The sums of an account summary, as its statement reads them (the part worth keeping). */
export interface AccountFigures {
  savingsDebitFils: string | number | null;
  underReviewFils: string | number | null;
  duesSubmissions: DuesSubmissionTuple[] | null;
  duesMonths: DuesMonthTuple[] | null;
  loanFils: [number | null, number | null] | null;
}

interface AccountSummaryRow extends AccountFigures {
  joinedOn: string;
  createdAt: Date;
  payday: number | null;
  leftOn: string | null;
  leavingOn: string | null;
  monthlyDueFils: string | number;
  duesRules: DuesRulesTuple;
}

/** The summary from the columns of `accountSummaryColumns`. */
export function toAccountSummary(row: AccountSummaryRow, today: string): AccountSummary {
  const monthlyDueFils = asFils(row.monthlyDueFils);
  const subs = (row.duesSubmissions ?? []).map(
    ([period, status, amountFils, approvedAmountFils, reviewNote, monthDueFils]) => ({
      period,
      status,
      amountFils,
      approvedAmountFils,
      reviewNote,
      monthDueFils: monthDueFils ?? null,
    }),
  );
  const months = new Map<string, DuesMonthFigures>(
    (row.duesMonths ?? []).map(([period, fineFils, waivedFils, salaryLateOn, settledFils]) => [
      period,
      {
        fineFils: Number(fineFils),
        waivedFils: Number(waivedFils),
        salaryLateOn,
        settledFils: Number(settledFils ?? 0),
      },
    ]),
  );
  const rows = duesRows(row.joinedOn, subs, today, monthlyDueFils, {
    payday: row.payday,
    finesFrom: finesFromOf(row),
    rules: duesRulesOf(row.duesRules),
    months,
    endsOn: row.leftOn ?? row.leavingOn,
  });
  const [loanOutstandingFils, loanDueFils] = row.loanFils ?? [null, null];
  // Every month up to this one counts what is not approved, under review or not; months
  // paid ahead are not owed yet.
  const currentPeriod = periodOf(today);
  const unpaidDues = rows
    .filter((r) => r.period <= currentPeriod)
    .reduce((s, r) => s + r.remainingFils, 0);
  return {
    // 0 - x rather than -x: an empty account is 0, not -0.
    savingsFils: 0 - asFils(row.savingsDebitFils),
    dueBalanceFils: unpaidDues + asFils(loanDueFils),
    underReviewFils: asFils(row.underReviewFils),
    currentPeriod,
    loanBalanceFils: asFils(loanOutstandingFils),
    monthlyDueFils,
    rows,
  };
}

export async function accountSummary(
  db: DbOrTx,
  userId: number,
  now: Date,
): Promise<AccountSummary> {
  const today = localDate(now);
  const [row] = await db
    .select(accountSummaryColumns(today))
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw notFound();
  return toAccountSummary(row, today);
}
