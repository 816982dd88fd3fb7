import { myBonus, type MyBonus } from '@jamiya/contracts/bonus';

// Answers shaped like the real API's, parsed with the contract's schema.

/** A share-out of the interest alone. */
export const interestOnly = (interest: number) => ({
  interest,
  fines: null,
  other_income: null,
  expenses: null,
  shared: interest,
});

export function myBonusBody(overrides: Partial<MyBonus> = {}): MyBonus {
  return myBonus.parse({
    closed: [
      {
        period: { id: 1, starts_on: '2025-01-10', ends_on: '2025-03-31', days: 81 },
        interest_total: 23.33,
        parts: interestOnly(23.33),
        your_average_balance: 323.46,
        total_average_balance: 570.37,
        your_share_percent: 56.71,
        amount: 13.23,
      },
    ],
    estimate: {
      from: '2025-04-01',
      to: '2026-11-22',
      days: 601,
      interest_so_far: 140,
      parts: interestOnly(140),
      your_average_balance: 1250.5,
      total_average_balance: 5002,
      your_share_percent: 25,
      amount: 35,
      is_estimate: true,
    },
    ...overrides,
  });
}

export const noBonus = (): MyBonus =>
  myBonusBody({
    closed: [],
    estimate: {
      from: '2026-11-01',
      to: '2026-11-22',
      days: 22,
      interest_so_far: 0,
      parts: interestOnly(0),
      your_average_balance: 0,
      total_average_balance: 0,
      your_share_percent: 0,
      amount: 0,
      is_estimate: true,
    },
  });
