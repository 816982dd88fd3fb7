import { describe, expect, it } from 'vitest';
import { settingsBody } from '../../../testing/api-fixtures.ts';
import { loanFormSchema } from './loan-form-schema.ts';
import { policyInFils } from './loan-terms.ts';

const messages = {
  invalid: 'invalid term',
  tooLong: 'term too long',
  memberId: 'not a member ID',
  duplicate: 'named twice',
  amount: 'not an amount',
  tooMany: 'too many',
  notEnough: (covered: number, needed: number) => `cover ${needed}, covered ${covered}`,
};
const schema = loanFormSchema({
  policy: policyInFils(settingsBody().loan_policy),
  // AED 800 of free savings: of a loan of AED 1,000, AED 200 needs guarantors.
  freeSavingsFils: 80_000,
  messages,
});
const valid = {
  loan_type: 'personal' as const,
  amountFils: 100_000,
  term: 'custom',
  custom_term: '7.5',
  bank_account: ' Botim 0551234567 ',
  passport_or_nid: 'N7654321',
  includeInsurance: false,
  guarantors: [{ member_id: ' jm000123 ', amount: '200' }],
};
const issues = (values: Partial<typeof valid>) =>
  schema.safeParse({ ...valid, ...values }).error?.issues.map((i) => [i.path.join('.'), i.message]);

it('uses the shared rules for the text fields and trims them', () => {
  expect(schema.parse(valid)).toMatchObject({
    bank_account: 'Botim 0551234567',
    includeInsurance: false,
  });
  expect(issues({ bank_account: '', passport_or_nid: '  ' })).toEqual([
    ['bank_account', 'Bank account or Botim number is required.'],
    ['passport_or_nid', 'Passport or ID number is required.'],
  ]);
  expect(issues({ loan_type: 'car' as never })?.[0]?.[0]).toBe('loan_type');
});

it('reports a bad custom term together with the other errors', () => {
  expect(issues({ custom_term: '0', bank_account: '' })).toEqual([
    ['bank_account', 'Bank account or Botim number is required.'],
    ['custom_term', 'invalid term'],
  ]);
  expect(issues({ custom_term: '25' })).toEqual([['custom_term', 'term too long']]);
  // A custom term typed and then left for a fixed term does not count.
  expect(issues({ term: '3', custom_term: 'abc' })).toBeUndefined();
});

it('keeps the amount within the policy', () => {
  expect(issues({ amountFils: 40_000 })?.[0]?.[0]).toBe('amountFils');
  expect(issues({ amountFils: 500_100 })?.[0]?.[0]).toBe('amountFils');
});

describe('the guarantors', () => {
  it('gives them in fils with their member IDs as the server reads them', () => {
    expect(schema.parse(valid).guarantors).toEqual([{ memberId: 'JM000123', amountFils: 20_000 }]);
  });

  it('sends none, and checks none, when the free savings cover the loan', () => {
    const parsed = schema.parse({
      ...valid,
      amountFils: 80_000,
      guarantors: [{ member_id: 'nobody', amount: '' }],
    });
    expect(parsed.guarantors).toEqual([]);
  });

  it('puts each problem on its field, and a short sum above the rows', () => {
    expect(
      issues({
        guarantors: [
          { member_id: 'JM12', amount: '50' },
          { member_id: 'JM000123', amount: '0' },
          { member_id: 'jm000123', amount: '100.555' },
        ],
      }),
    ).toEqual([
      ['guarantors.0.member_id', 'not a member ID'],
      ['guarantors.1.amount', 'not an amount'],
      ['guarantors.2.member_id', 'named twice'],
      ['guarantors.2.amount', 'not an amount'],
      ['guarantors.root', 'cover 20000, covered 5000'],
    ]);
  });

  it('takes several guarantors whose amounts add up to at least the part above the savings', () => {
    const two = [
      { member_id: 'JM000123', amount: '120.50' },
      { member_id: 'JM000456', amount: '79.50' },
    ];
    expect(schema.parse({ ...valid, guarantors: two }).guarantors).toEqual([
      { memberId: 'JM000123', amountFils: 12_050 },
      { memberId: 'JM000456', amountFils: 7_950 },
    ]);
    expect(issues({ guarantors: [two[0]!, { ...two[1]!, amount: '79.49' }] })).toEqual([
      ['guarantors.root', 'cover 20000, covered 19999'],
    ]);
  });

  it('takes at most 5', () => {
    const six = Array.from({ length: 6 }, (_, i) => ({ member_id: `JM00000${i}`, amount: '50' }));
    expect(issues({ guarantors: six })).toEqual([['guarantors.root', 'too many']]);
  });
});
