// The steps of a loan's application: a member applies, naming guarantors, and each guarantor
// accepts or declines.
import fc from 'fast-check';
import { expect } from 'vitest';
import { loanFigures } from '@jamiya/money/loan';
import { bearer } from '../harness.ts';
import { call } from './calls.ts';
import { aed, fils, member, mostlyHit } from './helpers.ts';
import { hasLeft, isLeaving } from './helpers-exits.ts';
import {
  apiView,
  freeSavingsFils,
  guaranteeState,
  isOpen,
  loanById,
  maxLoanFils,
  modelView,
} from './helpers-loans.ts';
import {
  INTEREST_PERMILLE,
  LOAN_MIN,
  LOAN_STEP,
  MEMBERS,
  type ArgsOf,
  type Step,
} from './model.ts';
import { step } from './verify.ts';

/**
 * A guarantor an application names: one of the other members not named yet, the one named
 * just before again, the borrower themself or a member ID nobody has; for the amount that
 * covers their share of what the loan needs, all their free savings, or any amount.
 */
const guarantorAsked = fc.record({
  who: fc.oneof(
    { arbitrary: fc.constant('other' as const), weight: 10 },
    { arbitrary: fc.constant('again' as const), weight: 1 },
    { arbitrary: fc.constant('self' as const), weight: 1 },
    { arbitrary: fc.constant('unknown' as const), weight: 1 },
  ),
  g: fc.nat({ max: MEMBERS - 2 }),
  amount: fc.oneof(
    { arbitrary: fc.constant('share' as const), weight: 4 },
    { arbitrary: fc.constant('free' as const), weight: 1 },
    { arbitrary: fc.integer({ min: 1, max: 70_000 }), weight: 2 },
  ),
});
const UNKNOWN_MEMBER = 'JM999999';

const applyForLoanArgs = fc.record({
  i: member,
  steps: fc.nat({ max: 10 }),
  // Mostly an amount within the member's own maximum: those beyond it are all refused alike.
  within: fc.oneof(
    { arbitrary: fc.constant(true), weight: 3 },
    { arbitrary: fc.constant(false), weight: 1 },
  ),
  term: fc.constantFrom(1, 3, 6),
  guarantors: fc.oneof(
    { arbitrary: fc.constant<ArgsOf<typeof guarantorAsked>[]>([]), weight: 1 },
    { arbitrary: fc.array(guarantorAsked, { minLength: 1, maxLength: 2 }), weight: 3 },
  ),
});
export const applyForLoanStep = ({
  i,
  steps,
  within,
  term,
  guarantors,
}: ArgsOf<typeof applyForLoanArgs>): Step => {
  const named = guarantors
    .map((g) => `${g.who === 'other' ? `m+${g.g}` : g.who}:${g.amount}`)
    .join(' ');
  return step(
    `applyForLoan(m${i}, ${within ? 'step' : ''}${steps}, ${term}${named ? `, ${named}` : ''})`,
    () => true,
    async (model, real) => {
      const m = model.members[i]!;
      // Mostly members who have not left (one who left is refused as a guarantor).
      const all = model.members.map((_, j) => j).filter((j) => j !== i);
      const staying = all.filter((j) => !hasLeft(model.members[j]!));
      const others = staying.length ? staying : all;
      const picked: number[] = [];
      const whom = guarantors.map((g) => {
        const fresh = others.filter((o) => !picked.includes(o));
        const j =
          g.who === 'self'
            ? i
            : g.who === 'unknown'
              ? null
              : g.who === 'again' && picked.length
                ? picked.at(-1)!
                : fresh.length
                  ? fresh[g.g % fresh.length]!
                  : others[g.g % others.length]!;
        if (j !== null) picked.push(j);
        return j;
      });
      const free = (j: number | null) => (j === null ? 0 : freeSavingsFils(model, j));
      const maxFils = maxLoanFils(m.savingsFils);
      // Within: the steps-th amount (from LOAN_MIN) of those the member may borrow and the
      // named guarantors' free savings could cover; else the steps-th amount of the policy.
      const reachFils = Math.min(
        maxFils,
        [i, ...new Set(whom.filter((j) => j !== i))].reduce<number>(
          (s, j) => s + Math.max(free(j), 0),
          0,
        ),
      );
      const stepsAllowed = Math.max(Math.floor((reachFils - LOAN_MIN) / LOAN_STEP) + 1, 1);
      const amountFils = LOAN_MIN + (within ? steps % stepsAllowed : steps) * LOAN_STEP;
      // Guarantors cover the part of the loan above the borrower's free savings.
      const neededFils = Math.max(amountFils - Math.max(free(i), 0), 0);
      let coveredFils = 0;
      const asked = guarantors.map((g, n) => {
        const j = whom[n]!;
        // Their share: an even part of what is left to cover, within their free savings
        // unless they are the last named, who is asked for all that is left.
        const rest = neededFils - coveredFils;
        const last = n === guarantors.length - 1;
        const amount =
          g.amount === 'share'
            ? Math.max(
                last ? rest : Math.min(Math.ceil(rest / (guarantors.length - n)), free(j)),
                1_000,
              )
            : g.amount === 'free'
              ? Math.max(free(j), 1)
              : g.amount;
        coveredFils += amount;
        return {
          j,
          amountFils: amount,
          memberId: j === null ? UNKNOWN_MEMBER : model.members[j]!.memberId,
        };
      });
      // Each guarantor once, another member; together they cover
      // what is needed and no more than the loan. The loan within the member's own maximum.
      const once = new Set(asked.map((a) => a.memberId)).size === asked.length;
      const guarantorsFit =
        once &&
        // Whether each can stand for their amount is checked when they answer, not here.
        // Nor a member who left or asked to leave: to the borrower, no active member.
        asked.every(
          (a) =>
            a.j !== null &&
            a.j !== i &&
            !hasLeft(model.members[a.j]!) &&
            !isLeaving(model.members[a.j]!),
        ) &&
        coveredFils >= neededFils &&
        coveredFils <= amountFils;
      // A member who left is refused (read-only); one who asked to leave, or with a loan open,
      // that before any rule.
      const expected = hasLeft(m)
        ? 403
        : isLeaving(m) || m.loans.some(isOpen)
          ? 409
          : maxFils === 0 ||
              amountFils > maxFils ||
              !guarantorsFit ||
              // A loan of theirs written off: they wait (12 months; the routes keep today).
              m.loans.some((l) => l.state === 'written_off')
            ? 422
            : 200;
      const res = await call(
        model,
        real,
        {
          url: '/api/loan-application',
          payload: {
            loan_type: 'personal',
            loan_amount: aed(amountFils),
            duration_month: term,
            bank_account: 'Bank 1',
            passport_or_nid: 'P123',
            ...(asked.length
              ? {
                  guarantors: asked.map((a) => ({
                    member_id: a.memberId,
                    amount: aed(a.amountFils),
                  })),
                }
              : {}),
          },
          headers: bearer(m.token),
        },
        expected,
      );
      if (expected !== 200) return;
      const loan = res.json().loan;
      const { totalFils } = loanFigures({
        amountFils,
        termMonths: term,
        interestPermille: INTEREST_PERMILLE,
      });
      expect(fils(loan.total_amount_with_interest)).toBe(totalFils);
      expect(fils(loan.guarantee_needed)).toBe(neededFils);
      const listed = loan.guarantors as Array<{ id: number; member_id: string; amount: number }>;
      expect(listed.map((g) => [g.member_id, fils(g.amount)])).toEqual(
        asked.map((a) => [a.memberId, a.amountFils]),
      );
      m.loans.push({
        id: loan.id,
        state: 'pending',
        amountFils,
        termMonths: term,
        proposal: null,
        repayProposal: null,
        totalFils,
        guaranteeNeededFils: neededFils,
        paidFils: 0,
        pendingRepaymentsFils: 0,
      });
      for (const [n, a] of asked.entries())
        model.guarantees.push({
          id: listed[n]!.id,
          loanId: loan.id,
          guarantor: a.j!,
          memberId: a.memberId,
          amountFils: a.amountFils,
          answer: 'asked',
          recoveredFils: 0,
        });
    },
  );
};
export const applyForLoan = applyForLoanArgs.map(applyForLoanStep);

/**
 * A guarantor answers a request (a stranger to it gets 404): only an unanswered one on a
 * pending loan (409 otherwise), and accepting only within their free savings (422).
 */
const answerGuaranteeArgs = fc.record({
  n: fc.nat(),
  // Mostly a request still waiting for its answer.
  h: mostlyHit,
  answer: fc.oneof(
    { arbitrary: fc.constant('accept' as const), weight: 3 },
    { arbitrary: fc.constant('decline' as const), weight: 1 },
  ),
  stranger: fc.oneof(
    { arbitrary: fc.constant(false), weight: 9 },
    { arbitrary: fc.constant(true), weight: 1 },
  ),
});
export const answerGuaranteeStep = ({
  n,
  h,
  answer,
  stranger,
}: ArgsOf<typeof answerGuaranteeArgs>): Step =>
  step(
    `${answer}Guarantee(#${n}${h ? '*' : ''}${stranger ? ', stranger' : ''})`,
    (model) => model.guarantees.length > 0,
    async (model, real) => {
      // A hit picks a request still waiting for its answer, if there is one.
      const waiting = model.guarantees.filter((g) => guaranteeState(model, g) === 'asked');
      const from = h && waiting.length ? waiting : model.guarantees;
      const g = from[n % from.length]!;
      const who = stranger ? (g.guarantor + 1 + (n % (MEMBERS - 1))) % MEMBERS : g.guarantor;
      const loan = loanById(model, g.loanId);
      // One who left is refused before anything else (read-only).
      const expected = hasLeft(model.members[who]!)
        ? 403
        : stranger
          ? 404
          : g.answer !== 'asked' ||
              loan.state !== 'pending' ||
              // One who asked to leave may decline, not accept.
              (answer === 'accept' && isLeaving(model.members[g.guarantor]!))
            ? 409
            : answer === 'accept' && g.amountFils > freeSavingsFils(model, g.guarantor)
              ? 422
              : 200;
      const res = await call(
        model,
        real,
        {
          url: `/api/guarantees/${g.id}/${answer}`,
          headers: bearer(model.members[who]!.token),
        },
        expected,
      );
      if (expected !== 200) return;
      g.answer = answer === 'accept' ? 'accepted' : 'declined';
      expect(apiView(res.json().guarantee)).toEqual(modelView(model, g));
    },
  );
export const answerGuarantee = answerGuaranteeArgs.map(answerGuaranteeStep);
