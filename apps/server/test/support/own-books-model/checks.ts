// What own-books-property.test.ts checks after every step (see model.ts).
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../../src/db/client.ts';
import { rowsOf } from '../../harness.ts';
import { covered, type Model } from './model.ts';
import { expectReconciled } from './reconciliation.ts';
import type { Run } from './run.ts';

/** The lines held, per day and amount, against the bank's entries the statements held cover. */
export async function linesNotKeptOnce(db: Db, m: Model): Promise<string[]> {
  const rows = await rowsOf<{ day: string; amount: string; n: string }>(
    db,
    sql`select booked_on::text as day, amount_fils as amount, count(*) as n from bank_lines group by 1, 2`,
  );
  const held = new Map(rows.map((r) => [`${r.day} ${Number(r.amount)}`, Number(r.n)]));
  const want = new Map<string, number>();
  const kept = covered(m);
  for (const e of m.pool)
    if (kept.has(e.index))
      want.set(`${e.day} ${e.amountFils}`, (want.get(`${e.day} ${e.amountFils}`) ?? 0) + 1);
  return [...new Set([...held.keys(), ...want.keys()])].flatMap((k) => {
    const h = held.get(k) ?? 0;
    const w = want.get(k) ?? 0;
    return h < w || (h > w && !m.doubled) ? [`${k}: ${h} lines held for ${w} entries`] : [];
  });
}

/** Everything a refused call must leave as it was. */
export const snapshot = (db: Db) =>
  rowsOf(
    db,
    sql`select
      (select string_agg(id || ':' || coalesce(payment_id, 0) || ':' || coalesce(entry_id, 0) || ':' || coalesce(link_kind, '-'), ',' order by id) from bank_lines) as lines,
      (select string_agg(statement_id || ':' || line_id, ',' order by statement_id, line_id) from bank_statement_lines) as held,
      (select string_agg(id || ':' || status, ',' order by id) from payments) as payments,
      (select count(*) from journal_entries)::int as entries,
      (select count(*) from postings)::int as postings`,
  );

/**
 * Each line linked or booked once, and to what it is: a payment and an entry on one line at
 * most; a line with a payment has the payment's approved entry; a line with an entry has one
 * that stands (not a correction, not corrected) and moved the line's amount of cash; a booked
 * line has its booking.
 */
export const linkProblems = (db: Db) =>
  rowsOf<{ what: string }>(
    db,
    sql`select 'payment ' || payment_id || ' on lines ' || string_agg(id::text, ',') as what
          from bank_lines where payment_id is not null group by payment_id having count(*) > 1
        union all
        select 'entry ' || entry_id || ' on lines ' || string_agg(id::text, ',')
          from bank_lines where entry_id is not null group by entry_id having count(*) > 1
        union all
        select 'line ' || id || ' half linked: ' || coalesce(link_kind, '-') || ' ' || coalesce(payment_id, 0) || ' ' || coalesce(entry_id, 0)
          from bank_lines where (link_kind is null) <> (entry_id is null)
            or (payment_id is not null and entry_id is null) or (link_kind = 'book' and payment_id is not null)
        union all
        select 'line ' || l.id || ' (' || coalesce(l.link_kind, '-') || ') on entry ' || e.id || ' (' || e.kind || ')'
          from bank_lines l join journal_entries e on e.id = l.entry_id
         where e.kind in ('reversal', 'opening')
            or exists (select 1 from journal_entries r where r.reverses_entry_id = e.id)
            or (l.link_kind = 'book') <> (e.kind = 'booking')
            or l.amount_fils <> (select coalesce(sum(p.amount_fils), 0) from postings p
                 join ledger_accounts a on a.id = p.account_id and a.code = 'cash' where p.entry_id = e.id)
        union all
        select 'line ' || l.id || ' on payment ' || p.id || ' (' || p.status || ')'
          from bank_lines l join payments p on p.id = l.payment_id
         where p.status <> 'approved' or l.entry_id is distinct from (select min(e.id)
           from journal_entries e where e.payment_id = p.id and e.kind <> 'reversal')`,
  );

/** What holds after every step. */
export async function expectInvariants(r: Run) {
  expect(await linkProblems(r.t.db), 'links').toEqual([]);
  expect(await linesNotKeptOnce(r.t.db, r.m), 'lines kept once').toEqual([]);
  await r.t.expectBooksBalance();
  await expectReconciled(r);
}
