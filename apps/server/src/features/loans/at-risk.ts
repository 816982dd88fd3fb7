import { eq, min, sql } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import type { DbOrTx } from '../../db/client.ts';
import { loanInstallments, loans } from '../../db/schema/loans.ts';
import { addDaysToDate } from '../../lib/calendar.ts';
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
 * The portfolio at risk at the end of `day` (Dubai), as it stood then: each loan's receivable
 * from the postings up to that day, and its installments due more than 30 or 90 days before it
 * and not paid in full by then. A day in the past reads the past, so a trend needs no snapshot.
 */
export async function portfolioAtRisk(db: DbOrTx, day: string): Promise<PortfolioAtRisk> {
  const cutoff = `${addDaysToDate(day, 1)}T00:00:00+04:00`;
  const lateSince = (days: number) => sql`exists (select 1 from loan_installments i
      where i.loan_id = owed.loan_id and i.due_on < ${addDaysToDate(day, -days)}
        and (i.paid_at is null or i.paid_at >= ${cutoff}::timestamptz))`;
  const result = (await db.execute(sql`with owed as (
      select a.loan_id, sum(p.amount_fils) as fils
      from postings p
        join ledger_accounts a on a.id = p.account_id
        join journal_entries e on e.id = p.entry_id
      where a.loan_id is not null and a.type = 'asset' and e.occurred_at < ${cutoff}::timestamptz
      group by a.loan_id
      having sum(p.amount_fils) > 0)
    select coalesce(sum(fils), 0) as outstanding,
      coalesce(sum(fils) filter (where ${lateSince(30)}), 0) as r30,
      coalesce(sum(fils) filter (where ${lateSince(90)}), 0) as r90
    from owed`)) as unknown as {
    rows: Array<{ outstanding: string | number; r30: string | number; r90: string | number }>;
  };
  const row = result.rows[0];
  return {
    outstandingFils: Number(row?.outstanding ?? 0),
    atRisk30Fils: Number(row?.r30 ?? 0),
    atRisk90Fils: Number(row?.r90 ?? 0),
  };
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
