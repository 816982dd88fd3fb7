// The own books' checks after every step (see steps.ts).
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Fils } from '@jamiya/money/fils';
import { bearer, rowsOf } from '../../harness.ts';
import type { Model, Real } from '../model.ts';
import { journal, postingsOf } from './calls.ts';
import {
  activeAdmin,
  lastMonth,
  lastMonthLockable,
  lastYear,
  OWN_ACCOUNTS,
  savingsCode,
  type Kit,
} from './model.ts';
import { entriesOfLastMonth } from './steps-lock.ts';

/**
 * After every step: the trial balance balances and gives cash, the cash box, the association's
 * accounts and each member's savings as the model does (the CSV lists each account), and so does the chart (with the
 * postings of each account); the journal's bookings, entries by hand and corrections are the
 * model's, with who proposed and who made each, what each corrects and the line each books;
 * every bank line is linked or booked as the model says (a line linked by hand to its payment's
 * entry); the statement of each member whose savings such entries moved lists them, with what
 * each did to the savings, and closes at the model's savings. Last month is listed once the
 * books begin in it, lockable as the model says, and once locked it holds the entries it held;
 * its year is closed or open as the model says (its close in the balances above).
 */
export async function verify(kit: Kit, model: Model, real: Real): Promise<void> {
  const { books } = model;
  const get = async (url: string, token = real.adminTokens[activeAdmin(model)]!) => {
    const res = await real.t.app.inject({ url, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const balances: Record<string, Fils> = {
    cash: model.cashFils,
    cash_box: books.cashBoxFils,
    ...books.accounts,
    ...Object.fromEntries(model.members.map((m) => [savingsCode(m), 0 - m.savingsFils])),
  };
  const tb = await get('/api/admin/ledger/trial-balance');
  expect([tb.balanced, tb.total_debits]).toEqual([true, tb.total_credits]);
  // The page sums the members' savings on one line; the CSV lists every account.
  const csv = await real.t.app.inject({
    url: '/api/admin/ledger/trial-balance.csv',
    headers: bearer(real.adminTokens[activeAdmin(model)]!),
  });
  const rows = parse(csv.body, { columns: true, bom: true }) as Array<Record<string, string>>;
  const listed = new Map<string, Fils>(rows.map((r) => [r.code!, kit.fils(Number(r.balance_aed))]));
  expect(Object.keys(balances).map((code) => [code, listed.get(code) ?? 0])).toEqual(
    Object.entries(balances),
  );
  const savingsLine = (tb.accounts as Array<{ code: string; balance: number }>).find(
    (a) => a.code === 'savings:*',
  );
  expect(kit.fils(savingsLine?.balance ?? 0)).toBe(
    [...listed].reduce((s, [code, fils]) => (code.startsWith('savings:') ? s + fils : s), 0),
  );
  const made = books.entries.filter((e) => e.kind !== 'dues');
  const own = ['cash_box', ...OWN_ACCOUNTS];
  const chart = (await get('/api/admin/accounts')).items as Array<{
    code: string;
    balance: number;
    postings: number;
  }>;
  expect(
    own.map((code) => {
      const a = chart.find((x) => x.code === code);
      return [code, a && kit.fils(a.balance), a?.postings];
    }),
  ).toEqual(
    own.map((code) => [
      code,
      balances[code],
      made.filter((e) => e.postings[code] !== undefined).length,
    ]),
  );
  const admins = model.admins.map((a) => a.userId);
  const entries = (await journal(model, real, '')).filter((e) =>
    ['booking', 'journal', 'reversal'].includes(e.kind),
  );
  const lineOf = (id: number) => books.lines.find((l) => l.entryId === id)?.id ?? null;
  expect(
    entries
      .map((e) => ({
        id: e.id,
        kind: e.kind,
        proposedBy: e.proposed_by?.id ?? null,
        createdBy: e.created_by?.id ?? null,
        reverses: e.reverses_entry_id,
        reversedBy: e.reversed_by_entry_id,
        reversible: e.reversible,
        lineId: e.bank_line_id,
        postings: postingsOf(kit, e),
      }))
      .sort((a, b) => a.id - b.id),
  ).toEqual(
    made
      .filter((e) => e.kind !== 'closing')
      .map((e) => ({
        id: e.id,
        kind: e.kind,
        proposedBy: e.proposedBy === null ? null : admins[e.proposedBy],
        createdBy: e.createdBy === null ? null : admins[e.createdBy],
        reverses: e.reverses,
        reversedBy: e.reversedBy,
        reversible: e.kind !== 'reversal' && e.reversedBy === null,
        lineId: e.kind === 'booking' ? lineOf(e.id) : null,
        postings: e.postings,
      }))
      .sort((a, b) => a.id - b.id),
  );
  // Each line linked or booked once, as the model says; one linked by hand, to the entry that
  // recorded its payment.
  const lines = await rowsOf<{
    id: number;
    link: string | null;
    payment: number | null;
    entry: number | null;
    recorded: boolean;
  }>(
    real.t.db,
    sql`select l.id, l.link_kind as link, l.payment_id as payment, l.entry_id as entry,
      exists (select 1 from journal_entries e where e.id = l.entry_id
        and e.payment_id = l.payment_id and e.kind in ('dues', 'repayment')) as recorded
      from bank_lines l order by l.id`,
  );
  expect(
    lines.map((l) => [
      Number(l.id),
      l.link,
      l.payment === null ? null : Number(l.payment),
      l.entry === null ? null : Number(l.entry),
      l.link === 'hand' ? l.recorded : null,
    ]),
  ).toEqual(
    books.lines.map((l) => [l.id, l.link, l.paymentId, l.entryId, l.link === 'hand' ? true : null]),
  );
  const month = (
    (await get('/api/admin/periods')).items as Array<{
      month: string;
      state: string;
      lockable: boolean;
    }>
  ).find((m) => m.month === lastMonth());
  const locked = books.lockedEntries !== null;
  expect(month ? [month.state, month.lockable] : null).toEqual(
    books.entries.some((e) => e.lastMonth)
      ? [locked ? 'locked' : 'open', !locked && lastMonthLockable(model)]
      : null,
  );
  if (locked) expect(await entriesOfLastMonth(real)).toEqual(books.lockedEntries);
  const year = (
    (await get('/api/admin/years')).items as Array<{ year: number; state: string }>
  ).find((y) => y.year === lastYear());
  expect(year?.state ?? null).toBe(
    books.entries.some((e) => e.lastMonth) ? (books.year.closed ? 'closed' : 'open') : null,
  );
  // The others' statements have no such line: their savings are checked above and by the main
  // verify (My Account), which a statement's call for each would repeat at every step.
  for (const m of model.members) {
    const code = savingsCode(m);
    if (!made.some((e) => e.postings[code] !== undefined)) continue;
    const statement = await get('/api/my-statement', m.token);
    expect(kit.fils(statement.closing.savings)).toBe(m.savingsFils);
    expect(
      (statement.lines as Array<{ entry_id: number; kind: string; savings_change: number }>)
        .filter((l) => l.kind === 'journal' || l.kind === 'reversal')
        .map((l) => [l.entry_id, l.kind, kit.fils(l.savings_change)])
        .sort((a, b) => Number(a[0]) - Number(b[0])),
    ).toEqual(
      made
        .filter((e) => e.postings[code] !== undefined)
        .map((e) => [e.id, e.kind, 0 - e.postings[code]!])
        .sort((a, b) => Number(a[0]) - Number(b[0])),
    );
  }
}
