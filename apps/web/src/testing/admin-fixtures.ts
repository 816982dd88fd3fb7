import type { AdminOverview } from '@jamiya/contracts/overview';
import type { UserData } from '@jamiya/contracts/profile';
import { profileBody } from './api-fixtures.ts';

// Answers shaped like the admin API's (packages/contracts/src), from the demo data.

export const RAHUL = { id: 3, unique_id: 'JM000003', name: 'Rahul Nair' };
export const AMINA = { id: 2, unique_id: 'JM000002', name: 'Amina Rahman' };

export function adminProfileBody(): { userData: UserData } {
  const { userData } = profileBody();
  return {
    userData: {
      ...userData,
      id: 1,
      unique_id: 'JM000001',
      name: 'Fatima Al Mansoori',
      email: 'admin@jamiya.example',
      role: 'admin',
      is_member: false,
    },
  };
}

/** Twelve months, oldest first: savings growing by 400 a month, a loan from month 10. */
export function overviewBody(overrides: Partial<AdminOverview> = {}): AdminOverview {
  const months = [
    '2025-12',
    '2026-01',
    '2026-02',
    '2026-03',
    '2026-04',
    '2026-05',
    '2026-06',
    '2026-07',
    '2026-08',
    '2026-09',
    '2026-10',
    '2026-11',
  ];
  return {
    savings_held: 4400,
    loans_outstanding: 1333.32,
    cash_in_hand: 3019.99,
    interest_earned: 46.66,
    overdue_installments: { count: 1, amount: 356.67 },
    receipts_pending: 3,
    loan_applications_pending: 1,
    loans_to_disburse: 0,
    membership_applications_pending: 2,
    members: { active: 12, inactive: 1 },
    active_admins: 1,
    proposals: [],
    history: months.map((month, i) => ({
      month,
      savings: 400 * (i + 1),
      loans_outstanding: i >= 9 ? [2000, 1666.66, 1333.32][i - 9]! : 0,
    })),
    ...overrides,
  };
}

export const page = <T>(items: T[], next_cursor: string | null = null) => ({ items, next_cursor });
