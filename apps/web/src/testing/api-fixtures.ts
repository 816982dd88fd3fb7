import type { Loan } from '@jamiya/contracts/loans';
import type { UserData } from '@jamiya/contracts/profile';
import type { Recharge } from '@jamiya/contracts/recharge';
import type { PublicSettings } from '@jamiya/contracts/settings';

// Answers shaped like the real API's (GET /api/settings, /api/profile, /api/my-loans, ...).

export function settingsBody(policy: Partial<PublicSettings['loan_policy']> = {}): PublicSettings {
  return {
    association_name: 'Jamiya',
    currency: 'AED',
    monthly_due: 200,
    loan_policy: {
      minimum: 500,
      maximum: 5000,
      step: 100,
      default: 1000,
      interest_rate_percent: 7,
      charge_called: 'interest',
      terms: [1, 3, 6],
      allow_custom_term: true,
      max_custom_term: 24,
      ...policy,
    },
    loan_rules: {
      min_membership_months: 3,
      max_months_in_arrears: 0,
      savings_multiple: 3,
      guarantor_alert_days: 30,
      write_off_bar_months: 12,
    },
    dues_rules: {
      due_day: 1,
      reminder_days_before: 3,
      grace_days: 15,
      fine_amount: 10,
      fine_percent: null,
    },
    exit_rules: { share_out_at_exit: false },
    terms_text:
      'Loans carry 7 % flat interest, repaid in equal monthly installments starting one month after disbursement. Review takes 2-3 business days.',
    payment_instructions: [
      'Bank transfer to Emirates NBD, account name "Jamiya Savings Association"',
      'IBAN AE07 0331 2345 6789 0123 456',
      'Or Botim / exchange house to the treasurer, Fatima Al Mansoori: 050 123 9876',
    ].join('\n'),
    texts_in: { payment_instructions: 'en', terms_text: 'en' },
    recharge: { minimum: 10, maximum: 500 },
  };
}

export function profileBody(
  status: 0 | 1 = 1,
  overrides: Partial<UserData> = {},
): { userData: UserData } {
  return {
    userData: {
      id: 3,
      unique_id: 'JM-0003',
      name: 'Rahul Nair',
      email: 'rahul@jamiya.example',
      mobile: '0551234567',
      address: 'Al Qusais, Dubai',
      gender: 'male',
      profession_id: 1,
      status,
      role: 'member',
      is_member: true,
      image: null,
      payday: null,
      wallet: 'Botim 0551234567',
      left_on: null,
      language: 'en',
      created_at: '2026-08-01T08:00:00.000Z',
      ...overrides,
    },
  };
}

/** Amina's loan of the demo data: 2,000 AED over 6 months, two installments repaid. */
export function activeLoan(overrides: Partial<Loan> = {}): Loan {
  return {
    id: 1,
    loan_type: 'personal',
    state: 'active',
    is_overdue: false,
    loan_amount: 2000,
    duration_month: 6,
    interest_rate_percent: 7,
    total_amount_with_interest: 2140,
    per_month_amount: 356.67,
    include_insurance: false,
    bank_account: 'Botim 0501234567',
    passport_or_nid: 'N1234567',
    paid_amount: 713.34,
    remaining_amount: 1426.66,
    next_installment: { number: 3, due_date: '2026-12-17', amount: 356.67 },
    disbursed_on: '2026-09-17',
    created_at: '2026-09-13T08:00:00.000Z',
    guarantee_needed: 0,
    guarantors: [],
    installments: [
      { number: 1, due_date: '2026-10-17', amount: 356.67, paid: 356.67, status: 'paid' },
      { number: 2, due_date: '2026-11-17', amount: 356.67, paid: 356.67, status: 'paid' },
      { number: 3, due_date: '2026-12-17', amount: 356.67, paid: 0, status: 'unpaid' },
      { number: 4, due_date: '2027-01-17', amount: 356.67, paid: 0, status: 'unpaid' },
      { number: 5, due_date: '2027-02-17', amount: 356.67, paid: 0, status: 'unpaid' },
      { number: 6, due_date: '2027-03-17', amount: 356.65, paid: 0, status: 'unpaid' },
    ],
    transitions: [
      { from: null, to: 'pending', at: '2026-09-13T08:00:00.000Z', reason: null, by: 'member' },
      {
        from: 'pending',
        to: 'approved',
        at: '2026-09-15T08:00:00.000Z',
        reason: null,
        by: 'admin',
      },
      { from: 'approved', to: 'active', at: '2026-09-17T08:00:00.000Z', reason: null, by: 'admin' },
    ],
    ...overrides,
  };
}

/** An application of 1,000 AED over 3 months awaiting the committee. */
export function pendingLoan(overrides: Partial<Loan> = {}): Loan {
  return activeLoan({
    id: 7,
    state: 'pending',
    loan_amount: 1000,
    duration_month: 3,
    total_amount_with_interest: 1070,
    per_month_amount: 356.67,
    paid_amount: 0,
    remaining_amount: 1070,
    next_installment: null,
    disbursed_on: null,
    created_at: '2026-12-01T09:30:00.000Z',
    installments: [],
    transitions: [
      { from: null, to: 'pending', at: '2026-12-01T09:30:00.000Z', reason: null, by: 'member' },
    ],
    ...overrides,
  });
}

export const loansBody = (...items: Loan[]) => ({ items, next_cursor: null });

/** A member's request for a mobile recharge of 50 AED, not yet made (GET /api/recharge-requests). */
export function rechargeBody(overrides: Partial<Recharge> = {}): Recharge {
  return {
    id: 7,
    operator: 'jio',
    number: '9876543210',
    amount: 50,
    state: 'requested',
    reference: null,
    reason: null,
    created_at: '2026-11-20T08:00:00.000Z',
    decided_at: null,
    ...overrides,
  };
}

export type MonthStatus = 'completed' | 'pending' | 'pay_now' | 'due' | 'ahead';

/** A month of GET /api/my-account-data's monthlyPaymentData: 200 AED, paid in full or not at all. */
export const monthRow = (period: string, status: MonthStatus) => ({
  month: period,
  period,
  description: 'Monthly due',
  amount: 200,
  paid: status === 'completed' ? 200 : 0,
  remaining: status === 'completed' ? 0 : 200,
  status,
  due_on: `${period}-01`,
  fine: 0,
  fine_waived: 0,
  fine_on: null,
  salary_late_on: null,
});

/** A stubbed server's refusal: `status`, with the server's sentence and its fields' errors. */
export const errorBody = (status: number, message: string, errors?: unknown) => ({
  status,
  body: { status_code: status, message, ...(errors ? { errors } : {}) },
});
