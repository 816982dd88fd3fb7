// Last month's year reviewed, closed and reopened, steps of the own books (see steps.ts;
// docs/domain/year.md). The model's year starts this month, so the year before ends last month.
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { bearer, rowsOf } from '../../harness.ts';
import type { Model, Real } from '../model.ts';
import {
  admin,
  closingPostings,
  lastMonthLockable,
  lastYear,
  mostly,
  negated,
  newEntry,
  post,
  type ArgsOf,
  type Kit,
} from './model.ts';

/** The entry that reversed `entryId`. */
async function reversalOf(real: Real, entryId: number): Promise<number> {
  const [row] = await rowsOf<{ id: string }>(
    real.t.db,
    sql`select id from journal_entries where reverses_entry_id = ${entryId}`,
  );
  return Number(row!.id);
}

/** The books have last month's year once anything is dated in it. */
const hasYear = (model: Readonly<Model>) => model.books.entries.some((e) => e.lastMonth);

export function yearSteps(kit: Kit) {
  /**
   * The arrears at the year's end marked reviewed (`POST /years/:year/arrears-review`), by one
   * admin: 404 while the books have no such year, 409 once it is closed.
   */
  const reviewArgs = fc.record({ k: admin });
  const reviewStep = ({ k }: ArgsOf<typeof reviewArgs>) =>
    kit.step(
      `reviewArrears(a${k})`,
      () => true,
      async (model, real) => {
        const { year } = model.books;
        const expected = !model.admins[k]!.active
          ? 403
          : !hasYear(model)
            ? 404
            : year.closed
              ? 409
              : 200;
        await kit.call(
          model,
          real,
          {
            method: 'POST',
            url: `/api/admin/years/${lastYear()}/arrears-review`,
            headers: bearer(real.adminTokens[k]!),
          },
          expected,
        );
        if (expected === 200) year.reviewed = true;
      },
    );

  /**
   * The year closed (`POST /years/:year/close`), by two admins (202, then 200): refused (409)
   * once closed, and while its checklist is unmet (last month not locked, a line of it not
   * booked, the arrears not reviewed); the interest it earned is none (nothing repaid last
   * month), so no share-out is waited for. The closing entry moves what the year's entries put
   * in the association's accounts to the members' surplus; none when they put nothing.
   */
  const closeArgs = fc.record({ h: mostly(true, false), k: admin });
  const closeStep = ({ h, k }: ArgsOf<typeof closeArgs>) =>
    kit.step(
      `closeYear(${h ? '*' : ''}a${k})`,
      () => true,
      async (model, real) => {
        const { books } = model;
        const { year } = books;
        const open = year.closeProposal;
        const who = h && open ? 1 - open.by : k;
        const unmet = books.lockedEntries === null || !lastMonthLockable(model) || !year.reviewed;
        const expected = !hasYear(model)
          ? kit.signerAnswer(model, who, open, { refused: 404 })
          : kit.signerAnswer(model, who, open, { refused: year.closed || unmet ? 409 : null });
        const res = await kit.call(
          model,
          real,
          {
            method: 'POST',
            url: `/api/admin/years/${lastYear()}/close`,
            headers: bearer(real.adminTokens[who]!),
          },
          expected,
        );
        if (expected === 202) year.closeProposal = { by: who };
        if (expected !== 200) return;
        const postings = closingPostings(model);
        const entryId = res.json().year.closing_entry_id as number | null;
        year.closeProposal = null;
        year.closed = true;
        year.closing =
          entryId === null
            ? null
            : newEntry({
                id: entryId,
                kind: 'closing',
                postings,
                proposedBy: open?.by ?? null,
                createdBy: who,
              });
        if (year.closing) {
          books.entries.push(year.closing);
          post(model, postings);
        }
      },
    );

  /**
   * The closed year reopened with a reason (`POST /years/:year/reopen`), by two admins: its
   * closing entry reversed beside it. 409 while it is not closed.
   */
  const reopenArgs = fc.record({ h: mostly(true, false), k: admin });
  const reopenStep = ({ h, k }: ArgsOf<typeof reopenArgs>) =>
    kit.step(
      `reopenYear(${h ? '*' : ''}a${k})`,
      () => true,
      async (model, real) => {
        const { year } = model.books;
        const open = year.reopenProposal;
        const who = h && open ? 1 - open.by : k;
        const expected = kit.signerAnswer(model, who, open, {
          refused: !hasYear(model) ? 404 : !year.closed ? 409 : null,
        });
        await kit.call(
          model,
          real,
          {
            method: 'POST',
            url: `/api/admin/years/${lastYear()}/reopen`,
            payload: { reason: 'The auditor found a receipt booked to the wrong account.' },
            headers: bearer(real.adminTokens[who]!),
          },
          expected,
        );
        if (expected === 202) year.reopenProposal = { by: who };
        if (expected !== 200) return;
        year.reopenProposal = null;
        year.closed = false;
        const closing = year.closing;
        year.closing = null;
        if (!closing) return;
        const reversal = await reversalOf(real, closing.id);
        closing.reversedBy = reversal;
        model.books.entries.push(
          newEntry({
            id: reversal,
            kind: 'reversal',
            postings: negated(closing.postings),
            proposedBy: open?.by ?? null,
            createdBy: who,
            reverses: closing.id,
          }),
        );
        post(model, negated(closing.postings));
      },
    );
  return { reviewArgs, reviewStep, closeArgs, closeStep, reopenArgs, reopenStep };
}
