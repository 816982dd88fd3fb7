import type { ChartAccount } from '@jamiya/contracts/accounts';
import type { AdminOverview } from '@jamiya/contracts/overview';
import type { ArrearsMember, ArrearsReport } from '@jamiya/contracts/arrears';
import { memberFine, type MemberFine } from '@jamiya/contracts/payments';
import type { UserData } from '@jamiya/contracts/profile';
import { fundProposal, type FundProposal } from '@jamiya/contracts/proposals';
import { profileBody } from './api-fixtures.ts';

// Answers shaped like the admin API's (packages/contracts/src), from the demo data.

export const RAHUL = { id: 3, unique_id: 'JM000003', name: 'Rahul Nair' };
export const AMINA = { id: 2, unique_id: 'JM000002', name: 'Amina Rahman' };
/** The treasurer, an admin: she proposes what a second admin confirms. */
export const FATIMA = { id: 1, unique_id: 'JM000001', name: 'Fatima Al Mansoori' };

export function adminProfileBody(): { userData: UserData } {
  const { userData } = profileBody();
  return {
    userData: {
      ...userData,
      ...FATIMA,
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

/** One member behind: Rahul, two months of dues and an installment, reminded once. */
function arrearsMember(overrides: Partial<ArrearsMember> = {}): ArrearsMember {
  return {
    member: RAHUL,
    mobile: '+971 50 765 4321',
    call_url: 'tel:+971507654321',
    whatsapp_url: `https://wa.me/971507654321?text=${encodeURIComponent('Dear Rahul Nair, a reminder of AED 756.67 due to the association.')}`,
    months_behind: 2,
    dues_owed: 400,
    loan_overdue: 356.67,
    owed: 756.67,
    oldest_due_on: '2026-10-05',
    last_reminder_at: '2026-11-28T06:30:00.000Z',
    contact_changed_at: null,
    ...overrides,
  };
}

/** The arrears desk on 3 December 2026: PAR30 rising from 0 to 4.2 % over the year. */
export function arrearsBody(overrides: Partial<ArrearsReport> = {}): ArrearsReport {
  const trend = [0, 0, 0, 0, 0, 0, 0, 0, 1.5, 1.5, 3, 4.2];
  return {
    as_of: '2026-12-03',
    loans: { outstanding: 48000, at_risk_30: 2016, at_risk_90: 480, par30: 4.2, par90: 1 },
    par30_trend: trend.map((par30, i) => ({
      month: `2026-${String(i + 1).padStart(2, '0')}`,
      par30,
    })),
    dues: {
      buckets: [
        { months: '1', members: 3, amount: 600 },
        { months: '2', members: 1, amount: 400 },
        { months: '3+', members: 1, amount: 1250 },
      ],
    },
    members: [
      arrearsMember({
        member: AMINA,
        mobile: null,
        call_url: null,
        whatsapp_url: null,
        months_behind: 5,
        dues_owed: 1250,
        loan_overdue: 0,
        owed: 1250,
        oldest_due_on: '2026-07-05',
        last_reminder_at: null,
      }),
      arrearsMember(),
    ],
    members_total: 2,
    ...overrides,
  };
}

/** Amina's late fine for November 2026, charged on the 16th (due on the 1st, 15 days' grace). */
export function fine(overrides: Partial<MemberFine> = {}): MemberFine {
  return memberFine.parse({
    period: '2026-11',
    month: 'November 2026',
    fine: 10,
    fined_at: '2026-11-16T02:00:00.000Z',
    waived: 0,
    waived_at: null,
    waive_reason: null,
    salary_late_on: null,
    ...overrides,
  });
}

/** Fatima's proposal to waive Amina's fine for November 2026. */
export function fineProposal(overrides: Partial<FundProposal> = {}): FundProposal {
  return fundProposal.parse({
    id: 12,
    action: 'fine.waive',
    loan_id: null,
    member: AMINA,
    amount: 10,
    reason: 'Her salary came late through no fault of hers',
    details: { period: '2026-11' },
    proposed_by: FATIMA,
    proposed_at: '2026-12-02T09:00:00.000Z',
    ...overrides,
  });
}

export const page = <T>(items: T[], next_cursor: string | null = null) => ({ items, next_cursor });

/** An account of the chart the association named itself, never posted to; its names `name`. */
export const chartAccountBody = (
  overrides: Partial<ChartAccount> & Pick<ChartAccount, 'code' | 'name' | 'kind'>,
): ChartAccount => ({
  name_en: overrides.name,
  name_ar: overrides.name,
  built_in: false,
  bookable: true,
  retired: false,
  postings: 0,
  balance: 0,
  ...overrides,
});
