// The checks of the requests to leave and of the members who left, after every step (see verify.ts).
import { expect } from 'vitest';
import { accountBalanceFils, memberSavingsFils } from '../../src/features/ledger/balances.ts';
import { bearer } from '../harness.ts';
import { fils, finesOwedFils, monthOf, monthRemainingFils, monthsSince } from './helpers.ts';
import { hasLeft, modelSettlement, settlementView } from './helpers-exits.ts';
import { heldFrom, isOpen } from './helpers-loans.ts';
import type { Model, Real } from './model.ts';

/**
 * Every request to leave as its member sees it (GET /api/my-exit): its state, the day the
 * membership ended, what was settled and paid out, the clearance letter once closed, and, until
 * they left, what leaving pays today; and each open one in the admins' list with what its next
 * payout pays and why it cannot yet: all as the model works them out.
 */
export async function verifyExits(model: Readonly<Model>, real: Real): Promise<void> {
  const asked = model.members.flatMap((m, j) => (m.exit ? [j] : []));
  for (const j of asked) {
    const m = model.members[j]!;
    const exit = m.exit!;
    const res = await real.t.app.inject({ url: '/api/my-exit', headers: bearer(m.token) });
    expect(res.statusCode, res.body).toBe(200);
    const mine = res.json();
    const left = hasLeft(m);
    expect({
      id: mine.exit.id,
      state: mine.exit.state,
      leftOn: mine.exit.left_on,
      letter: mine.clearance_letter_url,
    }).toEqual({
      id: exit.id,
      state: exit.state,
      leftOn: left ? exit.leaveOn : null,
      letter: exit.state === 'closed' ? '/api/my-exit/clearance-letter' : null,
    });
    if (left) expect(mine.settlement).toBeNull();
    else expect(settlementView(mine.settlement)).toEqual(modelSettlement(model, j));
    const settled = mine.exit.settled as Record<string, unknown> | null;
    expect(
      settled && {
        savingsFils: fils(settled.savings),
        shareOutFils: fils(settled.share_out),
        loanRepaidFils: fils(settled.loan_repaid),
        finesPaidFils: fils(settled.fines_paid),
        duesClosedFils: fils(settled.dues_closed),
        paidOutFils: fils(settled.paid_out),
        heldFils: fils(settled.held),
      },
    ).toEqual(
      exit.settled && {
        ...exit.settled,
        shareOutFils: 0,
        paidOutFils: exit.paidOutFils,
        heldFils: exit.state === 'holding' ? heldFrom(model, j) : 0,
      },
    );
  }
  const open = asked.filter((j) =>
    ['requested', 'holding'].includes(model.members[j]!.exit!.state),
  );
  if (open.length === 0) return;
  // There is always an active admin (the last one is never made inactive).
  const k = model.admins.findIndex((a) => a.active);
  const list = await real.t.app.inject({
    url: '/api/admin/exits',
    headers: bearer(real.adminTokens[k]!),
  });
  expect(list.statusCode, list.body).toBe(200);
  const items = list.json().items as Array<{
    id: number;
    state: string;
    settlement: Parameters<typeof settlementView>[0];
  }>;
  for (const j of open) {
    const exit = model.members[j]!.exit!;
    const item = items.find((x) => x.id === exit.id);
    expect(item?.state).toBe(exit.state);
    expect(settlementView(item!.settlement)).toEqual(modelSettlement(model, j));
  }
}

/**
 * A member who left owes nothing and holds nothing (docs/domain/leaving.md): no due, no fine,
 * no loan open; once the exit is closed no savings and no hold, and while it is holding savings
 * at least what their guarantees hold (the rest, what the guarantees released since the last
 * payout, is the next payout: verifyExits).
 */
export async function verifyLeft(
  model: Readonly<Model>,
  real: Real,
  j: number,
  account: { due_balance: unknown; loan_balance: unknown },
): Promise<void> {
  const m = model.members[j]!;
  expect(fils(account.due_balance)).toBe(0);
  expect(fils(account.loan_balance)).toBe(0);
  expect(m.loans.filter(isOpen)).toEqual([]);
  expect(monthsSince(m.joined).map((p) => [p, monthRemainingFils(monthOf(m, p))])).toEqual(
    monthsSince(m.joined).map((p) => [p, 0]),
  );
  expect(finesOwedFils(m)).toBe(0);
  expect(await accountBalanceFils(real.t.db, { code: 'fines', userId: m.userId })).toBe(0);
  const savings = await memberSavingsFils(real.t.db, m.userId);
  const held = heldFrom(model, j);
  if (m.exit!.state === 'closed') expect([savings, held]).toEqual([0, 0]);
  else expect(savings).toBeGreaterThanOrEqual(held);
}
