import { and, eq, inArray } from 'drizzle-orm';
import { loanFigures } from '@jamiya/money/loan';
import type { Fils } from '@jamiya/money/fils';
import type { Db } from '../../db/client.ts';
import { loans, loanTransitions, type LoanState } from '../../db/schema/loans.ts';
import { users } from '../../db/schema/users.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import {
  conflict,
  forbidden,
  notFound,
  unprocessable,
  type FieldErrors,
} from '../../lib/errors.ts';
import { aed, sentence, type Say } from '../../lib/i18n.ts';
import { audit } from '../audit/public.ts';
import { getSettings } from '../settings/public.ts';
import { askGuarantors, checkGuarantors, type GuarantorAsked } from './guarantee-asks.ts';
import type { Loan } from './transition.ts';

// A member applies for a loan: the settings' loan policy, the figures the member was shown,
// and at most one open loan each.

const OPEN_STATES: LoanState[] = ['pending', 'approved', 'active'];

export interface LoanApplication {
  loanType: string;
  amountFils: Fils;
  termMonths: number;
  includeInsurance: boolean;
  bankAccount: string;
  passportOrNid: string;
  clientPerMonthFils?: Fils | undefined;
  clientTotalFils?: Fils | undefined;
  guarantors?: GuarantorAsked[] | undefined;
}

/** What the association's rules allow the member now (features/borrowing works it out). */
export interface Standing {
  /** The state of the member's open loan, if any: refused with 409 before any rule. */
  openLoan: LoanState | null;
  /** Why the member may not borrow now (membership, dues, savings), or null. */
  refusal: Say | null;
  /** The member's own maximum, and why it is below the policy's (null when it is not). */
  maxAmountFils: Fils;
  limit: Say | null;
  /** Savings not held for guarantees; null when loans are not tied to savings (no guarantors needed). */
  freeSavingsFils: Fils | null;
}

/** The policy's limits alone: what an association with its rules off lends (and the tests). */
export const WITHOUT_RULES: Standing = {
  openLoan: null,
  refusal: null,
  maxAmountFils: Number.MAX_SAFE_INTEGER,
  limit: null,
  freeSavingsFils: null,
};

export async function applyForLoan(
  db: Db,
  userId: number,
  application: LoanApplication,
  now: Date,
  ip: string | null = null,
  standing: Standing = WITHOUT_RULES,
): Promise<Loan> {
  const s = await getSettings(db);
  const [user] = await db
    .select({ status: users.status, leavingOn: users.leavingOn })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound();
  if (user.status !== 1) {
    throw forbidden(INACTIVE_MEMBER);
  }
  if (user.leavingOn)
    throw conflict(
      /*i18n*/ 'You asked to leave the association: withdraw that request before you apply for a loan.',
    );
  if (standing.openLoan) throw openLoanConflict(standing.openLoan);
  const { amountFils, termMonths } = application;
  if (amountFils < s.loanMinFils || amountFils > s.loanMaxFils) {
    const range = { min: aed(s.loanMinFils), max: aed(s.loanMaxFils) };
    throw unprocessable(sentence(/*i18n*/ 'A loan must be between {min} and {max}.', range), {
      loan_amount: [sentence(/*i18n*/ 'Choose an amount from {min} to {max}.', range)],
    });
  }
  if ((amountFils - s.loanMinFils) % s.loanStepFils !== 0) {
    const step = { step: aed(s.loanStepFils) };
    throw unprocessable(sentence(/*i18n*/ 'The loan amount goes in steps of {step}.', step), {
      loan_amount: [sentence(/*i18n*/ 'Choose a multiple of {step}.', step)],
    });
  }
  const termAllowed =
    s.loanTerms.includes(termMonths) || (s.allowCustomTerm && termMonths <= s.loanMaxCustomTerm);
  if (!termAllowed) {
    const terms = { anyOf: s.loanTerms };
    const message = s.allowCustomTerm
      ? sentence(
          /*i18n*/ 'The term must be {terms} or a custom number of months up to {max, plural, one {# month} other {# months}}.',
          { terms, max: s.loanMaxCustomTerm },
        )
      : sentence(/*i18n*/ 'The term must be {terms} months.', { terms });
    throw unprocessable(message, { duration_month: [message] });
  }
  const figures = loanFigures({ amountFils, termMonths, interestPermille: s.interestPermille });
  const errors: FieldErrors = {};
  if (
    application.clientTotalFils !== undefined &&
    application.clientTotalFils !== figures.totalFils
  ) {
    errors.total_amount_with_interest = [
      sentence(/*i18n*/ 'The total to repay is {total}.', { total: aed(figures.totalFils) }),
    ];
  }
  if (
    application.clientPerMonthFils !== undefined &&
    application.clientPerMonthFils !== figures.perMonthFils
  ) {
    errors.per_month_amount = [
      sentence(/*i18n*/ 'The monthly amount is {amount}.', { amount: aed(figures.perMonthFils) }),
    ];
  }
  if (Object.keys(errors).length) {
    throw unprocessable(
      /*i18n*/ 'The figures sent differ from the loan terms; please review the new figures and apply again.',
      errors,
    );
  }
  if (standing.refusal) throw unprocessable(standing.refusal, { loan_amount: [standing.refusal] });
  if (amountFils > standing.maxAmountFils && standing.limit)
    throw unprocessable(standing.limit, { loan_amount: [standing.limit] });
  const guaranteeNeededFils =
    standing.freeSavingsFils === null ? 0 : Math.max(amountFils - standing.freeSavingsFils, 0);
  const guarantors = await checkGuarantors(
    db,
    userId,
    application.guarantors ?? [],
    guaranteeNeededFils,
    amountFils,
  );

  try {
    return await db.transaction(async (tx) => {
      const [open] = await tx
        .select({ id: loans.id, state: loans.state })
        .from(loans)
        .where(and(eq(loans.userId, userId), inArray(loans.state, OPEN_STATES)));
      if (open) throw openLoanConflict(open.state);
      const [loan] = await tx
        .insert(loans)
        .values({
          userId,
          loanType: application.loanType,
          amountFils,
          termMonths,
          interestPermille: s.interestPermille,
          totalFils: figures.totalFils,
          perMonthFils: figures.perMonthFils,
          includeInsurance: application.includeInsurance,
          bankAccount: application.bankAccount,
          passportOrNid: application.passportOrNid,
          guaranteeNeededFils,
          state: 'pending',
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!loan) throw new Error('loan was not written');
      await tx
        .insert(loanTransitions)
        .values({ loanId: loan.id, fromState: null, toState: 'pending', actorId: userId, at: now });
      await audit(tx, {
        actorId: userId,
        action: 'loan.apply',
        targetType: 'loan',
        targetId: loan.id,
        ip,
        at: now,
      });
      await askGuarantors(tx, loan, guarantors, now);
      return loan;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'loans_one_open_per_member')) throw openLoanConflict('pending');
    throw err;
  }
}

/** Why an inactive member may not apply (403), as the application and the eligibility say it. */
export const INACTIVE_MEMBER =
  /*i18n*/ 'Your membership is inactive, so you cannot apply for a loan. Please contact the committee.';

/** Why a member with a loan open may not apply (409), as the application and the eligibility say it. */
export const openLoanSentence = (state: LoanState) =>
  state === 'active'
    ? /*i18n*/ 'You already have an active loan. Repay it before you apply for another.'
    : /*i18n*/ 'You already have a loan application in progress. Wait for its decision or withdraw it first.';

function openLoanConflict(state: LoanState) {
  return conflict(openLoanSentence(state));
}
