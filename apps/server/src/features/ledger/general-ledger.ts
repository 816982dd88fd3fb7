import { sql } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { addDaysToDate, startOfDay } from '../../lib/calendar.ts';
import type { EntryKind } from '../../db/schema/ledger.ts';
import { letOthersIn } from '../../lib/batches.ts';
import { closingPeriodOf } from './month-totals.ts';

// The general ledger of a span of Dubai days as an accountant reads it (the year's pack,
// docs/domain/year.md): every posting with its entry, in the order they were made, the
// balances each account brought into the span, and each member's accounts at its end.

export interface LedgerPosting {
  postingId: number;
  entryId: number;
  /** The Dubai day of the entry; a close is the span's last day's (its closing period). */
  day: string;
  kind: EntryKind;
  memo: string;
  code: string;
  userId: number | null;
  amountFils: Fils;
  paymentId: number | null;
  reversesEntryId: number | null;
  closing: boolean;
  /** A bank line linked to the entry (a booking, a matched receipt). */
  bankLineId: number | null;
}

type Row = {
  posting_id: string;
  entry_id: string;
  day: string;
  kind: EntryKind;
  memo: string;
  code: string;
  user_id: number | null;
  amount_fils: string;
  payment_id: number | null;
  reverses_entry_id: string | null;
  closing_period: string | null;
  bank_line_id: string | null;
};

/**
 * Every posting of the entries dated in [from, to] (Dubai days), and of the close of a year
 * ending on `to`, oldest first: the close last, in its closing period.
 */
export async function postingsOfSpan(
  db: DbOrTx,
  from: string,
  to: string,
): Promise<LedgerPosting[]> {
  const start = startOfDay(from).toISOString();
  const end = startOfDay(addDaysToDate(to, 1)).toISOString();
  const rows = await rowsOf<Row>(
    db,
    sql`select p.id as posting_id, e.id as entry_id,
        to_char(e.occurred_at at time zone 'Asia/Dubai', 'YYYY-MM-DD') as day,
        e.kind, e.memo, a.code, a.user_id, p.amount_fils, e.payment_id, e.reverses_entry_id,
        e.closing_period,
        (select min(l.id) from bank_lines l where l.entry_id = e.id) as bank_line_id
      from postings p join journal_entries e on e.id = p.entry_id
        join ledger_accounts a on a.id = p.account_id
      where (e.occurred_at >= ${start}::timestamptz and e.occurred_at < ${end}::timestamptz
          and e.closing_period is null)
        or e.closing_period = ${closingPeriodOf(to.slice(0, 7))}
      order by e.closing_period nulls first, e.occurred_at, e.id, p.id`,
  );
  const postings: LedgerPosting[] = [];
  for (const [i, r] of rows.entries()) {
    postings.push({
      postingId: Number(r.posting_id),
      entryId: Number(r.entry_id),
      day: r.closing_period ? to : r.day,
      kind: r.kind,
      memo: r.memo,
      code: r.code,
      userId: r.user_id,
      amountFils: Number(r.amount_fils),
      paymentId: r.payment_id,
      reversesEntryId: r.reverses_entry_id === null ? null : Number(r.reverses_entry_id),
      closing: r.closing_period !== null,
      bankLineId: r.bank_line_id === null ? null : Number(r.bank_line_id),
    });
    // A hundred thousand rows at 5,000 members: others' requests come in between.
    if (i % 5_000 === 4_999) await letOthersIn();
  }
  return postings;
}

export interface MemberAccounts {
  userId: number;
  /** What the association holds for them (credit balance of their savings). */
  savingsFils: Fils;
  /** Principal owed on their loans. */
  loansFils: Fils;
  /** Fines they owe. */
  finesFils: Fils;
}

/** Each member's savings, loans and fines at the end of the Dubai day `day`, by member. */
export async function memberAccountsAt(db: DbOrTx, day: string): Promise<MemberAccounts[]> {
  const end = startOfDay(addDaysToDate(day, 1)).toISOString();
  const rows = await rowsOf<{ user_id: number; savings: string; loans: string; fines: string }>(
    db,
    sql`select a.user_id,
        coalesce(-sum(p.amount_fils) filter (where a.type = 'liability'), 0) as savings,
        coalesce(sum(p.amount_fils) filter (where a.loan_id is not null and a.type = 'asset'), 0) as loans,
        coalesce(sum(p.amount_fils) filter (where a.code like 'fines:%'), 0) as fines
      from postings p join ledger_accounts a on a.id = p.account_id
        join journal_entries e on e.id = p.entry_id
      where a.user_id is not null and e.occurred_at < ${end}::timestamptz
      group by a.user_id order by a.user_id`,
  );
  return rows.map((r) => ({
    userId: r.user_id,
    savingsFils: Number(r.savings),
    loansFils: Number(r.loans),
    finesFils: Number(r.fines),
  }));
}
