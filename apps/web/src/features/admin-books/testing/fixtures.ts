import { adminSettings, type AdminSettings } from '@jamiya/contracts/settings';
import {
  auditEvent,
  journalEntry,
  trialBalance,
  type AuditEvent,
  type JournalEntry,
  type TrialBalanceView,
} from '@jamiya/contracts/books';
import { settingsBody as publicSettingsBody } from '../../../testing/api-fixtures.ts';

// Answers shaped like the real API's, parsed with the contracts' schemas.

/** The public settings, with the association's own words and the time of their last change. */
export function settingsBody(overrides: Partial<AdminSettings> = {}): AdminSettings {
  return adminSettings.parse({
    ...publicSettingsBody(),
    association_name: 'Jamiya Al Qusais',
    terms_text: 'Loans carry 7 % flat interest.',
    payment_instructions: 'IBAN AE07 0331 2345 6789 0123 456',
    translations: { ar: { payment_instructions: 'الآيبان AE07 0331 2345 6789 0123 456' } },
    // The rules' defaults.
    loan_rules: {
      min_membership_months: 3,
      max_months_in_arrears: 0,
      savings_multiple: 3,
      guarantor_alert_days: 30,
    },
    updated_at: '2026-11-01T08:00:00.000Z',
    ...overrides,
  });
}

export function trialBalanceBody(overrides: Partial<TrialBalanceView> = {}): TrialBalanceView {
  return trialBalance.parse({
    total_debits: 4340.5,
    total_credits: 4340.5,
    balanced: true,
    accounts: [
      { code: '1000', name: 'Cash', type: 'asset', debits: 2340.5, credits: 2000, balance: 340.5 },
      {
        code: '1100',
        name: 'Loans receivable',
        type: 'asset',
        debits: 2000,
        credits: 0,
        balance: 2000,
      },
      {
        code: '2000',
        name: 'Member savings',
        type: 'liability',
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
    reverses_entry_id: null,
    payment_id: 11,
    loan_id: null,
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

export const errorBody = (status: number, message: string, errors?: Record<string, string[]>) => ({
  status,
  body: { status_code: status, message, ...(errors ? { errors } : {}) },
});
