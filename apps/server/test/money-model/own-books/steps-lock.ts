// Last month locked, a step of the own books (see steps.ts; docs/domain/year.md).
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { bearer, rowsOf } from '../../harness.ts';
import type { Real } from '../model.ts';
import { admin, lastMonth, lastMonthLockable, mostly, type ArgsOf, type Kit } from './model.ts';

/** The ids of the entries dated last month (Dubai's), in order. */
export async function entriesOfLastMonth(real: Real): Promise<number[]> {
  const rows = await rowsOf<{ id: string }>(
    real.t.db,
    sql`select id from journal_entries
      where to_char(occurred_at at time zone 'Asia/Dubai', 'YYYY-MM') = ${lastMonth()} order by id`,
  );
  return rows.map((r) => Number(r.id));
}

export function lockSteps(kit: Kit) {
  /**
   * Last month locked (`POST /periods/:month/lock`): proposed by one admin (202) and locked by
   * the other (200), or by one alone. Refused (409) while it cannot be locked (no line of it, a
   * line of it not booked), once locked, and to the proposer; a hit confirms the proposal.
   */
  const lockArgs = fc.record({ h: mostly(true, false), k: admin });
  const lockStep = ({ h, k }: ArgsOf<typeof lockArgs>) =>
    kit.step(
      `lockLastMonth(${h ? '*' : ''}a${k})`,
      () => true,
      async (model, real) => {
        const { books } = model;
        const open = books.lockProposal;
        const who = h && open ? 1 - open.by : k;
        const expected = kit.signerAnswer(model, who, open, {
          refused: books.lockedEntries !== null || !lastMonthLockable(model) ? 409 : null,
        });
        await kit.call(
          model,
          real,
          {
            method: 'POST',
            url: `/api/admin/periods/${lastMonth()}/lock`,
            headers: bearer(real.adminTokens[who]!),
          },
          expected,
        );
        if (expected === 202) books.lockProposal = { by: who };
        if (expected !== 200) return;
        books.lockProposal = null;
        books.lockedEntries = await entriesOfLastMonth(real);
      },
    );
  return { lockArgs, lockStep };
}
