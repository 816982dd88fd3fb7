import { describe, expect, it } from 'vitest';
import type { LoanGuarantor } from '@jamiya/contracts/guarantees';
import { guaranteeCoverage } from '../../../lib/guarantee-coverage.ts';
import { coveredFils, guaranteeNeededFils } from './guarantors.ts';
import { formFieldOf } from './loan-form-fields.ts';

const guarantor = (overrides: Partial<LoanGuarantor>): LoanGuarantor => ({
  id: 1,
  member_id: 'JM000123',
  name: 'Amina Yusuf',
  amount: 500,
  state: 'asked',
  held: 0,
  recovered: 0,
  answered_at: null,
  ...overrides,
});

describe('what guarantors must cover', () => {
  it('is the part of the loan above the free savings, never below 0', () => {
    expect(guaranteeNeededFils(300_000, 120_050)).toBe(179_950);
    expect(guaranteeNeededFils(100_000, 120_050)).toBe(0);
  });

  it('adds the amounts typed to the fils, leaving out what is not an amount', () => {
    expect(
      coveredFils([
        { member_id: '', amount: '0.10' },
        { member_id: '', amount: '0.20' },
        { member_id: '', amount: 'abc' },
        { member_id: '', amount: '' },
      ]),
    ).toBe(30);
  });

  it('counts only the accepted guarantees, and says when one declined', () => {
    const coverage = guaranteeCoverage({
      guarantee_needed: 1000.1,
      guarantors: [
        guarantor({ id: 1, state: 'accepted', amount: 600.05 }),
        guarantor({ id: 2, state: 'declined', amount: 400.05 }),
        guarantor({ id: 3, state: 'asked', amount: 400.05 }),
      ],
    });
    expect(coverage).toEqual({
      neededFils: 100_010,
      acceptedFils: 60_005,
      isCovered: false,
      hasDeclined: true,
    });
  });
});

it("puts the server's field errors on the guarantors' rows, or above them", () => {
  expect(formFieldOf('guarantors.2.member_id')).toBe('guarantors.2.member_id');
  expect(formFieldOf('guarantors.0.amount')).toBe('guarantors.0.amount');
  expect(formFieldOf('guarantors')).toBe('guarantors.root');
  expect(formFieldOf('guarantors.1')).toBe('guarantors.root');
  expect(formFieldOf('loan_amount')).toBe('amountFils');
  expect(formFieldOf('unknown')).toBeUndefined();
});
