import { allocate } from './allocate.ts';
import { assertFils, formatAed, MAX_AED_FILS, tryParseAed, type Fils } from './fils.ts';

/** 7 % flat (docs/product.md section 5). */
export const LOAN_INTEREST_PERMILLE = 70;

const MAX_TERM_MONTHS = 120;
const MAX_INTEREST_PERMILLE = 1000;

export type LoanInput = { amountFils: Fils; termMonths: number; interestPermille?: number };

export type LoanFigures = {
  amountFils: Fils;
  termMonths: number;
  totalFils: Fils;
  interestFils: Fils;
  perMonthFils: Fils;
};

export type LoanInstallment = {
  number: number;
  amountFils: Fils;
  principalFils: Fils;
  interestFils: Fils;
};

function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

/**
 * total = amount × (1 + interest) rounded half up to whole AED; per month = amount ×
 * (1 + interest) / term rounded half up to whole fils; interest = total − amount.
 *
 * Throws RangeError for an amount outside 1 fil..MAX_AED_FILS, a term outside 1..120
 * whole months, an interest outside 0..1000 ‰, and for amounts too small for their term:
 * where rounding the total to whole AED would make the interest negative, or the
 * installments could not all be at least 1 fil (e.g. 1 AED over 120 months). Any amount of
 * 125 AED or more works for every term at 7 % or more.
 */
export function loanFigures(input: LoanInput): LoanFigures {
  const { amountFils, termMonths, interestPermille = LOAN_INTEREST_PERMILLE } = input;
  assertFils(amountFils, 'amountFils');
  if (amountFils <= 0 || amountFils > MAX_AED_FILS) {
    throw new RangeError(`A loan amount must be above zero and at most ${formatAed(MAX_AED_FILS)}`);
  }
  if (!Number.isInteger(termMonths) || termMonths < 1 || termMonths > MAX_TERM_MONTHS) {
    throw new RangeError(
      `A loan term must be a whole number of months from 1 to ${MAX_TERM_MONTHS}`,
    );
  }
  if (
    !Number.isInteger(interestPermille) ||
    interestPermille < 0 ||
    interestPermille > MAX_INTEREST_PERMILLE
  ) {
    throw new RangeError(
      `Loan interest must be a whole number of per mille from 0 to ${MAX_INTEREST_PERMILLE}`,
    );
  }

  // amount × (1000 + ‰) is the total owed in thousandths of a fil, exact.
  const owedMilliFils = BigInt(amountFils) * BigInt(1000 + interestPermille);
  const totalFils = Number(divideHalfUp(owedMilliFils, 100_000n) * 100n);
  const perMonthFils = Number(divideHalfUp(owedMilliFils, 1000n * BigInt(termMonths)));
  const interestFils = totalFils - amountFils;
  const lastInstallmentFils = totalFils - perMonthFils * (termMonths - 1);

  if (interestFils < 0) {
    throw new RangeError(
      `A loan of ${formatAed(amountFils)} is too small: its total rounds to ${formatAed(totalFils)}, less than the amount`,
    );
  }
  if (perMonthFils < 1 || lastInstallmentFils < 1) {
    throw new RangeError(
      `A loan of ${formatAed(amountFils)} is too small to repay in ${termMonths} monthly installments`,
    );
  }
  return { amountFils, termMonths, totalFils, interestFils, perMonthFils };
}

/**
 * `termMonths` installments of perMonthFils, the last one taking the rounding difference
 * so they sum exactly to totalFils. The principal is split in proportion to the
 * installments, so principals sum to the amount and interest parts to interestFils, and
 * no part is negative. Due dates belong to the server.
 */
export function loanSchedule(input: LoanInput): LoanInstallment[] {
  const { amountFils, termMonths, totalFils, perMonthFils } = loanFigures(input);
  const installmentsFils = Array.from({ length: termMonths }, (_, index) =>
    index === termMonths - 1 ? totalFils - perMonthFils * (termMonths - 1) : perMonthFils,
  );
  const principalsFils = allocate(amountFils, installmentsFils);
  return installmentsFils.map((installmentFils, index) => {
    const principalFils = principalsFils[index] ?? 0;
    return {
      number: index + 1,
      amountFils: installmentFils,
      principalFils,
      interestFils: installmentFils - principalFils,
    };
  });
}

/** Whether a figure a client sent (a JSON number in AED) is exactly the server's figure. */
export function sameAedFigure(clientAed: number, serverFils: Fils): boolean {
  return tryParseAed(clientAed) === serverFils;
}

/** What an installment is owed and what was paid of it: the parts a repayment is spread over. */
export type InstallmentParts = {
  principalFils: Fils;
  interestFils: Fils;
  paidPrincipalFils: Fils;
  paidInterestFils: Fils;
};

/**
 * A repayment spread over a loan's installments, oldest first and interest first within each
 * (Apache Fineract's default strategy): each installment's paid parts after it, and how much of
 * it went to interest and to principal. Throws RangeError for more than is owed.
 */
export function spreadRepayment<T extends InstallmentParts>(
  installments: readonly T[],
  amountFils: Fils,
): { installments: T[]; principalFils: Fils; interestFils: Fils } {
  assertFils(amountFils, 'amountFils');
  let left = amountFils;
  let principalFils = 0;
  let interestFils = 0;
  const after = installments.map((inst) => {
    const toInterest = Math.min(left, inst.interestFils - inst.paidInterestFils);
    const toPrincipal = Math.min(left - toInterest, inst.principalFils - inst.paidPrincipalFils);
    left -= toInterest + toPrincipal;
    interestFils += toInterest;
    principalFils += toPrincipal;
    return toInterest + toPrincipal === 0
      ? inst
      : {
          ...inst,
          paidInterestFils: inst.paidInterestFils + toInterest,
          paidPrincipalFils: inst.paidPrincipalFils + toPrincipal,
        };
  });
  if (left > 0) throw new RangeError(`${formatAed(left)} more than the loan owes`);
  return { installments: after, principalFils, interestFils };
}

/**
 * The last repayment of `amountFils` taken back from a loan's installments: the paid parts are
 * always a prefix of (interest, principal) of each installment in turn, so the last repayment
 * is their tail, taken back from the newest installment, principal before interest. Returns the
 * installments before it and how much of it was principal and interest, as spreadRepayment had
 * said. Throws RangeError for more than was paid.
 */
export function unspreadRepayment<T extends InstallmentParts>(
  installments: readonly T[],
  amountFils: Fils,
): { installments: T[]; principalFils: Fils; interestFils: Fils } {
  assertFils(amountFils, 'amountFils');
  let left = amountFils;
  let principalFils = 0;
  let interestFils = 0;
  const before = [...installments].reverse().map((inst) => {
    const fromPrincipal = Math.min(left, inst.paidPrincipalFils);
    const fromInterest = Math.min(left - fromPrincipal, inst.paidInterestFils);
    left -= fromPrincipal + fromInterest;
    principalFils += fromPrincipal;
    interestFils += fromInterest;
    return fromPrincipal + fromInterest === 0
      ? inst
      : {
          ...inst,
          paidPrincipalFils: inst.paidPrincipalFils - fromPrincipal,
          paidInterestFils: inst.paidInterestFils - fromInterest,
        };
  });
  if (left > 0) throw new RangeError(`${formatAed(left)} more than the loan was paid`);
  return { installments: before.reverse(), principalFils, interestFils };
}
