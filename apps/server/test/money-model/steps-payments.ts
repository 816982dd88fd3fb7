// The steps of dues and payments: a member sends a receipt for a month's dues or a loan's
// repayment, an admin approves it (for the amount sent or another) or rejects it.
import fc from 'fast-check';
import type { Fils } from '@jamiya/money/fils';
import { bearer, multipart } from '../harness.ts';
import { monthName, periodAgo, periodLabel } from '../calendar.ts';
import { call, receipt } from './calls.ts';
import {
  admin,
  aed,
  dubaiDay,
  hit,
  member,
  monthOf,
  monthRemainingFils,
  repayment,
} from './helpers.ts';
import { hasLeft } from './helpers-exits.ts';
import { loanById, pickMember, remainingFils } from './helpers-loans.ts';
import { approvalRefusal, approveInModel } from './helpers-payments.ts';
import type { ArgsOf, LoanModel, Model, PaymentModel, Step } from './model.ts';
import { step } from './verify.ts';

/**
 * Member i sends a receipt for a month, from 11 months ago to the next (paid ahead): up to what
 * remains of its due and fine, or all of it ('rest').
 */
const submitDuesArgs = fc.record({
  i: member,
  monthsAgo: fc.integer({ min: -1, max: 11 }),
  amount: fc.constantFrom<Fils | 'rest'>(20_000, 15_050, 4_950, 12_000, 25_000, 21_000, 'rest'),
});
export const submitDuesStep = ({ i, monthsAgo, amount }: ArgsOf<typeof submitDuesArgs>): Step =>
  step(
    `submitDues(m${i}, ${periodAgo(monthsAgo)}, ${amount})`,
    () => true,
    async (model, real) => {
      const m = model.members[i]!;
      const period = periodAgo(monthsAgo);
      const month = monthOf(m, period);
      const remaining = monthRemainingFils(month);
      const amountFils = amount === 'rest' ? Math.max(remaining, 1) : amount;
      const { payload, headers } = multipart(
        {
          payment_amount: aed(amountFils),
          // A month ahead by its name and year: its name alone is the latest such month past.
          month: monthsAgo < 0 ? periodLabel(period) : monthName(period),
          account_number: '123',
        },
        { photo: { filename: 'r.jpg', contentType: 'image/jpeg', data: receipt } },
      );
      // Once the membership ended the account is read-only (403).
      const expected = hasLeft(m)
        ? 403
        : period < m.joined
          ? 422 // no due before the month they joined
          : month.pendingSince !== null || remaining <= 0
            ? 409
            : amountFils > remaining
              ? 422
              : 200;
      const res = await call(
        model,
        real,
        {
          url: '/api/save-monthly-payment',
          payload,
          headers: { ...headers, ...bearer(m.token) },
        },
        expected,
      );
      if (expected !== 200) return;
      m.months.set(period, { ...month, pendingSince: dubaiDay() });
      model.payments.push({
        id: res.json().payment.id,
        member: i,
        kind: 'dues',
        period,
        loanId: null,
        amountFils,
        hasReceipt: true,
        status: 'pending',
        approved: null,
      });
    },
  );
export const submitDues = submitDuesArgs.map(submitDuesStep);

export const submitRepayment = fc
  .record({ i: member, h: hit, amount: repayment, withReceipt: fc.boolean() })
  .map(({ i, h, amount, withReceipt }) => {
    const room = (l: LoanModel) => remainingFils(l) - l.pendingRepaymentsFils;
    const activeOf = (model: Readonly<Model>) =>
      model.members[pickMember(model, i, h, 'active')]!.loans.find((l) => l.state === 'active');
    return step(
      `submitRepayment(m${i}${h ? '*' : ''}, ${amount}${withReceipt ? ', receipt' : ''})`,
      (model) => {
        const active = activeOf(model);
        return amount !== 'rest' || (active !== undefined && room(active) > 0);
      },
      async (model, real) => {
        const j = pickMember(model, i, h, 'active');
        const m = model.members[j]!;
        const active = activeOf(model);
        const amountFils = amount === 'rest' ? room(active!) : amount;
        const expected = hasLeft(m) ? 403 : !active ? 409 : amountFils > room(active) ? 422 : 200;
        if (withReceipt && !active) return; // the receipt's call names a loan
        const form = multipart(
          { payment_amount: aed(amountFils) },
          { photo: { filename: 'r.jpg', contentType: 'image/jpeg', data: receipt } },
        );
        const res = await call(
          model,
          real,
          withReceipt
            ? {
                url: `/api/my-loans/${active!.id}/repayments`,
                payload: form.payload,
                headers: { ...form.headers, ...bearer(m.token) },
              }
            : {
                url: '/api/save-monthly-payment',
                payload: { payment_amount: aed(amountFils) },
                headers: bearer(m.token),
              },
          expected,
        );
        if (expected !== 200) return;
        active!.pendingRepaymentsFils += amountFils;
        model.payments.push({
          id: res.json().payment.id,
          member: j,
          kind: 'loan_repayment',
          period: null,
          loanId: active!.id,
          amountFils,
          hasReceipt: withReceipt,
          status: 'pending',
          approved: null,
        });
      },
    );
  });

/** The j-th payment, or (when `hit`) the j-th still pending if there is one. */
function pickPayment(model: Model, j: number, hit: boolean): PaymentModel {
  const pending = model.payments.filter((p) => p.status === 'pending');
  const from = hit && pending.length ? pending : model.payments;
  return from[j % from.length]!;
}

const approvePaymentArgs = fc.record({
  j: fc.nat(),
  h: hit,
  k: admin,
  corrected: fc.option(fc.integer({ min: 1, max: 40_000 })),
});
export const approvePaymentStep = ({
  j,
  h,
  k,
  corrected,
}: ArgsOf<typeof approvePaymentArgs>): Step =>
  step(
    `approvePayment(#${j}${h ? '*' : ''}, a${k}, ${corrected})`,
    (model) => model.payments.length > 0,
    async (model, real) => {
      const p = pickPayment(model, j, h);
      const applied = corrected ?? p.amountFils;
      const refused = approvalRefusal(model, p, applied);
      const expected = !model.admins[k]!.active
        ? 403
        : refused === 409
          ? 409
          : !p.hasReceipt && corrected === null
            ? 422
            : (refused ?? 200);
      await call(
        model,
        real,
        {
          url: `/api/admin/payments/${p.id}/approve`,
          ...(corrected ? { payload: { amount: aed(corrected) } } : {}),
          headers: bearer(real.adminTokens[k]!),
        },
        expected,
      );
      if (expected === 200) approveInModel(model, p, applied);
    },
  );
export const approvePayment = approvePaymentArgs.map(approvePaymentStep);

const rejectPaymentArgs = fc.record({ j: fc.nat(), h: hit, k: admin });
export const rejectPaymentStep = ({ j, h, k }: ArgsOf<typeof rejectPaymentArgs>): Step =>
  step(
    `rejectPayment(#${j}${h ? '*' : ''}, a${k})`,
    (model) => model.payments.length > 0,
    async (model, real) => {
      const p = pickPayment(model, j, h);
      const expected = !model.admins[k]!.active ? 403 : p.status === 'pending' ? 200 : 409;
      await call(
        model,
        real,
        {
          url: `/api/admin/payments/${p.id}/reject`,
          payload: { reason: 'The receipt is unreadable.' },
          headers: bearer(real.adminTokens[k]!),
        },
        expected,
      );
      if (expected !== 200) return;
      p.status = 'rejected';
      if (p.loanId !== null) loanById(model, p.loanId).pendingRepaymentsFils -= p.amountFils;
      else {
        const m = model.members[p.member]!;
        m.months.set(p.period!, { ...monthOf(m, p.period!), pendingSince: null });
      }
    },
  );
export const rejectPayment = rejectPaymentArgs.map(rejectPaymentStep);
