import { sql, type SQL } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import type { DbOrTx } from '../../db/client.ts';

// ledger_month_totals (see the schema): the postings summed by month and class of account,
// kept with every entry, so that cash in hand and the overview need not read every posting.

/**
 * Money in hand: the balance of the cash account (the bank), or of the cash box, from the month
 * totals kept with each entry.
 */
export async function moneyInHandFils(
  tx: DbOrTx,
  code: 'cash' | 'cash_box' = 'cash',
): Promise<Fils> {
  const result = (await tx.execute(
    sql`select sum(total_fils) as total from ledger_month_totals where account_class = ${code}`,
  )) as unknown as { rows: Array<{ total: string | number | null }> };
  return Number(result.rows[0]?.total ?? 0);
}

// The month (Dubai's) and class of a posting in ledger_month_totals (see the schema), over
// postings p joined to their account a and entry e. Migration 0008 fills the table with the
// same expressions.
const MONTH_OF_POSTING = `to_char(e.occurred_at at time zone 'Asia/Dubai', 'YYYY-MM')`;
const CLASS_OF_ACCOUNT = `case when a.user_id is not null and a.type = 'liability' then 'savings'
  when a.code like 'fines:%' then 'fines'
  when a.loan_id is not null and a.type = 'asset' then 'loans' else a.code end`;

/** The month totals as the postings give them (optionally of one entry), grouped. */
export function monthTotalsOfPostings(entryIds?: readonly number[]): SQL {
  return sql`select ${sql.raw(MONTH_OF_POSTING)} as month, ${sql.raw(CLASS_OF_ACCOUNT)} as account_class,
      sum(p.amount_fils) as total_fils
    from postings p join ledger_accounts a on a.id = p.account_id
      join journal_entries e on e.id = p.entry_id
    ${
      entryIds === undefined
        ? sql``
        : sql`where p.entry_id in (${sql.join(
            entryIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
    }
    group by 1, 2`;
}

/**
 * Adds the entries' postings to ledger_month_totals, in their transaction. The rows are
 * taken in a fixed order, so two entries at once lock them in the same order (no deadlock).
 */
export async function addToMonthTotals(tx: DbOrTx, entryIds: readonly number[]): Promise<void> {
  await tx.execute(sql`insert into ledger_month_totals (month, account_class, total_fils)
    select month, account_class, total_fils from (${monthTotalsOfPostings(entryIds)}) t
    order by month, account_class
    on conflict (month, account_class)
    do update set total_fils = ledger_month_totals.total_fils + excluded.total_fils`);
}
