// The steps of the dues job and its late fines: the job run today or days ahead, a fine waived.
import fc from 'fast-check';
import { expect } from 'vitest';
import { duesCalendarRun } from '../../src/features/payments/public.ts';
import { bearer } from '../harness.ts';
import { periodAgo, shiftPeriod } from '../calendar.ts';
import { call } from './calls.ts';
import {
  admin,
  dubaiDay,
  fils,
  fineDayOf,
  finePaidFils,
  hit,
  member,
  monthOf,
  pad2,
  signerAnswer,
} from './helpers.ts';
import { hasLeft, leavingPeriodOf } from './helpers-exits.ts';
import { DUE, DUE_DAY, FINES_SINCE, type ArgsOf, type Step } from './model.ts';
import { step } from './verify.ts';

const DAY_MS = 24 * 60 * 60_000;
/**
 * The dues calendar's daily job, run now or as if 50 days had passed (for it alone: the routes
 * keep today): it fines each member once for each month of the 5 before its day's, that day's
 * and the next, still unpaid on the month's fine day if that day has come, unless a receipt for
 * the month sent before that day awaits review; none after the month a member leaves in, and
 * none for a member who left.
 */
export const duesJobStep = (later: number): Step =>
  step(
    `duesJob(${later ? `+${later} days` : 'now'})`,
    () => true,
    async (model, real) => {
      const at = new Date(Date.now() + later * DAY_MS);
      const today = dubaiDay(at);
      let fined = 0;
      // The job leaves a member who left alone.
      for (const m of model.members.filter((m) => !hasLeft(m)))
        for (let n = -5; n <= 1; n++) {
          const period = shiftPeriod(today.slice(0, 7), n);
          const month = monthOf(m, period);
          const day = fineDayOf(period);
          const sentInTime = month.pendingSince !== null && month.pendingSince < day;
          if (period < m.joined || month.fineFils > 0 || month.paidFils >= DUE) continue;
          // Its due day came before they joined: the month is owed, never fined.
          if (`${period}-${pad2(DUE_DAY)}` < m.joinedOn) continue;
          // Asked to leave: no month after the one they leave in.
          if (period > (leavingPeriodOf(m) ?? period)) continue;
          if (day > today || day < FINES_SINCE || sentInTime) continue;
          m.months.set(period, { ...month, fineFils: model.fineFils });
          fined += 1;
        }
      expect((await duesCalendarRun(real.t.db, at)).fines).toBe(fined);
    },
  );
export const duesJob = fc
  .oneof({ arbitrary: fc.constant(0), weight: 3 }, { arbitrary: fc.constant(50), weight: 1 })
  .map(duesJobStep);

/**
 * An admin waives what is unpaid of a month's fine, with a reason the member reads: proposed
 * with two active admins (202), carried out by the other (200); alone, carried out at once. A
 * month not fined is 404, a fine waived or paid 409, no reason 422, an admin's own fine 403.
 */
const waiveFineArgs = fc.record({
  i: member,
  n: fc.nat(),
  // A hit confirms an open proposal as the other admin.
  h: hit,
  k: admin,
  // Mostly a month fined; else any month of member i's, or the admin's own (never fined).
  target: fc.oneof(
    { arbitrary: fc.constant('fined' as const), weight: 6 },
    { arbitrary: fc.constant('any' as const), weight: 1 },
    { arbitrary: fc.constant('own' as const), weight: 1 },
  ),
  blank: fc.oneof(
    { arbitrary: fc.constant(false), weight: 6 },
    { arbitrary: fc.constant(true), weight: 1 },
  ),
});
export const waiveFineStep = ({
  i,
  n,
  h,
  k,
  target,
  blank,
}: ArgsOf<typeof waiveFineArgs>): Step => {
  const named =
    target === 'fined'
      ? `fined#${n}`
      : target === 'own'
        ? 'own'
        : `m${i}, ${periodAgo((n % 14) - 1)}`;
  return step(
    `waiveFine(${named}${h ? '*' : ''}, a${k}${blank ? ', blank' : ''})`,
    () => true,
    async (model, real) => {
      const fined = model.members.flatMap((m) =>
        [...m.months.entries()]
          .filter(([, month]) => month.fineFils > 0)
          .map(([period, month]) => ({ m, period, month })),
      );
      const proposed = fined.filter((f) => f.month.waiveProposal !== null);
      const from = h && proposed.length ? proposed : fined;
      const picked = target === 'fined' && from.length ? from[n % from.length]! : null;
      const m = picked?.m ?? model.members[i]!;
      // Else a month from the next back to the one they joined in (fined or not).
      const period = picked?.period ?? periodAgo((n % 14) - 1);
      const month = monthOf(m, period);
      const open = target === 'own' ? null : month.waiveProposal;
      const who = h && open ? 1 - open.by : k;
      const userId = target === 'own' ? model.admins[who]!.userId : m.userId;
      const leftFils = month.fineFils - finePaidFils(month);
      const expected = !model.admins[who]!.active
        ? 403
        : blank
          ? 422
          : target === 'own'
            ? 403
            : signerAnswer(model, who, open, {
                refused:
                  month.fineFils === 0 ? 404 : month.waivedFils > 0 || leftFils <= 0 ? 409 : null,
              });
      const res = await call(
        model,
        real,
        {
          url: `/api/admin/members/${userId}/fines/${period}/waive`,
          payload: { reason: blank ? ' ' : 'Hospital bills this month.' },
          headers: bearer(real.adminTokens[who]!),
        },
        expected,
      );
      // Refused before its route runs, a blank reason keeps nothing to replay.
      if (blank) model.last = null;
      if (expected === 202) m.months.set(period, { ...month, waiveProposal: { by: who } });
      if (expected !== 200) return;
      if (!open) model.alone.waivers += 1;
      expect(fils(res.json().fine.waived)).toBe(leftFils);
      m.months.set(period, { ...month, waivedFils: leftFils, waiveProposal: null });
    },
  );
};
export const waiveFine = waiveFineArgs.map(waiveFineStep);
