import {
  importApplied,
  importDryRun,
  importProposed,
  importRecord,
  importsList,
  type ImportApplied,
  type ImportDryRun,
  type ImportError,
  type ImportLine,
  type ImportRecord,
} from '@jamiya/contracts/imports';
import { FATIMA, YUSUF } from '../../../testing/proposal-fixtures.ts';

// Answers shaped like the real API's (packages/contracts/src/imports.ts), parsed with its
// schemas: the treasurer (Fatima) sends a file of three members, the chair (Yusuf) confirms.

const cells = (overrides: Partial<Record<string, string>>): Record<string, string> => ({
  name: '',
  email: '',
  mobile: '',
  joined: '',
  passport_or_nid: '',
  language: '',
  savings: '',
  paid_through: '',
  loan_amount: '',
  loan_term_months: '',
  loan_disbursed: '',
  loan_repaid: '',
  ...overrides,
});

export const LINES: ImportLine[] = [
  {
    row: 2,
    cells: cells({
      name: 'Aisha Rahman',
      email: 'aisha@example.com',
      mobile: '+971 50 123 4567',
      joined: '2024-01',
      language: 'ar',
      savings: '4400',
      paid_through: '2025-10',
      loan_amount: '2000',
      loan_term_months: '12',
      loan_disbursed: '2025-03',
      loan_repaid: '1070',
    }),
  },
  {
    row: 3,
    cells: cells({
      name: 'Joseph Mathew',
      email: 'joseph@example',
      mobile: '055 765 4321',
      joined: '2024-13',
      language: 'ml',
      savings: '1200',
      paid_through: '2025-10',
    }),
  },
  {
    row: 4,
    cells: cells({
      name: 'Priya Das',
      email: 'priya@example.com',
      joined: '2024-05',
      language: 'bn',
      savings: '900',
      paid_through: '2025-10',
    }),
  },
];

const FIGURES = {
  as_of: '2025-10-31',
  opening_cash: 12000,
  members: 3,
  savings_total: 6500,
  months_paid: 50,
  loans: 1,
  loans_outstanding: 1000,
  loans_owed: 1070,
  opening_equity: 6500,
};

const FILE = { name: 'members.csv', format: 'csv', sha256: 'ab12cd34ef56'.padEnd(64, '0') };

/** Joseph's row has a bad email and a month that is not one. */
export const ROW_ERRORS: ImportError[] = [
  { row: 3, column: 'email', message: 'Write the email as name@example.com.' },
  {
    row: 3,
    column: 'joined',
    message: 'This is not a real month: write it as YYYY-MM, like 2024-03.',
  },
];

export function dryRunBody(overrides: Partial<ImportDryRun> = {}): ImportDryRun {
  const errors = overrides.errors ?? [];
  return importDryRun.parse({
    errors_total: errors.length,
    error_rows: new Set(errors.map((e) => e.row)).size,
    dry_run: true,
    file: FILE,
    rows: 3,
    ...FIGURES,
    opening_entry: [
      { account: 'cash', debit: 12000, credit: 0 },
      { account: 'loans', debit: 1000, credit: 0 },
      { account: 'savings', debit: 0, credit: 6500 },
      { account: 'opening_equity', debit: 0, credit: 6500 },
    ],
    errors: [],
    lines: LINES,
    ...overrides,
  });
}

export function recordBody(overrides: Partial<ImportRecord> = {}): ImportRecord {
  return importRecord.parse({
    id: 1,
    state: 'applied',
    file: FILE,
    rows: 3,
    ...FIGURES,
    proposed_by: FATIMA,
    proposed_at: '2025-11-02T06:30:00.000Z',
    confirmed_by: null,
    applied_at: '2025-11-02T06:30:00.000Z',
    proposal_id: null,
    entry_id: 40,
    ...overrides,
  });
}

/** Fatima's import, proposal 9, waiting for a second admin. */
export const proposedRecord = () =>
  recordBody({ id: 2, state: 'proposed', applied_at: null, entry_id: null, proposal_id: 9 });

export const listBody = (items: ImportRecord[]) => importsList.parse({ items, next_cursor: null });

export function proposedBody() {
  const record = proposedRecord();
  return importProposed.parse({
    message: 'Proposed. A second admin must confirm the import before anything is written.',
    pending_confirmation: true,
    proposal: {
      id: 9,
      action: 'import.apply',
      loan_id: null,
      member: null,
      amount: null,
      reason: null,
      details: { importId: 2 },
      proposed_by: FATIMA,
      proposed_at: record.proposed_at,
    },
    import: record,
  });
}

const link = (token: string) => ({
  url: `http://localhost:3000/set-password?token=${token}`,
  expires_at: '2025-11-03T06:30:00.000Z',
});

/** As the server writes it, in the member's language (features/mail's invitation). */
const message = (greeting: string, token: string) => `${greeting}\n\n${link(token).url}`;

const byTwo = { purpose: 'invite', issued_by: 'Treasurer Tariq', confirmed_by: 'Yusuf Ahmed' };

/** Applied with no mail set up: the three invitations to hand over. */
export function appliedBody(overrides: Partial<ImportApplied> = {}): ImportApplied {
  return importApplied.parse({
    message: '3 members were brought in; the books open on 31 October 2025.',
    import: recordBody({ id: 2, confirmed_by: YUSUF, proposal_id: 9 }),
    invitations_mailed: false,
    invitations: [
      {
        member: { id: 11, unique_id: 'JM000011', name: 'Aisha Rahman' },
        email: 'aisha@example.com',
        mobile: '+971 50 123 4567',
        language: 'ar',
        set_password_link: link('a'.repeat(43)),
        message: message('عزيزي Aisha Rahman،', 'a'.repeat(43)),
        ...byTwo,
      },
      {
        member: { id: 12, unique_id: 'JM000012', name: '=Joseph Mathew' },
        email: 'joseph@example.com',
        mobile: '055 765 4321',
        language: 'ml',
        set_password_link: link('b'.repeat(43)),
        message: message('പ്രിയ =Joseph Mathew,', 'b'.repeat(43)),
        ...byTwo,
      },
      {
        member: { id: 13, unique_id: 'JM000013', name: 'Priya Das' },
        email: 'priya@example.com',
        mobile: null,
        language: 'bn',
        set_password_link: link('c'.repeat(43)),
        message: message('প্রিয় Priya Das,', 'c'.repeat(43)),
        ...byTwo,
      },
    ],
    ...overrides,
  });
}
