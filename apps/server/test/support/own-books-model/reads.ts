// The books and the bank's lines read back from the database (see model.ts).
import { sql } from 'drizzle-orm';
import type { Db } from '../../../src/db/client.ts';
import { rowsOf } from '../../harness.ts';

export interface Line {
  id: number;
  amount: number;
  payment_id: number | null;
  entry_id: number | null;
  link_kind: string | null;
}
export interface Payment {
  id: number;
  user_id: number;
  status: string;
  /** What the member sent, and what was approved. */
  amount: number;
  approved: number | null;
  /** The entry that recorded its approval (a correction aside). */
  entry_id: number | null;
}
export const linesOf = (db: Db) =>
  rowsOf<Line>(
    db,
    sql`select id::int, amount_fils::int as amount, payment_id::int, entry_id::int, link_kind
      from bank_lines order by id`,
  );
export const paymentsOf = (db: Db) =>
  rowsOf<Payment>(
    db,
    sql`select p.id::int, p.user_id::int, p.status, p.amount_fils::int as amount, p.approved_amount_fils::int as approved,
      (select min(e.id)::int from journal_entries e where e.payment_id = p.id and e.kind <> 'reversal')
        as entry_id from payments p order by p.id`,
  );
export const cashBoxOf = async (db: Db) =>
  Number(
    (
      await rowsOf<{ n: string }>(
        db,
        sql`select coalesce(sum(p.amount_fils), 0) as n from postings p
          join ledger_accounts a on a.id = p.account_id and a.code = 'cash_box'`,
      )
    )[0]!.n,
  );
/** The line that holds a payment, by the payment or by its entry. */
export const holderOf = (lines: Line[], p: Payment) =>
  lines.find((l) => l.payment_id === p.id || (p.entry_id !== null && l.entry_id === p.entry_id));
/** The `n`th of a list, round and round; undefined when it is empty. */
export const nth = <T>(xs: T[], n: number): T | undefined => xs[n % Math.max(1, xs.length)];
/** The entries after the funding, each with whether it was corrected and what it put in the box. */
export const entriesAfter = (db: Db, id: number) =>
  rowsOf<{ id: number; kind: string; reversed: boolean; box: number }>(
    db,
    sql`select e.id::int, e.kind,
      exists (select 1 from journal_entries c where c.reverses_entry_id = e.id) as reversed,
      (select coalesce(sum(p.amount_fils), 0)::int from postings p join ledger_accounts a
        on a.id = p.account_id and a.code = 'cash_box' where p.entry_id = e.id) as box
      from journal_entries e where e.id > ${id} order by e.id`,
  );
/** The lines only this statement holds, and whether each is linked or booked. */
export const ownLines = (db: Db, statementId: number) =>
  rowsOf<{ id: number; held: boolean }>(
    db,
    sql`select l.id::int, (l.payment_id is not null or l.entry_id is not null) as held
      from bank_statement_lines sl join bank_lines l on l.id = sl.line_id
     where sl.statement_id = ${statementId} and not exists (select 1 from bank_statement_lines o
       where o.line_id = l.id and o.statement_id <> ${statementId})`,
  );
