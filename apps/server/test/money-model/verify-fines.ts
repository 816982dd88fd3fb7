// The check of the late fines and their waivers, after every step (see verify.ts).
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from '../harness.ts';
import { periodLabel } from '../calendar.ts';
import type { Model, Real } from './model.ts';

/**
 * Each month fined once, with one entry (Dr the member's fines, Cr fines income), and each
 * waiver one entry the other way: the entries and the months the dues calendar marked are
 * exactly the model's fines and waivers.
 */
export async function verifyFines(model: Readonly<Model>, real: Real): Promise<void> {
  const entries = await rowsOf<{ kind: string; user_id: number; memo: string; amount: string }>(
    real.t.db,
    sql`select e.kind, a.user_id, e.memo, p.amount_fils as amount from journal_entries e
      join postings p on p.entry_id = e.id join ledger_accounts a on a.id = p.account_id
      where e.kind in ('fine', 'fine_waiver') and a.code like 'fines:%'`,
  );
  const marked = await rowsOf<{ user_id: number; period: string; fine: string; waived: string }>(
    real.t.db,
    sql`select m.user_id, m.period, m.fine_fils as fine, m.waived_fils as waived
      from dues_months m join journal_entries e on e.id = m.fine_entry_id and e.kind = 'fine'
      where m.fined_at is not null`,
  );
  const expected = model.members.flatMap((m) =>
    [...m.months.entries()]
      .filter(([, month]) => month.fineFils > 0)
      .map(([period, month]) => ({ userId: m.userId, period, month })),
  );
  // No month fined twice: one 'fine' entry a member and month at most.
  const finesOf = new Map<string, number>();
  for (const e of entries.filter((e) => e.kind === 'fine')) {
    const key = `${e.user_id} ${e.memo}`;
    finesOf.set(key, (finesOf.get(key) ?? 0) + 1);
  }
  expect([...finesOf.entries()].filter(([, n]) => n > 1)).toEqual([]);
  const sorted = <T>(list: T[]) => list.map((x) => JSON.stringify(x)).sort();
  expect(sorted(entries.map((e) => [e.kind, Number(e.user_id), e.memo, Number(e.amount)]))).toEqual(
    sorted(
      expected.flatMap(({ userId, period, month }) => [
        ['fine', userId, `Late fine ${periodLabel(period)}`, month.fineFils],
        ...(month.waivedFils > 0
          ? [['fine_waiver', userId, `Late fine ${periodLabel(period)} waived`, -month.waivedFils]]
          : []),
      ]),
    ),
  );
  expect(
    sorted(marked.map((r) => [Number(r.user_id), r.period, Number(r.fine), Number(r.waived)])),
  ).toEqual(
    sorted(
      expected.map(({ userId, period, month }) => [
        userId,
        period,
        month.fineFils,
        month.waivedFils,
      ]),
    ),
  );
}
