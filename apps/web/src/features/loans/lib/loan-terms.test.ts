import { describe, expect, it } from 'vitest';
import { loanFigures } from '@jamiya/money/loan';
import { settingsBody } from '../../../testing/api-fixtures.ts';
import {
  estimateLoan,
  filsToFormValue,
  parseCustomTerm,
  policyFor,
  policyInFils,
  termMonths,
} from './loan-terms.ts';

const policy = policyInFils(settingsBody().loan_policy);

describe('the loan terms of the form', () => {
  it('reads the policy in fils and the rate in per mille, as the server keeps it', () => {
    expect(policy).toMatchObject({
      minFils: 50_000,
      maxFils: 500_000,
      stepFils: 10_000,
      defaultFils: 100_000,
      interestPermille: 70,
    });
    expect(
      policyInFils(settingsBody({ interest_rate_percent: 7.1 }).loan_policy).interestPermille,
    ).toBe(71);
    // A default outside the bounds is brought within them.
    expect(policyInFils(settingsBody({ default: 9000 }).loan_policy).defaultFils).toBe(500_000);
  });

  it('accepts a custom term only above 0, truncated to whole months, up to the maximum', () => {
    expect(parseCustomTerm('2.7', 24)).toEqual({ ok: true, months: 2 });
    expect(parseCustomTerm(' 24 ', 24)).toEqual({ ok: true, months: 24 });
    expect(parseCustomTerm('24.9', 24)).toEqual({ ok: true, months: 24 });
    expect(parseCustomTerm('25', 24)).toEqual({ ok: false, reason: 'tooLong' });
    for (const text of ['', '0', '-3', '0.5', 'abc', 'Infinity']) {
      expect(parseCustomTerm(text, 24)).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('knows the months of each choice', () => {
    expect(termMonths('3', '', policy)).toBe(3);
    expect(termMonths('4', '', policy)).toBeNull();
    expect(termMonths('custom', '9.99', policy)).toBe(9);
    expect(termMonths('custom', '9', { ...policy, allowCustomTerm: false })).toBeNull();
  });

  it('estimates with the same figures as the server', () => {
    expect(estimateLoan(100_000, 3, policy)).toEqual(
      loanFigures({ amountFils: 100_000, termMonths: 3, interestPermille: 70 }),
    );
    expect(estimateLoan(100_000, 3, policy)).toMatchObject({
      totalFils: 107_000,
      perMonthFils: 35_667,
    });
    expect(estimateLoan(100_000, null, policy)).toBeNull();
  });

  it('writes fils as exact decimal text for the form', () => {
    expect(filsToFormValue(107_000)).toBe('1070');
    expect(filsToFormValue(35_667)).toBe('356.67');
    expect(filsToFormValue(17_830)).toBe('178.30');
    expect(filsToFormValue(5)).toBe('0.05');
    expect(filsToFormValue(99_999_999_999)).toBe('999999999.99');
  });
});

describe("a member's own range", () => {
  it('stops at their own maximum, brought down to the policy steps', () => {
    // Three times savings of AED 1,234.56: AED 3,703.68, so AED 3,700 on steps of 100 from 500.
    expect(policyFor(policy, 370_368)).toMatchObject({ minFils: 50_000, maxFils: 370_000 });
    // Never above the policy's maximum.
    expect(policyFor(policy, 900_000)?.maxFils).toBe(500_000);
    // The default comes down with it.
    expect(policyFor(policy, 80_000)).toMatchObject({ maxFils: 80_000, defaultFils: 80_000 });
  });

  it('is none below the minimum', () => {
    expect(policyFor(policy, 49_999)).toBeNull();
    expect(policyFor(policy, 0)).toBeNull();
  });
});
