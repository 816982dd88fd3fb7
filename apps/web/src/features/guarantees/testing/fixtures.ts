import {
  guarantee as guaranteeSchema,
  myGuarantees,
  type Guarantee,
  type MyGuarantees,
} from '@jamiya/contracts/guarantees';

// Answers shaped like GET /api/guarantees, checked against the contract so that a drift fails.

type GuaranteeOverrides = Partial<Omit<Guarantee, 'loan'>> & { loan?: Partial<Guarantee['loan']> };

/** Rashid asks for AED 1,500 of a loan of AED 5,000 over 12 months, still under review. */
export function guarantee({ loan, ...overrides }: GuaranteeOverrides = {}): Guarantee {
  return guaranteeSchema.parse({
    id: 3,
    state: 'asked',
    amount: 1500,
    held: 0,
    recovered: 0,
    asked_at: '2026-11-20T08:30:00.000Z',
    answered_at: null,
    borrower: { member_id: 'JM000007', name: 'Rashid Khan' },
    ...overrides,
    loan: {
      state: 'pending',
      amount: 5000,
      duration_month: 12,
      is_overdue: false,
      arrears: 0,
      overdue_since: null,
      ...loan,
    },
  });
}

/** The same guarantee, accepted, its loan paid out and being repaid. */
export function acceptedGuarantee({ loan, ...overrides }: GuaranteeOverrides = {}): Guarantee {
  return guarantee({
    id: 2,
    state: 'accepted',
    held: 1250.5,
    asked_at: '2026-09-01T08:00:00.000Z',
    answered_at: '2026-09-02T10:00:00.000Z',
    borrower: { member_id: 'JM000011', name: 'Meera Nair' },
    ...overrides,
    loan: { state: 'active', amount: 3000, duration_month: 6, ...loan },
  });
}

export const guaranteesBody = (
  items: Guarantee[],
  { findable = false, free_savings = 2400 }: Partial<Omit<MyGuarantees, 'items'>> = {},
): MyGuarantees => myGuarantees.parse({ items, findable, free_savings });
