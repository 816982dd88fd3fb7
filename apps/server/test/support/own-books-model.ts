// The model behind own-books-property.test.ts (issue 49): the association's bank account over
// four days as the bank keeps it, the statements the treasurer imports from it, the treasurer's
// steps, and the books and the bank read back from the database, to set beside the API's answers.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { addDaysToDate, localDate, periodOf } from '../../src/lib/calendar.ts';
import {
  createTestApp,
  expectBooksBalance,
  fundCash,
  login,
  makeUser,
  multipart,
  rowsOf,
  type TestApp,
} from '../harness.ts';
import type { BankEntry } from './bank-files.ts';
import { adminCalls } from './own-books.ts';
import { onePagePdf } from './uploads.ts';

/** The account's days: today − 3 … today (approvals and corrections are dated today). */
const DAYS = 4;
export const ACCOUNTS = [
  'bank_charges',
  'bank_interest',
  'other_income',
  'other_expenses',
  'cash_box',
] as const;
/** The bank's camt.053, or its CSV read with its reference column or without it. */
export type Format = 'camt053' | 'csv-ref' | 'csv';
export type Lookalikes = 'ask' | 'same' | 'new';
type Who = 'dues0' | 'dues1' | 'dues2' | 'fee' | 'expense' | 'deposit' | 'interest';

/** An entry of the bank's, before a run's members give it their names. */
export interface EntrySpec {
  who: Who;
  day: number;
  amountFils: number;
}
export interface PoolEntry extends BankEntry {
  index: number;
  who: Who;
  dayIndex: number;
}

const dayIndex = fc.integer({ min: 0, max: DAYS - 1 });
/**
 * A due of each member (named by their ID, by their name, by nothing of theirs), a bank fee, a
 * payment out, a deposit, and the interest on the last day; a day and an amount often shared.
 */
export const poolSpec: fc.Arbitrary<EntrySpec[]> = fc
  .tuple(
    fc.array(dayIndex, { minLength: 6, maxLength: 6 }),
    fc.constantFrom(-2_625, -50_000),
    fc.constantFrom(15_000, 20_000),
  )
  .map(([d, expenseFils, depositFils]) => [
    { who: 'dues0', day: d[0]!, amountFils: 20_000 },
    { who: 'dues1', day: d[1]!, amountFils: 20_000 },
    { who: 'dues2', day: d[2]!, amountFils: 20_000 },
    { who: 'fee', day: d[3]!, amountFils: -2_625 },
    { who: 'expense', day: d[4]!, amountFils: expenseFils },
    { who: 'deposit', day: d[5]!, amountFils: depositFils },
    { who: 'interest', day: DAYS - 1, amountFils: 1_234 },
  ]);

/** The run's entries: the members' words in them, a bank reference long enough to be found. */
export function bankEntries(
  spec: EntrySpec[],
  days: string[],
  members: Array<{ uniqueId: string }>,
): PoolEntry[] {
  const words: Record<Who, { text: string; party?: string }> = {
    dues0: { text: `Dues ${members[0]!.uniqueId}` },
    dues1: { text: 'Monthly saving', party: 'OMAR FAROUK' },
    dues2: { text: 'FAMILY SUPPORT', party: 'S NASSER' },
    fee: { text: 'ACCOUNT MAINTENANCE FEE' },
    expense: { text: 'TRANSFER AL NOOR HALL' },
    deposit: { text: 'CASH DEPOSIT' },
    interest: { text: 'PROFIT CREDITED' },
  };
  return spec.map((e, index) => ({
    ...words[e.who],
    index,
    who: e.who,
    dayIndex: e.day,
    day: days[e.day]!,
    amountFils: e.amountFils,
    ref: `FT${e.day}7Q${index}ZX`,
  }));
}

export type Step =
  | { kind: 'import'; first: number; last: number; format: Format; lookalikes: Lookalikes }
  | { kind: 'receipt'; member: number; day: number | null; withRef: boolean }
  | { kind: 'approve' | 'matches' | 'unlink' | 'reverse' | 'delete'; pick: number }
  | { kind: 'book'; pick: number; account: (typeof ACCOUNTS)[number] }
  /** `open`: a line still open that takes money in, else any line (to be refused, mostly). */
  | { kind: 'link'; pick: number; candidate: number; open: boolean };

const pick = fc.nat({ max: 20 });
const picked = (kind: 'approve' | 'matches' | 'unlink' | 'reverse' | 'delete') =>
  fc.record({ kind: fc.constant(kind), pick });
const importing = fc.record({
  kind: fc.constant('import' as const),
  first: dayIndex,
  last: dayIndex,
  format: fc.constantFrom<Format>('camt053', 'csv-ref', 'csv'),
  lookalikes: fc.constantFrom<Lookalikes>('ask', 'ask', 'same', 'new'),
});
const receipt = fc.record({
  kind: fc.constant('receipt' as const),
  member: fc.nat({ max: 2 }),
  day: fc.option(dayIndex, { nil: null }),
  withRef: fc.boolean(),
});
export const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: importing },
  { weight: 3, arbitrary: receipt },
  { weight: 2, arbitrary: picked('approve') },
  { weight: 2, arbitrary: picked('matches') },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('book' as const),
      pick,
      account: fc.constantFrom(...ACCOUNTS),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('link' as const),
      pick,
      candidate: pick,
      open: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: picked('unlink') },
  { weight: 2, arbitrary: picked('reverse') },
  { weight: 1, arbitrary: picked('delete') },
);

/** A run's steps: a statement and a receipt first (most steps need one), then any. */
export const steps = fc
  .tuple(importing, receipt, fc.array(step, { minLength: 2, maxLength: 12 }))
  .map(([first, second, rest]): Step[] => [first, second, ...rest]);

/** A statement held, as the model knows it: the bank's entries of its days. */
export interface HeldStatement {
  id: number;
  /** What makes the file the same bytes (a CSV is one file whichever columns are read). */
  key: string;
  entries: PoolEntry[];
  to: string;
}
export interface Model {
  /** The bank's balance before the first day: the books' cash then. */
  b0: number;
  pool: PoolEntry[];
  statements: HeldStatement[];
  /** The treasurer once said "new lines" of lines that were the same: some are held twice. */
  doubled: boolean;
}

export const fileKey = (format: Format, entries: PoolEntry[]) =>
  `${format === 'camt053' ? 'camt' : 'csv'}:${entries.map((e) => e.index).join(',')}`;
export const covered = (m: Model) =>
  new Set(m.statements.flatMap((s) => s.entries.map((e) => e.index)));
/** The bank's true balance at the end of `day` (before it when `before`). */
export const bankAt = (m: Model, day: string, before = false) =>
  m.pool
    .filter((e) => (before ? e.day < day : e.day <= day))
    .reduce((s, e) => s + e.amountFils, m.b0);

/** A run: its app, its one admin, the members, the days and the model. */
export interface Run {
  t: TestApp;
  admin: ReturnType<typeof adminCalls>;
  token: string;
  /** Signed in when they first send a receipt (a sign-in hashes: it takes time). */
  members: Array<{ id: number; email: string; token?: string }>;
  days: string[];
  period: string;
  /** The entry that funded the cash, before the first day: not the treasurer's to correct. */
  fundEntry: number;
  m: Model;
  receipts: number;
}

/** A fresh app with cash funded ten days ago, an admin and three members, and the bank's pool. */
export async function startRun(spec: EntrySpec[]): Promise<Run> {
  const t = await createTestApp({ uploadsPerHour: 100_000 });
  const today = localDate(new Date());
  const days = [3, 2, 1, 0].map((n) => addDaysToDate(today, -n));
  const period = periodOf(today);
  const admin = await makeUser(t.db, { role: 'admin', isMember: false, name: 'Treasurer' });
  const token = await login(t.app, admin.email);
  await fundCash(t.db, 1_000_000, new Date(Date.now() - 10 * 86_400_000));
  const [fund] = await rowsOf<{ id: number }>(
    t.db,
    sql`select max(id)::int as id from journal_entries`,
  );
  const members = [];
  for (const name of ['Amina Khalil', 'Omar Farouk', 'Salim Nasser']) {
    const u = await makeUser(t.db, { name, joinedOn: `${period}-01` });
    members.push({ id: u.id, uniqueId: u.uniqueId, email: u.email });
  }
  const b0 = (await booksBeside(t.db, days[0]!, days[0]!)).beforeFils;
  const m: Model = { b0, pool: bankEntries(spec, days, members), statements: [], doubled: false };
  const admins = adminCalls(t.app, token);
  return { t, admin: admins, token, members, days, period, fundEntry: fund!.id, m, receipts: 0 };
}

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

/**
 * A member's receipt for this month's due: dated a day of the account or not, with the bank's
 * reference of their line or without.
 */
export async function receiptForm(r: Run, s: Step & { kind: 'receipt' }) {
  const fields = {
    payment_amount: '200',
    month: r.period,
    account_number: '1',
    transfer_date: s.day === null ? undefined : r.days[s.day],
    bank_reference: s.withRef ? r.m.pool.find((e) => e.who === `dues${s.member}`)!.ref : undefined,
  };
  const data = await onePagePdf({ text: `Receipt ${++r.receipts}` });
  return multipart(fields, { photo: { filename: 'r.pdf', contentType: 'application/pdf', data } });
}

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

/** What holds after every step. */
export async function expectInvariants(r: Run) {
  expect(await linkProblems(r.t.db), 'links').toEqual([]);
  expect(await linesNotKeptOnce(r.t.db, r.m), 'lines kept once').toEqual([]);
  await expectBooksBalance(r.t.db);
  await expectReconciled(r);
}
