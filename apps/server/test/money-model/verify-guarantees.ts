// The check of each member as a guarantor and as a borrower to be, after every step (see verify.ts).
import { expect } from 'vitest';
import { bearer } from '../harness.ts';
import { fils } from './helpers.ts';
import { hasLeft } from './helpers-exits.ts';
import {
  apiView,
  guaranteesOf,
  heldFrom,
  isOpen,
  loanById,
  maxLoanFils,
  modelView,
  type GuaranteeView,
} from './helpers-loans.ts';
import type { Model, Real } from './model.ts';

/**
 * Member j as a guarantor and as a borrower to be: their guarantees (newest first) hold what
 * the model says, together no more than their savings, and their eligibility is 3 times their
 * savings with their free savings what the guarantees leave.
 */
export async function verifyGuarantor(
  model: Readonly<Model>,
  real: Real,
  j: number,
): Promise<void> {
  const m = model.members[j]!;
  const held = heldFrom(model, j);
  expect(held).toBeLessThanOrEqual(m.savingsFils);
  const mine = (
    await real.t.app.inject({ url: '/api/guarantees', headers: bearer(m.token) })
  ).json();
  const items = mine.items as Array<GuaranteeView & { loan: { state: string } }>;
  const views = items.map(apiView);
  const own = guaranteesOf(model, j).sort((a, b) => b.id - a.id);
  expect(views).toEqual(own.map((g) => modelView(model, g)));
  expect(items.map((v) => v.loan.state)).toEqual(own.map((g) => loanById(model, g.loanId).state));
  expect(views.reduce((s, v) => s + v.heldFils, 0)).toBeLessThanOrEqual(m.savingsFils);
  expect(fils(mine.free_savings)).toBe(Math.max(m.savingsFils - held, 0));
  const max = maxLoanFils(m.savingsFils);
  // A member who left is inactive: no loan. Nor for a member whose loan was written off (the
  // routes keep today, within the 12 months of the bar).
  const eligible =
    max > 0 &&
    !m.loans.some(isOpen) &&
    !hasLeft(m) &&
    !m.loans.some((l) => l.state === 'written_off');
  const e = (
    await real.t.app.inject({ url: '/api/my-loans/eligibility', headers: bearer(m.token) })
  ).json();
  expect({
    eligible: e.eligible,
    maxFils: fils(e.max_amount),
    savingsFils: fils(e.savings),
    freeFils: fils(e.free_savings),
  }).toEqual({
    eligible,
    maxFils: eligible ? max : 0,
    savingsFils: m.savingsFils,
    freeFils: Math.max(m.savingsFils - held, 0),
  });
}
