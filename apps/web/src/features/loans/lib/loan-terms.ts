import type { PublicSettings } from '@jamiya/contracts/settings';
import { parseAed, type Fils } from '@jamiya/money/fils';
import { filsToDecimalString } from '@jamiya/money/format';
import { loanFigures, type LoanFigures } from '@jamiya/money/loan';

export type LoanPolicy = PublicSettings['loan_policy'];

/** The loan policy of GET /api/settings with its amounts in integer fils. */
export interface PolicyFils {
  minFils: Fils;
  maxFils: Fils;
  stepFils: Fils;
  defaultFils: Fils;
  interestPermille: number;
  terms: number[];
  allowCustomTerm: boolean;
  maxCustomTerm: number;
}

export function policyInFils(policy: LoanPolicy): PolicyFils {
  const minFils = parseAed(policy.minimum);
  const maxFils = parseAed(policy.maximum);
  const defaultFils = Math.min(Math.max(parseAed(policy.default), minFils), maxFils);
  return {
    minFils,
    maxFils,
    stepFils: parseAed(policy.step),
    defaultFils,
    // The server keeps the rate in per mille; 7 % is 70 ‰. Rounding only removes float noise (7.1 × 10).
    interestPermille: Math.round(policy.interest_rate_percent * 10),
    terms: policy.terms,
    allowCustomTerm: policy.allow_custom_term,
    maxCustomTerm: policy.max_custom_term,
  };
}

/**
 * The policy as it stands for one member: the most they may borrow is their own maximum
 * (GET /api/my-loans/eligibility `max_amount`) where it is below the policy's, brought down to
 * the policy's steps; null when that is below the minimum (they may not borrow now).
 */
export function policyFor(policy: PolicyFils, maxAmountFils: Fils): PolicyFils | null {
  const capFils = Math.min(policy.maxFils, maxAmountFils);
  if (capFils < policy.minFils) return null;
  const steps = policy.stepFils > 0 ? Math.floor((capFils - policy.minFils) / policy.stepFils) : 0;
  const maxFils = policy.stepFils > 0 ? policy.minFils + steps * policy.stepFils : capFils;
  return { ...policy, maxFils, defaultFils: Math.min(policy.defaultFils, maxFils) };
}

export const CUSTOM_TERM = 'custom';

export type CustomTermResult =
  { ok: true; months: number } | { ok: false; reason: 'invalid' | 'tooLong' };

/**
 * A custom term is accepted only if it is a number greater than 0; it is truncated to whole
 * months (docs/product.md 10.5: 2.7 means 2) and may not exceed the policy's maximum.
 */
export function parseCustomTerm(text: string, maxMonths: number): CustomTermResult {
  const trimmed = text.trim();
  const value = trimmed === '' ? Number.NaN : Number(trimmed);
  if (!Number.isFinite(value) || value <= 0) return { ok: false, reason: 'invalid' };
  const months = Math.trunc(value);
  if (months < 1) return { ok: false, reason: 'invalid' };
  if (months > maxMonths) return { ok: false, reason: 'tooLong' };
  return { ok: true, months };
}

/** The months of the chosen term, or null while a custom term is not acceptable. */
export function termMonths(term: string, customTerm: string, policy: PolicyFils): number | null {
  if (term === CUSTOM_TERM) {
    if (!policy.allowCustomTerm) return null;
    const result = parseCustomTerm(customTerm, policy.maxCustomTerm);
    return result.ok ? result.months : null;
  }
  const months = Number(term);
  return policy.terms.includes(months) ? months : null;
}

/** The figures the server will store: the same function, with the same rate. */
export function estimateLoan(
  amountFils: Fils,
  months: number | null,
  policy: PolicyFils,
): LoanFigures | null {
  if (months === null) return null;
  try {
    return loanFigures({
      amountFils,
      termMonths: months,
      interestPermille: policy.interestPermille,
    });
  } catch {
    return null;
  }
}

/** Fils as the decimal text of a form field, exactly: 107000 -> "1070", 35667 -> "356.67". */
export function filsToFormValue(fils: Fils): string {
  return filsToDecimalString(fils).replace(/\.00$/, '');
}
