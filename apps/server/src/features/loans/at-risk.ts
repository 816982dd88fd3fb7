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

const LOANS_AT_ONCE = 25;

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
        where due_on < (select max(late30) from days)
          and (paid_at is null or paid_at >= due_on + 30))
      select to_char(d.day, 'YYYY-MM-DD') as day, i.loan_id,
        bool_or(i.due_on < d.late90) as late90
      from days d join ever_late i
        on i.due_on < d.late30 and (i.paid_at is null or i.paid_at >= d.cutoff)
      group by d.day, i.loan_id`,
  );
  // Each late loan's receivable on its days, from its postings read once, not once for each
  // day it was late: its account's, by their index (joined as sets, PostgreSQL guessed 46
  // postings an account, as the cash account has half of them all, and read every posting),
  // 25 loans a statement: planned at 13,000 with two years of history, far below the 100,000
  // at which PostgreSQL compiles a statement with its JIT, which a batch of 100 reaches after
  // four years (the guess grows with the postings of every account).
  const loanIds = [...new Set(lateLoans.map((l) => l.loan_id))];
  const byLoan = new Map<string, Array<[at: string, fils: number]>>();
  for (let i = 0; i < loanIds.length; i += LOANS_AT_ONCE) {
    const codes = loanIds.slice(i, i + LOANS_AT_ONCE).map((id) => `loan:${id}`);
    const rows = await rowsOf<{ code: string; postings: Array<[string, number]> | null }>(
      db,
      sql`select a.code, (
          select json_agg(json_build_array(e.occurred_at, p.amount_fils))
          from postings p join journal_entries e on e.id = p.entry_id
          where p.account_id = a.id) as postings
        from ledger_accounts a where a.code = any(${list(codes)}::text[])`,
    );
    for (const row of rows) byLoan.set(row.code, row.postings ?? []);
  }
  const owedOn = (loanId: number, day: string) => {
    const cutoff = new Date(cutoffOf(day)).getTime();
    return (byLoan.get(`loan:${loanId}`) ?? [])
      .filter(([at]) => new Date(at).getTime() < cutoff)
      .reduce((sum, [, fils]) => sum + fils, 0);
  };
  const risk = new Map(days.map((day) => [day, { r30: 0, r90: 0 }]));
  for (const late of lateLoans) {
    const owed = owedOn(late.loan_id, late.day);
    if (owed <= 0) continue;
    const at = risk.get(late.day)!;
    at.r30 += owed;
    if (late.late90) at.r90 += owed;
  }
  return days.map((day, i) => ({
    outstandingFils: outstanding[i]!,
    atRisk30Fils: risk.get(day)!.r30,
    atRisk90Fils: risk.get(day)!.r90,
  }));
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
