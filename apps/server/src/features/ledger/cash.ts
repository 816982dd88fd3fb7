import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import { amongIds, rowsOf, type DbOrTx } from '../../db/client.ts';
import { addDaysToDate, startOfDay } from '../../lib/calendar.ts';
import type { EntryKind } from './journal.ts';
import { accountBalanceAtEndOf } from './month-totals.ts';

// The books' cash, as the bank statement is set beside it (docs/domain/reconciliation.md).
// Days are Dubai's: an entry belongs to the Dubai date of its occurred_at.

/** A movement of cash in the books: an entry that posts to the cash account. */
export interface CashMovement {
  entryId: number;
  kind: EntryKind;
  memo: string;
  occurredOn: string;
  /** Into cash above 0, out of it below. */
  cashFils: Fils;
  paymentId: number | null;
  /** The member it concerns: the savings account's, or the loan's borrower. */
  userId: number | null;
}

type MovementRow = {
  id: string;
  kind: EntryKind;
  memo: string;
  occurred_on: string;
  cash: string;
  payment_id: number | null;
  user_id: number | null;
};

const FIGURES_AT_ONCE = 500;

/**
 * The figures of the entries `ids` (each moves cash: movementIds found them), in the order they
 * happened: their cash (by each one's postings), and the member each concerns.
 */
const figuresOf = (ids: number[]) => sql`
    select e.id, e.kind, e.memo,
           (e.occurred_at at time zone 'Asia/Dubai')::date::text as occurred_on, e.payment_id,
           (select sum(p.amount_fils) from postings p join ledger_accounts a on a.id = p.account_id
             where p.entry_id = e.id and a.code = 'cash') as cash,
           (select coalesce(a2.user_id, l.user_id)
              from postings p2
              join ledger_accounts a2 on a2.id = p2.account_id
              left join loans l on l.id = a2.loan_id
             where p2.entry_id = e.id and (a2.user_id is not null or a2.loan_id is not null)
             order by p2.id limit 1) as user_id
      from journal_entries e where ${amongIds(sql.raw('e.id'), ids)}
     order by e.occurred_at, e.id`;

/** The days [from, to] (Dubai's), or the entries named. */
type Within = { from: string; to: string } | { entryIds: number[] };

/**
 * The entries that moved cash on the days [from, to] (or those named), in the order they
 * happened. Not the opening entry (the bank balance itself), nor a reversal, nor an entry
 * reversed by then: the two cancel out, and no bank line stands for either. An entry whose
 * correction came after `to` was in the books on those days, and is listed.
 */
export async function cashMovements(db: DbOrTx, within: Within): Promise<CashMovement[]> {
  return movementsOf(db, await movementIds(db, within));
}

/**
 * The movements of the days [from, to] no bank line holds, or none by the end of the day `by`
 * (one a later line holds was not in the bank then). Read from cash_not_in_bank, kept with
 * every entry and link: those of the days no line holds, not the thousands a line does.
 */
export async function cashMovementsNotInBank(
  db: DbOrTx,
  within: { from: string; to: string },
  by?: string,
): Promise<CashMovement[]> {
  return movementsOf(db, await movementIds(db, within, by ?? 'ever'));
}

/** As cashMovementsNotInBank, the first `first` of them and how many there are. */
export async function firstCashMovementsNotInBank(
  db: DbOrTx,
  within: { from: string; to: string },
  by: string,
  first: number,
): Promise<{ movements: CashMovement[]; total: number }> {
  const ids = await movementIds(db, within, by);
  return { movements: await movementsOf(db, ids.slice(0, first)), total: ids.length };
}

async function movementIds(
  db: DbOrTx,
  within: Within,
  notInBankBy?: string | 'ever',
): Promise<number[]> {
  if ('entryIds' in within && within.entryIds.length === 0) return [];
  const reversedBy =
    'entryIds' in within
      ? sql``
      : sql`and (r.occurred_at at time zone 'Asia/Dubai')::date <= ${within.to}::date`;
  const which = (e: string) =>
    'entryIds' in within
      ? amongIds(sql.raw(`${e}.id`), within.entryIds)
      : // Moments, not each entry's Dubai date: the index on occurred_at answers them.
        sql`${sql.raw(e)}.occurred_at >= ${startOfDay(within.from).toISOString()}::timestamptz
          and ${sql.raw(e)}.occurred_at < ${startOfDay(addDaysToDate(within.to, 1)).toISOString()}::timestamptz`;
  // Those no line holds, and those only a line booked after `by` holds (none on today's page).
  const notInBank =
    notInBankBy === undefined
      ? sql``
      : sql`and e.id in (select o.entry_id from cash_not_in_bank o where ${which('o')}
          ${
            notInBankBy === 'ever'
              ? sql``
              : sql`union all select b.entry_id from bank_lines b
                     where b.booked_on > ${notInBankBy} and b.entry_id is not null`
          })`;
  const found = await rowsOf<{ id: string }>(
    db,
    sql`select e.id from journal_entries e
     where ${which('e')}
       and e.kind not in ('opening', 'reversal')
       and not exists (select 1 from journal_entries r where r.reverses_entry_id = e.id ${reversedBy})
       ${notInBank}
     order by e.occurred_at, e.id`,
  );
  const ids = found.map((f) => Number(f.id));
  // Then those that move cash, by their postings first (`offset 0`): from the cash account's
  // side PostgreSQL read all 126,000 of its own.
  const moving = new Set<number>();
  for (let i = 0; i < ids.length; i += FIGURES_AT_ONCE) {
    const rows = await rowsOf<{ id: string }>(
      db,
      sql`select p.entry_id as id
        from (select entry_id, account_id, amount_fils from postings
               where ${amongIds(sql.raw('entry_id'), ids.slice(i, i + FIGURES_AT_ONCE))} offset 0) p
        join ledger_accounts a on a.id = p.account_id
       where a.code = 'cash'
       group by p.entry_id having sum(p.amount_fils) <> 0`,
    );
    for (const r of rows) moving.add(Number(r.id));
  }
  return ids.filter((id) => moving.has(id));
}

/** The movements `ids`, FIGURES_AT_ONCE a statement: each read stays below the JIT's cost. */
async function movementsOf(db: DbOrTx, ids: number[]): Promise<CashMovement[]> {
  const rows: MovementRow[] = [];
  for (let i = 0; i < ids.length; i += FIGURES_AT_ONCE)
    rows.push(...(await rowsOf<MovementRow>(db, figuresOf(ids.slice(i, i + FIGURES_AT_ONCE)))));
  return rows.map((r) => ({
    entryId: Number(r.id),
    kind: r.kind,
    memo: r.memo,
    occurredOn: r.occurred_on,
    cashFils: Number(r.cash),
    paymentId: r.payment_id,
    userId: r.user_id,
  }));
}

/**
 * The condition that the entry `entryId` moved cash only after the end of `day` (Dubai): one
 * cashMovements lists, on a later day. In SQL, so that a statement's thousands of lines are
 * not each read back to see; the entries after the day are read once (a hashed list).
 */
export const movesCashAfter = (entryId: SQL | AnyColumn, day: string) =>
  sql`${entryId} in (select e.id from journal_entries e
    where e.occurred_at >= ${startOfDay(addDaysToDate(day, 1)).toISOString()}::timestamptz
      and e.kind not in ('opening', 'reversal')
      and not exists (select 1 from journal_entries r where r.reverses_entry_id = e.id))`;

/** The books' cash at the end of a Dubai day, from the month totals kept with each entry. */
export async function cashAtEndOf(db: DbOrTx, day: string): Promise<Fils> {
  return accountBalanceAtEndOf(db, day, 'cash');
}

/** The journal entry that recorded a payment's approval (not a reversal of it). */
export async function entryOfPayment(db: DbOrTx, paymentId: number): Promise<number | null> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`
    select id from journal_entries
     where payment_id = ${paymentId} and kind <> 'reversal'
     order by id limit 1`,
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/** The account on the other side of cash, of each entry among `entryIds` (a booking's account). */
export async function otherSideOfCash(
  db: DbOrTx,
  entryIds: readonly number[],
): Promise<Map<number, string>> {
  if (entryIds.length === 0) return new Map();
  const rows = await rowsOf<{ entry_id: string; code: string }>(
    db,
    sql`select p.entry_id, a.code from postings p join ledger_accounts a on a.id = p.account_id
     where p.entry_id in (${sql.join(
       entryIds.map((id) => sql`${id}`),
       sql`, `,
     )}) and a.code <> 'cash'`,
  );
  return new Map(rows.map((r) => [Number(r.entry_id), r.code]));
}

/**
 * cash_not_in_bank anew from the postings and the lines (entries written in bulk, as by
 * seed:scale): each entry with a posting to cash, but the opening and reversals, no line holds.
 */
export async function rebuildCashNotInBank(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`delete from cash_not_in_bank`);
  await tx.execute(sql`insert into cash_not_in_bank (entry_id, occurred_at)
    select e.id, e.occurred_at from journal_entries e
     where e.kind not in ('opening', 'reversal')
       and exists (select 1 from postings p join ledger_accounts a on a.id = p.account_id
                    where p.entry_id = e.id and a.code = 'cash')
       and not exists (select 1 from bank_lines b where b.entry_id = e.id)`);
}
