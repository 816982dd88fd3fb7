// The reconciliation checked against the books and the bank read without its code (see model.ts).
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../../src/db/client.ts';
import { rowsOf } from '../../harness.ts';
import { bankAt } from './model.ts';
import type { Run } from './run.ts';

const dayOf = sql.raw(`(e.occurred_at at time zone 'Asia/Dubai')::date`);
const cashOf = (where: ReturnType<typeof sql>) => sql`(select coalesce(sum(p.amount_fils), 0)
  from postings p join ledger_accounts a on a.id = p.account_id and a.code = 'cash'
  join journal_entries e on e.id = p.entry_id where ${where})::bigint`;

/**
 * The books and the bank's lines from `from` to `to`, read without the reconciliation's code: the
 * lines not in the books by `to`, and the entries that stood on `to` (not corrected by then) and
 * moved cash, with no line by then.
 */
export async function booksBeside(db: Db, from: string, to: string) {
  const [sums] = await rowsOf<Record<string, string>>(
    db,
    sql`select ${cashOf(sql`${dayOf} <= ${to}::date`)} as books,
      ${cashOf(sql`${dayOf} < ${from}::date`)} as before,
      ${cashOf(sql`${dayOf} between ${from}::date and ${to}::date and e.kind = 'reversal'
        and (select (o.occurred_at at time zone 'Asia/Dubai')::date from journal_entries o
              where o.id = e.reverses_entry_id) < ${from}::date`)} as corrections_of_before,
      ${cashOf(sql`${dayOf} between ${from}::date and ${to}::date and exists (select 1
        from journal_entries c where c.reverses_entry_id = e.id
         and (c.occurred_at at time zone 'Asia/Dubai')::date > ${to}::date)`)} as corrected_later,
      (select coalesce(sum(amount_fils), 0) from bank_lines
        where booked_on between ${from}::date and ${to}::date)::bigint as lines,
      (select coalesce(sum(l.amount_fils), 0) from bank_lines l join journal_entries e on e.id = l.entry_id
        where ${dayOf} < ${from}::date)::bigint as linked_before`,
  );
  const lines = await rowsOf<{ id: number }>(
    db,
    sql`select l.id from bank_lines l left join journal_entries e on e.id = l.entry_id
         where l.booked_on between ${from}::date and ${to}::date
           and (l.entry_id is null or ${dayOf} > ${to}::date) order by l.id`,
  );
  const entries = await rowsOf<{ id: number }>(
    db,
    sql`select e.id from journal_entries e
         where ${dayOf} between ${from}::date and ${to}::date and e.kind not in ('opening', 'reversal')
           and not exists (select 1 from journal_entries r where r.reverses_entry_id = e.id
                 and (r.occurred_at at time zone 'Asia/Dubai')::date <= ${to}::date)
           and (select coalesce(sum(p.amount_fils), 0) from postings p join ledger_accounts a
                 on a.id = p.account_id and a.code = 'cash' where p.entry_id = e.id) <> 0
           and not exists (select 1 from bank_lines l where l.entry_id = e.id and l.booked_on <= ${to}::date)
         order by e.id`,
  );
  const n = (k: string) => Number(sums![k]);
  return {
    booksFils: n('books'),
    beforeFils: n('before'),
    correctionsOfBeforeFils: n('corrections_of_before'),
    correctedLaterFils: n('corrected_later'),
    linesFils: n('lines'),
    linkedBeforeFils: n('linked_before'),
    lineIds: lines.map((r) => Number(r.id)),
    entryIds: entries.map((r) => Number(r.id)),
  };
}

// The reconciliation's difference explained (features/bank/reconcile.ts). With `to` the latest
// statement's last day, `from` the day the earliest statement held starts, L the lines held on
// [from, to]:
//   books(to) − bank(to) = Σ entries_not_in_bank − Σ lines_not_in_books
//     + (the books' cash before `from`, with its corrections dated on [from, to],
//        less the bank's balance before `from`)
//     + (Σ L − what the bank moved on [from, to])
//     − Σ lines linked to entries dated before `from`.
// The second term is 0 when a statement held starts on the account's first day; the third when
// no line is held twice (new lines that were the same) and no day of [from, to] is missing from
// the statements held; the last here always (nothing links to the funding). An entry dated after
// `to` (approvals and corrections are dated today) is in neither the books' cash nor the lists,
// and a line linked to one is "not in the books" by then. An entry of [from, to] corrected after
// `to` still stood on `to`: it is in the books' cash then, so it must count as a movement (its
// line, released by the correction, is listed), or the difference is not explained.

const fils = (aed: number) => Math.round(aed * 100);
const sum = (xs: Array<{ amount: number }>) => xs.reduce((s, x) => s + fils(x.amount), 0);
const ids = (xs: Array<{ id: number }>) => xs.map((x) => x.id).sort((a, b) => a - b);

/** The reconciliation at the latest statement's last day, against the identity above. */
export async function expectReconciled(r: Run) {
  const { statements } = r.m;
  if (!statements.length) return null;
  const latest = statements.reduce((a, b) =>
    b.to > a.to || (b.to === a.to && b.id > a.id) ? b : a,
  );
  const from = statements.flatMap((h) => h.entries.map((e) => e.day)).sort()[0]!;
  const res = await r.admin.get(`/api/admin/reconciliation?as_of=${latest.to}`);
  expect(res.statusCode, res.body).toBe(200);
  const rec = res.json();
  const books = await booksBeside(r.t.db, from, latest.to);
  const bank = fils(rec.bank_balance);
  expect(rec.statement.id).toBe(latest.id);
  expect(bank, "the bank's balance").toBe(bankAt(r.m, latest.to));
  expect(fils(rec.books_cash), "the books' cash").toBe(books.booksFils);
  expect(fils(rec.difference)).toBe(books.booksFils - bank);
  const bankBefore = bankAt(r.m, from, true);
  // prettier-ignore
  const gap =
    books.beforeFils + books.correctionsOfBeforeFils - bankBefore +
    (books.linesFils - (bank - bankBefore)) -
    books.linkedBeforeFils;
  const explained = sum(rec.entries_not_in_bank) - sum(rec.lines_not_in_books) + gap;
  const later = `${books.correctedLaterFils} fils of entries corrected after ${latest.to}`;
  expect(books.booksFils - bank, `the difference, explained (${later})`).toBe(explained);
  expect(ids(rec.lines_not_in_books), 'lines not in the books').toEqual(books.lineIds);
  expect(ids(rec.entries_not_in_bank), 'entries not in the bank').toEqual(books.entryIds);
  const lists = rec.lines_not_in_books.length + rec.entries_not_in_bank.length;
  expect(rec.agree).toBe(bank === books.booksFils && lists === 0);
  return { rec, gap };
}
