// What the model works out of a member who leaves: whether they asked or left, and what the next
// payout of their exit pays and why it cannot yet, as the API shows it and as the model says.
import { dueLeftFils, fils, fineLeftFils, monthOf, monthsSince } from './helpers.ts';
import { heldFrom, remainingFils } from './helpers-loans.ts';
import type { MemberModel, Model } from './model.ts';

/** Whether the member's membership ended: paid out, with something still held or not. */
export const hasLeft = (m: MemberModel) =>
  m.exit?.state === 'holding' || m.exit?.state === 'closed';
/** Whether the member asked to leave and waits for the payout: no loan nor guarantee now. */
export const isLeaving = (m: MemberModel) => m.exit?.state === 'requested';
/**
 * The month a member leaves in, once they asked (until they take it back): no month after it
 * falls due, is listed or fined.
 */
export const leavingPeriodOf = (m: MemberModel): string | null =>
  m.exit && m.exit.state !== 'withdrawn' ? m.exit.leaveOn.slice(0, 7) : null;
/**
 * What the next payout of member j's exit pays and why it cannot yet (docs/domain/leaving.md),
 * as the model works it out. While requested: savings, less what their active loan owes and
 * the fines left of the months since they joined (a month after this one, fined only by the
 * job run days ahead, is no part of it), less what their guarantees hold; blocked by a receipt
 * under review, a loan application open or a shortfall. Once holding: what the guarantees
 * released, blocked while they hold everything. The share-out at exit is off (the default).
 */
export function nextPayoutOf(model: Readonly<Model>, j: number) {
  const m = model.members[j]!;
  const heldFils = heldFrom(model, j);
  if (m.exit?.state === 'holding') {
    const payoutFils = Math.max(m.savingsFils - heldFils, 0);
    return {
      savingsFils: m.savingsFils,
      loanOwedFils: 0,
      finesOwedFils: 0,
      duesUnpaidFils: 0,
      heldFils,
      payoutFils,
      shortfallFils: 0,
      blockers: heldFils > 0 && payoutFils === 0 ? 1 : 0,
    };
  }
  const active = m.loans.find((l) => l.state === 'active');
  const loanOwedFils = active ? remainingFils(active) : 0;
  const months = monthsSince(m.joined).map((period) => monthOf(m, period));
  const finesOwedFils = months.reduce((s, month) => s + fineLeftFils(month), 0);
  const free = m.savingsFils - heldFils;
  const owed = loanOwedFils + finesOwedFils;
  const shortfallFils = Math.max(owed - free, 0);
  const underReview = model.payments.some(
    (p) => p.status === 'pending' && (p.member === j || m.loans.some((l) => l.id === p.loanId)),
  );
  const applicationOpen = m.loans.some((l) => l.state === 'pending' || l.state === 'approved');
  return {
    savingsFils: m.savingsFils,
    loanOwedFils,
    finesOwedFils,
    duesUnpaidFils: months.reduce((s, month) => s + dueLeftFils(month), 0),
    heldFils,
    payoutFils: Math.max(free - owed, 0),
    shortfallFils,
    blockers: [underReview, applicationOpen, shortfallFils > 0].filter(Boolean).length,
  };
}
/** A settlement as the API shows it (GET /api/my-exit, the admins' list of exits). */
export const settlementView = (v: Record<string, unknown> & { blockers: string[] }) => ({
  savingsFils: fils(v.savings),
  shareOutFils: fils(v.share_out),
  loanOwedFils: fils(v.loan_owed),
  finesOwedFils: fils(v.fines_owed),
  duesUnpaidFils: fils(v.dues_unpaid),
  heldFils: fils(v.held_for_guarantees),
  payoutFils: fils(v.payout),
  shortfallFils: fils(v.shortfall),
  blockers: v.blockers.length,
});
export const modelSettlement = (model: Readonly<Model>, j: number) => ({
  ...nextPayoutOf(model, j),
  shareOutFils: 0,
});
