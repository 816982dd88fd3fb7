import type { z } from 'zod';
import type { myAccountData, Payment } from '@jamiya/contracts/payments';

// Answers shaped like the real API's (packages/contracts), taken from the demo data.

type AccountBody = z.infer<typeof myAccountData>;
type Row = AccountBody['myAccountData']['monthlyPaymentData'][number];

export const rahulRows = (): Row[] => [
  {
    month: 'November 2026',
    period: '2026-11',
    description: 'Monthly due for this month',
    amount: 200,
    paid: 0,
    remaining: 200,
    status: 'pay_now',
    due_on: '2026-11-01',
    fine: 0,
    fine_waived: 0,
    fine_on: null,
    salary_late_on: null,
  },
  {
    month: 'October 2026',
    period: '2026-10',
    description: 'Monthly due not paid yet',
    amount: 200,
    paid: 0,
    remaining: 200,
    status: 'due',
    due_on: '2026-10-01',
    fine: 0,
    fine_waived: 0,
    fine_on: null,
    salary_late_on: null,
  },
  {
    month: 'September 2026',
    period: '2026-09',
    description: 'Receipt under review',
    amount: 200,
    paid: 0,
    remaining: 200,
    status: 'pending',
    due_on: '2026-09-01',
    fine: 0,
    fine_waived: 0,
    fine_on: null,
    salary_late_on: null,
  },
  {
    month: 'August 2026',
    period: '2026-08',
    description: 'Monthly due paid',
    amount: 200,
    paid: 200,
    remaining: 0,
    status: 'completed',
    due_on: '2026-08-01',
    fine: 0,
    fine_waived: 0,
    fine_on: null,
    salary_late_on: null,
  },
];

/** `row`'s month paid in part: AED 120 of its AED 200. */
export const partPaid = (row: Row): Row => ({
  ...row,
  description: 'Part paid: AED 120 of AED 200',
  paid: 120,
  remaining: 80,
});

/** January 2027, paid ahead in part (AED 150), drawn from `row`. */
export const januaryPartAhead = (row: Row): Row => ({
  ...row,
  month: 'January 2027',
  period: '2027-01',
  status: 'ahead',
  paid: 150,
  remaining: 50,
});

export function accountBody(
  rows: Row[] = rahulRows(),
  overrides: Partial<AccountBody['myAccountData']> = {},
): AccountBody {
  return {
    myAccountData: {
      account_balance: 400,
      due_balance: 400,
      under_review: 0,
      current_period: '2026-11',
      loan_balance: 0,
      monthly_due: 200,
      account_holder_name: 'Rahul Nair',
      owner_data: {
        unique_id: 'JM000003',
        name: 'Rahul Nair',
        status: 1,
        created_at: '2026-08-01T08:00:00.000Z',
      },
      monthlyPaymentData: rows,
      ...overrides,
    },
  };
}

export const listBody = <T>(items: T[]) => ({ items, next_cursor: null });

export function duesPayment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: 12,
    kind: 'dues',
    month: 'August 2026',
    period: '2026-08',
    loan_id: null,
    amount: 200,
    approved_amount: 200,
    account_number: 'AE07 0331 2345 6789 0123 456',
    transfer_date: null,
    bank_reference: null,
    status: 'approved',
    review_note: null,
    receipt_url: '/api/files/57479314-0de0-4ddd-95a9-6ecf5f998d7f',
    created_at: '2026-08-05T08:00:00.000Z',
    reviewed_at: '2026-08-06T08:00:00.000Z',
    ...overrides,
  };
}

/** jsdom has no object URLs; the previews and receipts need them. */
export function stubObjectUrls(url = 'blob:http://localhost/preview') {
  const created: Blob[] = [];
  const revoked: string[] = [];
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    writable: true,
    value: (blob: Blob) => {
      created.push(blob);
      return url;
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', {
    configurable: true,
    writable: true,
    value: (u: string) => revoked.push(u),
  });
  return { created, revoked };
}
