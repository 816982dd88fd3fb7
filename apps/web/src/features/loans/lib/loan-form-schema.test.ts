import { expect, it } from 'vitest';
import { settingsBody } from '../../../testing/api-fixtures.ts';
import { loanFormSchema } from './loan-form-schema.ts';
import { policyInFils } from './loan-terms.ts';

const schema = loanFormSchema(policyInFils(settingsBody().loan_policy), {
  invalid: 'invalid term',
  tooLong: 'term too long',
});
const valid = {
  loan_type: 'personal' as const,
  amountFils: 100_000,
  term: 'custom',
  custom_term: '7.5',
  bank_account: ' Botim 0551234567 ',
  passport_or_nid: 'N7654321',
  includeInsurance: false,
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
