import { sql, type SQL } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { addDaysToDate, addMonthsToDate, startOfDay } from '../../lib/calendar.ts';

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
// postings p joined to their account a and entry e. Migrations 0008 and 0034 filled the table
// with the same expressions. A year's close is kept under its closing period ('2026-12+close'),
// which sorts after the year's last month and before the next year's first.
const MONTH_OF_POSTING = `coalesce(e.closing_period, to_char(e.occurred_at at time zone 'Asia/Dubai', 'YYYY-MM'))`;
export const CLASS_OF_ACCOUNT = `case when a.user_id is not null and a.type = 'liability' then 'savings'
  when a.code like 'fines:%' then 'fines'
  when a.loan_id is not null and a.type = 'asset' then 'loans' else a.code end`;

/** The closing period of a year whose last month is `lastMonth` (YYYY-MM). */
export const closingPeriodOf = (lastMonth: string): string => `${lastMonth}+close`;

const MONTH_TOTAL_COLUMNS = sql.raw('month, account_class, total_fils, debits_fils, credits_fils');

/** The month totals as the postings give them (of the postings `where` names), grouped. */
export function monthTotalsOfPostings(where: SQL = sql`true`): SQL {
  return sql`select ${sql.raw(MONTH_OF_POSTING)} as month, ${sql.raw(CLASS_OF_ACCOUNT)} as account_class,
      sum(p.amount_fils) as total_fils,
      coalesce(sum(p.amount_fils) filter (where p.amount_fils > 0), 0) as debits_fils,
      coalesce(-sum(p.amount_fils) filter (where p.amount_fils < 0), 0) as credits_fils
    from postings p join ledger_accounts a on a.id = p.account_id
      join journal_entries e on e.id = p.entry_id
    where ${where}
    group by 1, 2`;
}

/**
 * Adds the entries' postings to ledger_month_totals, in their transaction. The rows are
 * taken in a fixed order, so two entries at once lock them in the same order (no deadlock).
 */
export async function addToMonthTotals(tx: DbOrTx, entryIds: readonly number[]): Promise<void> {
  await tx.execute(sql`insert into ledger_month_totals (${MONTH_TOTAL_COLUMNS})
    select ${MONTH_TOTAL_COLUMNS} from (${monthTotalsOfPostings(
      sql`p.entry_id in (${sql.join(
        entryIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )}) t
    order by month, account_class
    on conflict (month, account_class)
    do update set total_fils = ledger_month_totals.total_fils + excluded.total_fils,
      debits_fils = ledger_month_totals.debits_fils + excluded.debits_fils,
      credits_fils = ledger_month_totals.credits_fils + excluded.credits_fils`);
}

/** Every month total anew from the postings (postings written in bulk, as by seed:scale). */
export async function rebuildMonthTotals(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`delete from ledger_month_totals`);
  await tx.execute(sql`insert into ledger_month_totals (${MONTH_TOTAL_COLUMNS})
    select ${MONTH_TOTAL_COLUMNS} from (${monthTotalsOfPostings()}) t`);
}

/** Debits and credits (a positive sum) of a class of accounts. */
export interface ClassSums {
  debitsFils: Fils;
  creditsFils: Fils;
}

type SumsRow = { account_class: string; debits_fils: string; credits_fils: string };

/**
 * What the month of the Dubai day `day` holds after it, by class. Every class: asked for one,
 * PostgreSQL started from its accounts, and for cash read every cash posting ever (0.13 s at
 * 5,000 members) instead of the few days' entries.
 */
function restOfMonth(db: DbOrTx, day: string): Promise<SumsRow[]> {
  const after = startOfDay(addDaysToDate(day, 1)).toISOString();
  const nextMonth = startOfDay(addMonthsToDate(`${day.slice(0, 7)}-01`, 1)).toISOString();
  return rowsOf<SumsRow>(
    db,
    monthTotalsOfPostings(
      sql`e.occurred_at >= ${after}::timestamptz and e.occurred_at < ${nextMonth}::timestamptz`,
    ),
  );
}

/**
 * Each class's debits and credits up to the end of the Dubai day `day`: the kept months up to
 * the day's, less what the day's month holds after it (nothing for today, part of a month at
 * most), so the cost does not grow with the years or members. The close of a year that ends
 * on `day` counts only when `withClose` is set: a year is read with and without its close.
 */
export async function classSumsAtEndOf(
  db: DbOrTx,
  day: string,
  withClose = false,
): Promise<Map<string, ClassSums>> {
  // A close follows a year's last day, which is a month's last: on any other day there is none.
  const isMonthEnd = addDaysToDate(day, 1).slice(0, 7) !== day.slice(0, 7);
  const upTo = withClose && isMonthEnd ? closingPeriodOf(day.slice(0, 7)) : day.slice(0, 7);
  const [kept, later] = await Promise.all([
    rowsOf<SumsRow>(
      db,
      sql`select account_class, sum(debits_fils) as debits_fils, sum(credits_fils) as credits_fils
        from ledger_month_totals where month <= ${upTo} group by 1`,
    ),
    restOfMonth(db, day),
  ]);
  const sums = new Map<string, ClassSums>();
  const add = (rows: SumsRow[], sign: 1 | -1) => {
    for (const r of rows) {
      const at = sums.get(r.account_class) ?? { debitsFils: 0, creditsFils: 0 };
      at.debitsFils += sign * Number(r.debits_fils);
      at.creditsFils += sign * Number(r.credits_fils);
      sums.set(r.account_class, at);
    }
  };
  add(kept, 1);
  add(later, -1);
  return sums;
}

/**
 * The balance (debits less credits) of one class of accounts at the end of each of `days`:
 * one read of its kept months for all of them, and a read of the rest of a day's month only
 * for a day that does not end its month (today's).
 */
export async function classBalancesAtEndOf(
  db: DbOrTx,
  days: readonly string[],
  accountClass: string,
): Promise<Fils[]> {
  const kept = await rowsOf<{ month: string; total_fils: string }>(
    db,
    sql`select month, total_fils from ledger_month_totals where account_class = ${accountClass}`,
  );
  return Promise.all(
    days.map(async (day) => {
      const month = day.slice(0, 7);
      const upTo = kept
        .filter((r) => r.month <= month)
        .reduce((s, r) => s + Number(r.total_fils), 0);
      if (addDaysToDate(day, 1).slice(0, 7) !== month) return upTo;
      const later = (await restOfMonth(db, day)).filter((r) => r.account_class === accountClass);
      return later.reduce((s, r) => s - Number(r.debits_fils) + Number(r.credits_fils), upTo);
    }),
  );
}

/**
 * The balance of one shared account (cash, the cash box) at the end of the Dubai day `day`: as
 * classBalancesAtEndOf, with the rest of the day's month read from that account's postings alone.
 * By its id, known when planned: named by its code, PostgreSQL read every cash posting ever.
 */
export async function accountBalanceAtEndOf(
  db: DbOrTx,
  day: string,
  code: 'cash' | 'cash_box',
): Promise<Fils> {
  const month = day.slice(0, 7);
  const [kept] = await rowsOf<{ total: string | null }>(
    db,
    sql`select sum(total_fils) as total from ledger_month_totals
      where account_class = ${code} and month <= ${month}`,
  );
  const upTo = Number(kept?.total ?? 0);
  if (addDaysToDate(day, 1).slice(0, 7) !== month) return upTo;
  const [account] = await rowsOf<{ id: number }>(
    db,
    sql`select id from ledger_accounts where code = ${code}`,
  );
  if (!account) return upTo;
  const after = startOfDay(addDaysToDate(day, 1)).toISOString();
  const nextMonth = startOfDay(addMonthsToDate(`${month}-01`, 1)).toISOString();
  const [later] = await rowsOf<{ total: string | null }>(
    db,
    sql`select sum(p.amount_fils) as total from postings p
      where p.account_id = ${account.id} and p.entry_id in (select e.id from journal_entries e
        where e.occurred_at >= ${after}::timestamptz and e.occurred_at < ${nextMonth}::timestamptz)`,
  );
  return upTo - Number(later?.total ?? 0);
}
