import { eq, min, sql } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { loanInstallments, loans } from '../../db/schema/loans.ts';
import { addDaysToDate } from '../../lib/calendar.ts';
import { classBalancesAtEndOf } from '../ledger/public.ts';
import { installmentLeft } from './installments.ts';
import { fallenDueUnpaid } from './lookup.ts';

// What the arrears desk asks of loans (docs/domain/arrears.md): the portfolio at risk on a day,
// and each member's installments fallen due and unpaid.

export interface PortfolioAtRisk {
  /** Principal outstanding on the loans at the end of the day. */
  outstandingFils: Fils;
  /** Of it, on loans with an installment more than 30 (90) days late that day. */
  atRisk30Fils: Fils;
  atRisk90Fils: Fils;
}

/**
 * The portfolio at risk at the end of each of `days` (Dubai), in their order, as it stood then.
 * What was outstanding comes from the loans' month totals kept with each entry (the same cost
 * at 500 members and 5,000); what was at risk, from the loans late that day only: those with an
 * installment due more than 30 or 90 days before it and not paid in full by then, each with its
 * receivable from its postings up to that day. A day in the past reads the past, so a trend
 * needs no snapshot.
 */
export async function portfolioAtRiskOn(
  db: DbOrTx,
  days: readonly string[],
): Promise<PortfolioAtRisk[]> {
  if (days.length === 0) return [];
  const cutoffOf = (day: string) => `${addDaysToDate(day, 1)}T00:00:00+04:00`;
  const before = (by: number) => days.map((day) => addDaysToDate(day, -by));
  // One parameter each, as PostgreSQL writes an array (a list here would be a row).
  const list = (values: readonly string[]) => `{${values.join(',')}}`;
  const outstanding = await classBalancesAtEndOf(db, days, 'loans');
  // The loans late on each day: a few, read first, so that PostgreSQL plans the sums below for
  // the rows there are (guessing thousands, it compiled the query with its JIT for 0.5 s). Only
  // an installment unpaid or paid 30 days after it fell due was ever late: found in one pass,
  // then set beside each day (beside every installment, the 12 days took 28 ms at 5,000).
  const lateLoans = await rowsOf<{ day: string; loan_id: number; late90: boolean }>(
    db,
    sql`with days as (
        select * from unnest(${list(days)}::date[], ${list(days.map(cutoffOf))}::timestamptz[],
          ${list(before(30))}::date[], ${list(before(90))}::date[]) as d(day, cutoff, late30, late90)),
      ever_late as materialized (
        select loan_id, due_on, paid_at from loan_installments
        where paid_at is null or paid_at >= due_on + 30)
      select to_char(d.day, 'YYYY-MM-DD') as day, i.loan_id,
        bool_or(i.due_on < d.late90) as late90
      from days d join ever_late i
        on i.due_on < d.late30 and (i.paid_at is null or i.paid_at >= d.cutoff)
      group by d.day, i.loan_id`,
  );
  // Each late loan's receivable on its day, by the indexes of its account and postings.
  const atRisk =
    lateLoans.length === 0
      ? []
      : await rowsOf<{ day: string; r30: string; r90: string }>(
          db,
          sql`with late as (
            select * from unnest(${list(lateLoans.map((l) => l.day))}::text[],
              ${list(lateLoans.map((l) => cutoffOf(l.day)))}::timestamptz[],
              ${list(lateLoans.map((l) => String(l.loan_id)))}::int[],
              ${list(lateLoans.map((l) => String(l.late90)))}::boolean[]) as l(day, cutoff, loan_id, late90)),
          owed as (
            select late.day, late.late90, (
              select sum(p.amount_fils)
              from ledger_accounts a join postings p on p.account_id = a.id
                join journal_entries e on e.id = p.entry_id
              where a.code = 'loan:' || late.loan_id and e.occurred_at < late.cutoff) as fils
            from late)
          select day, sum(fils) as r30, coalesce(sum(fils) filter (where late90), 0) as r90
          from owed where fils > 0 group by day`,
        );
  const byDay = new Map(atRisk.map((row) => [row.day, row]));
  return days.map((day, i) => {
    const row = byDay.get(day);
    return {
      outstandingFils: outstanding[i]!,
      atRisk30Fils: Number(row?.r30 ?? 0),
      atRisk90Fils: Number(row?.r90 ?? 0),
    };
  });
}

/** Each member's installments of active loans fallen due before `today` and unpaid. */
export async function overdueByMember(
  db: DbOrTx,
  today: string,
): Promise<Map<number, { leftFils: Fils; oldestDueOn: string }>> {
  const rows = await db
    .select({
      userId: loans.userId,
      left: sql<string>`sum(${installmentLeft})`,
      oldest: min(loanInstallments.dueOn),
    })
    .from(loanInstallments)
    .innerJoin(loans, eq(loans.id, loanInstallments.loanId))
    .where(fallenDueUnpaid(today))
    .groupBy(loans.userId);
  return new Map(rows.map((r) => [r.userId, { leftFils: Number(r.left), oldestDueOn: r.oldest! }]));
}
