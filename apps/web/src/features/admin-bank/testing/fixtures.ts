import { chartAccounts } from '@jamiya/contracts/accounts';
import {
  approveMatchesAnswer,
  bankStatement,
  bankStatementCreated,
  bankStatementDetail,
  bankStatementsList,
  csvColumns,
  lineAssigned,
  lineAssignProposed,
  reconciliation,
  type BankLine,
  type BankStatement,
  type BankStatementDetail,
  type CsvColumns,
  type Reconciliation,
  type WaitingPayment,
} from '@jamiya/contracts/bank';
import {
  lineBooked,
  lineLinked,
  lineUnlinked,
  linkCandidates,
  type CandidatePayment,
} from '@jamiya/contracts/bank-lines';
import { adminMember, adminMemberDetail } from '@jamiya/contracts/members';
import { proposalProposedResponse, type FundProposal } from '@jamiya/contracts/proposals';
import { FATIMA } from '../../../testing/proposal-fixtures.ts';
import { chartAccountBody as account } from '../../../testing/admin-fixtures.ts';

// Answers shaped like the real API's (packages/contracts/src/bank.ts), parsed with its
// schemas: Fatima, the treasurer, imports the association's November statement from Emirates
// NBD. Aisha's, Joseph's and Priya's transfers match their receipts; Zainab's cash deposit came
// with no receipt; Omar's receipt is not in the bank; Rahul's loan was paid out in cash.

export const AISHA = { id: 11, unique_id: 'JM000011', name: 'Aisha Rahman' };
export const JOSEPH = { id: 12, unique_id: 'JM000012', name: 'Joseph Mathew' };
export const PRIYA = { id: 13, unique_id: 'JM000013', name: 'Priya Das' };
export const ZAINAB = { id: 14, unique_id: 'JM000014', name: 'Zainab Qasim' };
export const OMAR = { id: 15, unique_id: 'JM000015', name: 'Omar Haddad' };
const RAHUL = { id: 3, unique_id: 'JM000003', name: 'Rahul Nair' };

export const CSV_HEADER = 'Transaction Date,Value Date,Description,Reference,Debit,Credit,Balance';

/** The columns of Emirates NBD's export, as the server reads them; nothing remembered yet. */
export function columnsBody(overrides: Partial<CsvColumns> = {}): CsvColumns {
  return csvColumns.parse({
    columns: CSV_HEADER.split(','),
    sample: [
      [
        '03/11/2026',
        '03/11/2026',
        'TRANSFER FROM AISHA RAHMAN JM000011',
        'FT2630701',
        '',
        '200.00',
        '12,200.00',
      ],
      ['05/11/2026', '05/11/2026', 'IPI JOSEPH MATHEW', 'FT26309ABC', '', '200.00', '12,400.00'],
      ['20/11/2026', '20/11/2026', 'CASH DEPOSIT JM000014', '', '', '200.00', '12,600.00'],
      ['25/11/2026', '25/11/2026', 'BANK CHARGES', '', '15.75', '', '12,584.25'],
    ],
    // As the server reads the whole file: the 20th and the 25th prove day first.
    date_orders: { 'Transaction Date': 'dmy', 'Value Date': 'dmy' },
    remembered: null,
    ...overrides,
  });
}

/** The mapping sent for November's Emirates NBD file, its columns as the page first reads them. */
export const enbdMapping = {
  date: 'Transaction Date',
  date_order: 'dmy',
  credit: 'Credit',
  debit: 'Debit',
  description: 'Description',
  balance: 'Balance',
  decimal: '.',
};

export function statementBody(overrides: Partial<BankStatement> = {}): BankStatement {
  return bankStatement.parse({
    id: 3,
    format: 'csv',
    bank: 'Emirates NBD',
    file_name: 'enbd-november.csv',
    from: '2026-11-01',
    to: '2026-11-26',
    opening_balance: 12000,
    closing_balance: 12940.92,
    lines: 6,
    new_lines: 6,
    duplicate_lines: 0,
    imported_by: FATIMA,
    imported_at: '2026-11-26T08:30:00.000Z',
    ...overrides,
  });
}

/** An older statement, of October, with a line the November one held again. */
export const octoberBody = () =>
  statementBody({
    id: 2,
    file_name: 'enbd-october.csv',
    from: '2026-10-01',
    to: '2026-10-31',
    opening_balance: 11200,
    closing_balance: 12000,
    lines: 9,
    new_lines: 9,
    imported_at: '2026-11-01T08:30:00.000Z',
  });

export const listBody = (items: BankStatement[]) =>
  bankStatementsList.parse({ items, next_cursor: null });

export const line = (overrides: Partial<BankLine> & Pick<BankLine, 'id'>): BankLine => ({
  booked_on: '2026-11-03',
  amount: 200,
  text: '',
  bank_ref: null,
  balance: null,
  payment_id: null,
  entry_id: null,
  link: null,
  booked_to: null,
  ...overrides,
});

export const receipt = (
  overrides: Partial<WaitingPayment> & Pick<WaitingPayment, 'id' | 'member'>,
): WaitingPayment => ({
  kind: 'dues',
  period: '2026-11',
  loan_id: null,
  amount: 200,
  transfer_date: null,
  bank_reference: null,
  submitted_at: '2026-11-03T10:00:00.000Z',
  ...overrides,
});

/** Zainab's cash deposit, which came with no receipt. */
export const ZAINAB_LINE = line({
  id: 34,
  booked_on: '2026-11-20',
  text: 'CASH DEPOSIT JM000014',
  balance: 12956.67,
});

/** The bank's monthly charge, in no member's name. */
export const CHARGES_LINE = line({
  id: 35,
  booked_on: '2026-11-25',
  amount: -15.75,
  text: 'BANK CHARGES',
});

/** How many each part holds when the lists hold all of it (a statement of one page). */
type Parts = {
  matched: ReadonlyArray<{ line: { amount: number } }>;
  linked: ReadonlyArray<{ amount: number }>;
  unmatched_lines: ReadonlyArray<{ amount: number }>;
  unmatched_payments: readonly unknown[];
  unmatched_entries: readonly unknown[];
};
const countsOf = (d: Parts) => ({
  matched: d.matched.length,
  matched_out: d.matched.filter((m) => m.line.amount < 0).length,
  linked: d.linked.length,
  linked_out: d.linked.filter((l) => l.amount < 0).length,
  credits: d.unmatched_lines.filter((l) => l.amount > 0).length,
  debits: d.unmatched_lines.filter((l) => l.amount <= 0).length,
  payments: d.unmatched_payments.length,
  entries: d.unmatched_entries.length,
});

export function detailBody(overrides: Partial<BankStatementDetail> = {}): BankStatementDetail {
  const detail = {
    statement: statementBody(),
    matched: [
      {
        line: line({ id: 31, text: 'FT2630701 · TRANSFER FROM AISHA RAHMAN JM000011' }),
        payment: receipt({ id: 101, member: AISHA }),
        entry: null,
        why: 'member_reference',
      },
      {
        line: line({ id: 32, booked_on: '2026-11-05', text: 'FT26309ABC · IPI JOSEPH MATHEW' }),
        payment: receipt({
          id: 102,
          member: JOSEPH,
          transfer_date: '2026-11-05',
          bank_reference: 'FT26309ABC',
        }),
        entry: null,
        why: 'bank_reference',
      },
      {
        line: line({ id: 33, booked_on: '2026-11-08', amount: 356.67, text: 'PRIYA DAS LOAN' }),
        payment: receipt({
          id: 103,
          member: PRIYA,
          kind: 'loan_repayment',
          period: null,
          loan_id: 4,
          amount: 356.67,
          submitted_at: '2026-11-08T06:00:00.000Z',
        }),
        entry: null,
        why: 'member_name',
      },
    ],
    linked: [],
    unmatched_lines: [ZAINAB_LINE, CHARGES_LINE],
    unmatched_payments: [
      receipt({ id: 104, member: OMAR, submitted_at: '2026-11-10T09:00:00.000Z' }),
    ],
    unmatched_entries: [
      {
        id: 70,
        kind: 'disbursement',
        memo: 'Loan #5 paid out to Rahul Nair',
        occurred_on: '2026-11-12',
        amount: -2000,
        member: RAHUL,
        payment_id: null,
      },
    ],
    ...overrides,
  };
  return bankStatementDetail.parse({ counts: countsOf(detail), ...detail });
}

/** Everything approved and assigned: nothing left on either side. */
export const settledDetailBody = () =>
  detailBody({ matched: [], unmatched_lines: [], unmatched_payments: [], unmatched_entries: [] });

export const createdBody = (statement = statementBody()) =>
  bankStatementCreated.parse({ message: '6 lines read, 6 of them new.', statement });

export const approvedBody = (lines: number[]) =>
  approveMatchesAnswer.parse({
    message: `${lines.length} payments approved, 0 movements linked, none refused.`,
    approved: lines.map((id) => ({ line_id: id, payment_id: id + 70 })),
    linked: [],
    refused: [],
  });

export const zainab = () =>
  adminMember.parse({
    ...ZAINAB,
    email: 'zainab@example.com',
    mobile: '+971 50 765 4321',
    national_id: null,
    address: null,
    role: 'member',
    is_member: true,
    status: 'active',
    joined_on: '2026-09-01',
    created_at: '2026-09-01T08:00:00.000Z',
    savings: 400,
    loan_outstanding: 0,
  });

export const zainabDetail = () =>
  adminMemberDetail.parse({
    member: zainab(),
    due_balance: 200,
    unpaid_months: 1,
    loans: [],
    payments: [],
    statement: [],
  });

export const assignedBody = () =>
  lineAssigned.parse({
    message: 'The payment was recorded from the bank line.',
    line: { ...ZAINAB_LINE, payment_id: 120, entry_id: 90 },
    payment_id: 120,
  });

/** Fatima's proposal to give Zainab's deposit to her November due. */
export function assignProposal(overrides: Partial<FundProposal> = {}): FundProposal {
  return {
    id: 21,
    action: 'bank.assign',
    loan_id: null,
    member: ZAINAB,
    amount: 200,
    reason: null,
    details: { lineId: ZAINAB_LINE.id, memberId: ZAINAB.id, period: '2026-11', loanId: null },
    proposed_by: FATIMA,
    proposed_at: '2026-11-26T09:00:00.000Z',
    ...overrides,
  };
}

export const proposedBody = () =>
  lineAssignProposed.parse({
    message: 'Proposed. A second admin must confirm before the payment is recorded.',
    pending_confirmation: true,
    proposal: assignProposal(),
  });

export function reconciliationBody(overrides: Partial<Reconciliation> = {}): Reconciliation {
  return reconciliation.parse({
    as_of: '2026-11-26',
    bank_balance: 12940.92,
    statement: { id: 3, from: '2026-11-01', to: '2026-11-26' },
    books_cash: 12940.92,
    difference: 0,
    agree: true,
    verdict: 'Books and bank agree.',
    lines_not_in_books: [],
    entries_not_in_bank: [],
    lines_not_in_books_total: overrides.lines_not_in_books?.length ?? 0,
    entries_not_in_bank_total: overrides.entries_not_in_bank?.length ?? 0,
    ...overrides,
  });
}

/** Zainab's deposit and the charges not in the books, Rahul's loan not in the bank. */
export const disagreeBody = () =>
  reconciliationBody({
    books_cash: 10725.17,
    difference: -2215.75,
    agree: false,
    verdict:
      'The books and the bank differ by AED 2,215.75: 2 bank lines are not in the books, and 1 movement of the books is not in the bank.',
    lines_not_in_books: detailBody().unmatched_lines,
    entries_not_in_bank: detailBody().unmatched_entries,
  });

// ---- Issue 49: the association's own books ---------------------------------------------------

/** The chart as the server keeps it at first, with stationery retired by this association. */
export const accountsBody = () =>
  chartAccounts.parse({
    items: [
      account({
        code: 'cash',
        name: 'Cash at the bank',
        kind: 'asset',
        built_in: true,
        bookable: false,
      }),
      account({
        code: 'interest_income',
        name: 'Service charge income',
        kind: 'income',
        built_in: true,
      }),
      account({ code: 'bank_charges', name: 'Bank charges', kind: 'expense' }),
      account({ code: 'bank_interest', name: 'Bank interest received', kind: 'income' }),
      account({ code: 'meeting_costs', name: 'Meeting and AGM costs', kind: 'expense' }),
      account({
        code: 'stationery',
        name: 'Stationery and printing',
        kind: 'expense',
        retired: true,
      }),
      account({ code: 'other_income', name: 'Other income', kind: 'income' }),
      account({ code: 'other_expenses', name: 'Other expenses', kind: 'expense' }),
    ],
  });

export const bookedBody = (
  booked = CHARGES_LINE,
  to = { code: 'bank_charges', name: 'Bank charges' },
) =>
  lineBooked.parse({
    message: 'The bank line was booked to Bank charges.',
    line: { ...booked, entry_id: 95, link: 'book', booked_to: to },
    entry_id: 95,
  });

/** Fatima's proposal to book a transfer out to the AGM's hall. */
export function bookProposal(overrides: Partial<FundProposal> = {}): FundProposal {
  return {
    id: 22,
    action: 'bank.book',
    loan_id: null,
    member: null,
    amount: 15.75,
    reason: null,
    details: { lineId: CHARGES_LINE.id, account: 'meeting_costs', memo: 'Hall for the AGM' },
    proposed_by: FATIMA,
    proposed_at: '2026-11-26T09:00:00.000Z',
    ...overrides,
  };
}

export const bookProposedBody = () =>
  proposalProposedResponse.parse({
    message: 'Proposed. A second admin must confirm before the line is booked.',
    pending_confirmation: true,
    proposal: bookProposal(),
  });

/** Zainab's November receipt, sent before her cash deposit was seen. */
export const zainabCandidate = (overrides: Partial<CandidatePayment> = {}): CandidatePayment => ({
  ...receipt({ id: 105, member: ZAINAB, submitted_at: '2026-11-19T09:00:00.000Z' }),
  status: 'pending',
  linked_line_id: null,
  same_amount: true,
  ...overrides,
});

export const candidatesBody = (items: CandidatePayment[]) => linkCandidates.parse({ items });

export const linkedBody = (approved = true) =>
  lineLinked.parse({
    message: approved
      ? 'The receipt was approved and linked to the bank line.'
      : 'The payment was linked to the bank line.',
    line: { ...ZAINAB_LINE, payment_id: 105, entry_id: 96, link: 'hand' },
    approved,
  });

/** Aisha's transfer, matched to her receipt and approved. */
export const AISHA_LINKED = line({
  id: 31,
  text: 'FT2630701 · TRANSFER FROM AISHA RAHMAN JM000011',
  payment_id: 171,
  entry_id: 80,
  link: 'match',
});

/** Last month's charges, booked. */
export const CHARGES_BOOKED = line({
  id: 30,
  booked_on: '2026-11-02',
  amount: -26.25,
  text: 'ACCOUNT MAINTENANCE FEE INCL VAT',
  entry_id: 81,
  link: 'book',
  booked_to: { code: 'bank_charges', name: 'Bank charges' },
});

export const unlinkedBody = () =>
  lineUnlinked.parse({
    message: 'The bank line was unlinked.',
    line: { ...AISHA_LINKED, payment_id: null, entry_id: null, link: null },
  });
