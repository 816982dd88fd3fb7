// The steps of leaving: a member asks to leave or takes it back, two admins pay out their exit.
import fc from 'fast-check';
import { expect } from 'vitest';
import { bearer } from '../harness.ts';
import { periodAgo } from '../calendar.ts';
import { call } from './calls.ts';
import {
  admin,
  aed,
  dubaiDay,
  fils,
  finePaidFils,
  member,
  monthOf,
  monthRemainingFils,
  monthsSince,
  mostlyHit,
  signerAnswer,
} from './helpers.ts';
import { hasLeft, modelSettlement, nextPayoutOf, settlementView } from './helpers-exits.ts';
import { isOpen, loanById } from './helpers-loans.ts';
import type { ArgsOf, MemberModel, Model, Step } from './model.ts';
import { step } from './verify.ts';

/**
 * Member i asks to leave today (docs/domain/leaving.md), after reading what leaving pays: one
 * open request (409), and none once the membership ended (403, read-only).
 */
export const askToLeaveStep = (i: number): Step =>
  step(
    `askToLeave(m${i})`,
    () => true,
    async (model, real) => {
      const m = model.members[i]!;
      const expected = hasLeft(m) ? 403 : m.exit?.state === 'requested' ? 409 : 200;
      const before = await real.t.app.inject({ url: '/api/my-exit', headers: bearer(m.token) });
      expect(before.statusCode, before.body).toBe(200);
      const settlement = before.json().settlement;
      if (hasLeft(m)) expect(settlement).toBeNull();
      else expect(settlementView(settlement)).toEqual(modelSettlement(model, i));
      const leaveOn = dubaiDay();
      const res = await call(
        model,
        real,
        {
          url: '/api/my-exit',
          payload: { leave_on: leaveOn, pay_to: 'IBAN AE07 0331 2345 6789 0123 456' },
          headers: bearer(m.token),
        },
        expected,
      );
      if (expected !== 200) return;
      expect(res.json().exit).toMatchObject({
        state: 'requested',
        asked_by: 'member',
        settled: null,
      });
      m.exit = {
        id: res.json().exit.id,
        state: 'requested',
        leaveOn,
        proposal: null,
        settled: null,
        paidOutFils: 0,
      };
      // What they were asked to guarantee and had not answered, they decline by leaving.
      // (Asks of a loan that ended were cancelled with it.)
      for (const g of model.guarantees)
        if (g.guarantor === i && g.answer === 'asked' && isOpen(loanById(model, g.loanId)))
          g.answer = 'declined';
    },
  );
export const askToLeave = member.map(askToLeaveStep);

/** Member i takes back their request while it waits for the payout; its proposal goes with it. */
export const withdrawExitStep = (i: number): Step =>
  step(
    `withdrawExit(m${i})`,
    (model) => model.members[i]!.exit !== null,
    async (model, real) => {
      const m = model.members[i]!;
      const expected = m.exit?.state === 'requested' ? 200 : 409;
      await call(model, real, { url: '/api/my-exit/withdraw', headers: bearer(m.token) }, expected);
      if (expected !== 200) return;
      m.exit = { ...m.exit!, state: 'withdrawn', proposal: null };
    },
  );
export const withdrawExit = member.map(withdrawExitStep);

/**
 * Whether a month after this one has a fine unpaid. Only the dues job run days ahead of the
 * routes' today fines one (no real day fines a month not begun), and leaving settles the months
 * up to this one: its payout would leave that fine owed (test/support/consistency.ts), so the
 * model pays out no member with one (a waiver or a payment of it lets them go).
 */
const finedAhead = (m: MemberModel) =>
  [...m.months.entries()].some(
    ([period, month]) =>
      period > periodAgo(0) && month.fineFils - month.waivedFils - finePaidFils(month) > 0,
  );
/**
 * The member with a request to leave that the step pays out: member i if they asked, else the
 * i-th of those who did; when `hit`, the i-th of those with a payout proposed, else of those
 * still waiting for one (requested or holding) that could be paid out now, else of those
 * waiting, if any.
 */
function pickLeaver(model: Readonly<Model>, i: number, hit: boolean): number | null {
  // Not one whose first payout would leave a fine behind (see finedAhead).
  const asked = model.members.flatMap((m, j) =>
    m.exit && !(m.exit.state === 'requested' && finedAhead(m)) ? [j] : [],
  );
  if (asked.length === 0) return null;
  const exitOf = (j: number) => model.members[j]!.exit!;
  const proposed = asked.filter((j) => exitOf(j).proposal !== null);
  const waiting = asked.filter((j) => ['requested', 'holding'].includes(exitOf(j).state));
  const ready = waiting.filter((j) => {
    const next = nextPayoutOf(model, j);
    return next.blockers === 0 && next.payoutFils <= model.cashFils;
  });
  const from = hit ? ([proposed, ready, waiting].find((list) => list.length) ?? []) : [];
  if (from.length) return from[i % from.length]!;
  return asked.includes(i) ? i : asked[i % asked.length]!;
}

/**
 * An admin pays out a member who leaves, the amount the model works out (or, `wrong`, AED 10
 * more: 409): proposed with two active admins (202), carried out by the other with the amount
 * proposed (200), at once by one active admin alone. Refused (409) for an exit withdrawn or
 * closed, while a receipt awaits review, a loan application is open or what is owed is more
 * than the free savings, once holding while the guarantees hold everything, when the amount
 * is not the payout now (a proposal's, once the figures moved) and when cash is short.
 *
 * The first payout repays the active loan from the savings (its guarantors released), pays the
 * fines from them and closes the months' dues, pays out the rest but what the member's
 * guarantees hold, and ends the membership: holding if something is held, else closed. A later
 * one pays what the guarantees released; closed once nothing is held.
 */
const payOutExitArgs = fc.record({
  i: member,
  h: mostlyHit,
  k: admin,
  wrong: fc.oneof(
    { arbitrary: fc.constant(false), weight: 5 },
    { arbitrary: fc.constant(true), weight: 1 },
  ),
});
export const payOutExitStep = ({ i, h, k, wrong }: ArgsOf<typeof payOutExitArgs>): Step =>
  step(
    `payOutExit(m${i}${h ? '*' : ''}, a${k}${wrong ? ', wrong' : ''})`,
    (model) => pickLeaver(model, i, h) !== null,
    async (model, real) => {
      const j = pickLeaver(model, i, h)!;
      const m = model.members[j]!;
      const exit = m.exit!;
      const open = exit.proposal;
      // A hit confirms an open proposal as the other admin, with its amount.
      const who = h && open ? 1 - open.by : k;
      const payable = exit.state === 'requested' || exit.state === 'holding';
      const next = nextPayoutOf(model, j);
      const amountFils = h && open ? open.amountFils : next.payoutFils + (wrong ? 1_000 : 0);
      const expected = signerAnswer(model, who, open, {
        refused:
          !payable ||
          next.blockers > 0 ||
          amountFils !== next.payoutFils ||
          (open !== null && open.amountFils !== amountFils) ||
          next.payoutFils > model.cashFils
            ? 409
            : null,
      });
      const res = await call(
        model,
        real,
        {
          url: `/api/admin/exits/${exit.id}/payout`,
          payload: { amount: aed(amountFils) },
          headers: bearer(real.adminTokens[who]!),
        },
        expected,
      );
      if (expected === 202) exit.proposal = { amountFils, by: who };
      if (expected !== 200) return;
      if (!open) model.alone.money += 1;
      if (exit.state === 'requested') {
        const active = m.loans.find((l) => l.state === 'active');
        if (active) {
          active.paidFils = active.totalFils;
          active.state = 'closed';
          active.proposal = null;
          active.repayProposal = null;
        }
        // Every month since they joined counts as paid: its due closed, its fine paid.
        for (const period of monthsSince(m.joined)) {
          const month = monthOf(m, period);
          const left = monthRemainingFils(month);
          if (left > 0) m.months.set(period, { ...month, paidFils: month.paidFils + left });
        }
        exit.settled = {
          savingsFils: next.savingsFils,
          loanRepaidFils: next.loanOwedFils,
          finesPaidFils: next.finesOwedFils,
          duesClosedFils: next.duesUnpaidFils,
        };
        m.savingsFils -= next.loanOwedFils + next.finesOwedFils;
      }
      m.savingsFils -= next.payoutFils;
      model.cashFils -= next.payoutFils;
      exit.paidOutFils += next.payoutFils;
      // What is left of the savings is what the guarantees hold.
      expect(m.savingsFils).toBe(next.heldFils);
      exit.state = next.heldFils > 0 ? 'holding' : 'closed';
      exit.proposal = null;
      expect(res.json().exit).toMatchObject({
        id: exit.id,
        state: exit.state,
        left_on: exit.leaveOn,
      });
      expect(fils(res.json().exit.settled.paid_out)).toBe(exit.paidOutFils);
    },
  );
export const payOutExit = payOutExitArgs.map(payOutExitStep);
