// A batch of members' rows, table by table, and what every row is made from: the association
// (its settings, treasurer, shared accounts, months, the members who may stand guarantor) and
// the next id of each table. Written in one transaction, the tables in the order their foreign
// keys need.
import type { Settings } from '../../apps/server/src/features/settings/settings.ts';
import { insertRows, type Query, type Row } from './sql.ts';

export interface Batch {
  users: Row[];
  accounts: Row[];
  payments: Row[];
  entries: Row[];
  postings: Row[];
  loans: Row[];
  guarantees: Row[];
  installments: Row[];
  transitions: Row[];
}

export const emptyBatch = (): Batch => ({
  users: [],
  accounts: [],
  payments: [],
  entries: [],
  postings: [],
  loans: [],
  guarantees: [],
  installments: [],
  transitions: [],
});

/** The next id of each table: ids are given explicitly and the sequences set at the end. */
export interface NextIds {
  user: number;
  account: number;
  payment: number;
  entry: number;
  posting: number;
  loan: number;
  guarantee: number;
  installment: number;
  transition: number;
}

/** What an accepted guarantee holds of its guarantor's savings, from its answer to its loan's end. */
export interface Hold {
  amountFils: number;
  fromMs: number;
  /** Infinity while the loan is open. */
  toMs: number;
}

/** A member without a loan, who may be asked to stand guarantor (guarantee-rows.ts). */
export interface Saver {
  userId: number;
  /** How many of the association's months, oldest first, they paid. */
  paid: number;
  holds: Hold[];
}

export interface Association {
  settings: Settings;
  admin: { id: number };
  cashId: number;
  incomeId: number;
  /** The day every member joined: `months` months before this one. */
  joinedOn: string;
  months: number;
  /** The first days of the months every member has paid, oldest first. */
  periods: string[];
  today: string;
  passwordHash: string;
  random: () => number;
  id: NextIds;
  /** The members written so far without a loan of their own. */
  savers: Saver[];
}

/** Noon in Dubai on a date. */
export const at = (date: string) => new Date(`${date}T12:00:00+04:00`).toISOString();
const DAY = 86_400_000;
export const plusDays = (iso: string, days: number) =>
  new Date(new Date(iso).getTime() + days * DAY).toISOString();

/** A journal entry by the treasurer and its postings (account id and fils, debits positive). */
export function addEntry(
  batch: Batch,
  a: Association,
  entry: {
    kind: string;
    memo: string;
    at: string;
    paymentId: number | null;
    loanId: number | null;
  },
  lines: Array<[accountId: number, fils: number]>,
): void {
  const entryId = a.id.entry++;
  const { kind, memo, at, paymentId, loanId } = entry;
  batch.entries.push([entryId, kind, memo, at, at, a.admin.id, paymentId, loanId]);
  for (const [accountId, fils] of lines)
    batch.postings.push([a.id.posting++, entryId, accountId, fils]);
}

export async function writeBatch(q: Query, batch: Batch): Promise<void> {
  const { users, loans, guarantees, accounts, installments, transitions } = batch;
  const { payments, entries, postings } = batch;
  await insertRows(
    q,
    'users',
    [
      'id',
      'unique_id',
      'role',
      'status',
      'name',
      'email',
      'mobile',
      'password_hash',
      'findable_as_guarantor',
      'joined_on',
      'created_at',
      'updated_at',
    ],
    users,
  );
  await insertRows(
    q,
    'loans',
    [
      'id',
      'user_id',
      'loan_type',
      'amount_fils',
      'term_months',
      'interest_permille',
      'total_fils',
      'per_month_fils',
      'include_insurance',
      'bank_account',
      'passport_or_nid',
      'state',
      'disbursed_on',
      'guarantee_needed_fils',
      'created_at',
      'updated_at',
    ],
    loans,
  );
  await insertRows(
    q,
    'loan_guarantees',
    [
      'id',
      'loan_id',
      'guarantor_id',
      'amount_fils',
      'state',
      'asked_at',
      'answered_at',
      'released_at',
    ],
    guarantees,
  );
  await insertRows(
    q,
    'ledger_accounts',
    ['id', 'code', 'type', 'name', 'user_id', 'loan_id'],
    accounts,
  );
  await insertRows(
    q,
    'loan_installments',
    [
      'id',
      'loan_id',
      'number',
      'due_on',
      'amount_fils',
      'principal_fils',
      'interest_fils',
      'paid_principal_fils',
      'paid_interest_fils',
      'paid_at',
    ],
    installments,
  );
  await insertRows(
    q,
    'loan_transitions',
    ['id', 'loan_id', 'from_state', 'to_state', 'actor_id', 'reason', 'at'],
    transitions,
  );
  await insertRows(
    q,
    'payments',
    [
      'id',
      'user_id',
      'kind',
      'period',
      'loan_id',
      'amount_fils',
      'approved_amount_fils',
      'account_number',
      'status',
      'reviewed_by',
      'reviewed_at',
      'created_at',
    ],
    payments,
  );
  await insertRows(
    q,
    'journal_entries',
    ['id', 'kind', 'memo', 'occurred_at', 'created_at', 'created_by', 'payment_id', 'loan_id'],
    entries,
  );
  await insertRows(q, 'postings', ['id', 'entry_id', 'account_id', 'amount_fils'], postings);
}
