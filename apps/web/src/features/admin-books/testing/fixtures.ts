import { adminSettings, type AdminSettings } from '@jamiya/contracts/settings';
import {
  auditEvent,
  incomeStatement,
  journalEntry,
  trialBalance,
  type AuditEvent,
  type IncomeStatementView,
  type JournalEntry,
  type TrialBalanceView,
} from '@jamiya/contracts/books';
import { chartAccount, type ChartAccount } from '@jamiya/contracts/accounts';
import { settingsBody as publicSettingsBody } from '../../../testing/api-fixtures.ts';
import { chartAccountBody } from '../../../testing/admin-fixtures.ts';

// Answers shaped like the real API's, parsed with the contracts' schemas.

/** The public settings, with the association's own words and the time of their last change. */
export function settingsBody(overrides: Partial<AdminSettings> = {}): AdminSettings {
  return adminSettings.parse({
    ...publicSettingsBody(),
    association_name: 'Jamiya Al Qusais',
    terms_text: 'Loans carry 7 % flat interest.',
    payment_instructions: 'IBAN AE07 0331 2345 6789 0123 456',
    translations: { ar: { payment_instructions: 'الآيبان AE07 0331 2345 6789 0123 456' } },
    books_rules: { one_admin_bank_fee: 100, year_starts_in_month: 1 },
    updated_at: '2026-11-01T08:00:00.000Z',
    ...overrides,
  });
}

export function trialBalanceBody(overrides: Partial<TrialBalanceView> = {}): TrialBalanceView {
  return trialBalance.parse({
    as_of: '2026-12-01',
    with_close: false,
    total_debits: 4340.5,
    total_credits: 4340.5,
    balanced: true,
    groups: [
      { kind: 'asset', debits: 4340.5, credits: 2000, balance: 2340.5 },
      { kind: 'liability', debits: 0, credits: 2340.5, balance: -2340.5 },
    ],
    accounts: [
      {
        code: 'cash',
        name: 'Cash and bank',
        type: 'asset',
        kind: 'asset',
        debits: 2340.5,
        credits: 2000,
        balance: 340.5,
      },
      {
        code: 'loan:*',
        name: 'Loans receivable (loans: 1)',
        summed_accounts: 1,
        type: 'asset',
        kind: 'asset',
        debits: 2000,
        credits: 0,
        balance: 2000,
      },
      {
        code: 'savings:*',
        name: "Members' savings (members: 2)",
        summed_accounts: 2,
        type: 'liability',
        kind: 'liability',
        debits: 0,
        credits: 2340.5,
        balance: -2340.5,
      },
    ],
    ...overrides,
  });
}

export function entry(overrides: Partial<JournalEntry> = {}): JournalEntry {
  return journalEntry.parse({
    id: 7,
    kind: 'dues',
    memo: 'Dues for October 2026 (JM000002)',
    occurred_at: '2026-10-02T08:00:00.000Z',
    created_at: '2026-10-02T08:00:00.000Z',
    created_by: { id: 1, unique_id: 'JM000001', name: 'Treasurer' },
    proposed_by: null,
    reverses_entry_id: null,
    reversed_by_entry_id: null,
    correction: null,
    reversible: false,
    payment_id: 11,
    loan_id: null,
    bank_line_id: null,
    evidence_url: null,
    postings: [
      { account_code: '1000', account_name: 'Cash', debit: 200.5, credit: 0 },
      { account_code: '2000', account_name: 'Member savings', debit: 0, credit: 200.5 },
    ],
    ...overrides,
  });
}

export function event(overrides: Partial<AuditEvent> = {}): AuditEvent {
  return auditEvent.parse({
    id: 30,
    at: '2026-11-04T08:00:00.000Z',
    actor: { id: 1, unique_id: 'JM000001', name: 'Treasurer' },
    action: 'payment.reject',
    target_type: 'payment',
    target_id: '11',
    reason: 'The receipt is not readable.',
    details: null,
    ip: '127.0.0.1',
    ...overrides,
  });
}

export const listBody = <T>(items: T[], next_cursor: string | null = null) => ({
  items,
  next_cursor,
});

/** An account of the chart: an expense the association named, by default. */
export function account(overrides: Partial<ChartAccount> = {}): ChartAccount {
  return chartAccount.parse(
    chartAccountBody({
      code: 'bank_charges',
      name: 'Bank charges',
      name_en: 'Bank charges',
      name_ar: 'رسوم بنكية',
      kind: 'expense',
      ...overrides,
    }),
  );
}

/** The chart as a new association has it, with a few postings. */
export const chartBody = () => ({
  items: [
    account({
      code: 'cash',
      name: 'Cash and bank',
      name_en: 'Cash and bank',
      name_ar: 'النقد والبنك',
      kind: 'asset',
      built_in: true,
      bookable: false,
      postings: 12,
      balance: 340.5,
    }),
    account({
      code: 'cash_box',
      name: 'Cash box',
      name_en: 'Cash box',
      name_ar: 'صندوق النقد',
      kind: 'asset',
      built_in: true,
    }),
    account({
      code: 'interest_income',
      name: 'Interest income',
      name_en: 'Interest income',
      name_ar: 'إيرادات الفائدة',
      kind: 'income',
      built_in: true,
      bookable: false,
      postings: 3,
      balance: -70,
    }),
    account({
      code: 'bank_interest',
      name: 'Bank interest received',
      name_en: 'Bank interest received',
      name_ar: 'فوائد بنكية مقبوضة',
      kind: 'income',
    }),
    account({ postings: 2, balance: 52.5 }),
    account({
      code: 'stationery',
      name: 'Stationery and printing',
      name_en: 'Stationery and printing',
      name_ar: 'قرطاسية وطباعة',
    }),
    account({
      code: 'old_costs',
      name: 'Old costs',
      name_en: 'Old costs',
      name_ar: 'تكاليف قديمة',
      retired: true,
      postings: 1,
      balance: 10,
    }),
  ],
});

export function incomeStatementBody(
  overrides: Partial<IncomeStatementView> = {},
): IncomeStatementView {
  return incomeStatement.parse({
    from: '2026-01-01',
    to: '2026-12-01',
    income: [
      { code: 'interest_income', name: 'Interest income', amount: 70 },
      { code: 'bank_interest', name: 'Bank interest received', amount: 12.25 },
    ],
    expenses: [
      { code: 'bank_charges', name: 'Bank charges', amount: 52.5 },
      { code: 'stationery', name: 'Stationery and printing', amount: 40 },
    ],
    total_income: 82.25,
    total_expenses: 92.5,
    surplus: -10.25,
    shared_out: 0,
    ...overrides,
  });
}
