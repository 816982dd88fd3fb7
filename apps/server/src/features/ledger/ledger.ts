import { and, eq, sql, type SQL } from 'drizzle-orm';
import { assertFils, formatAed, type Fils } from '@jamiya/money/fils';
import type { DbOrTx } from '../../db/client.ts';
import { conflict } from '../../lib/errors.ts';
import { journalEntries, ledgerAccounts, postings } from '../../db/schema/ledger.ts';

// Only this feature writes journal rows. Signs: a debit is positive, a credit
// negative. Asset and expense accounts normally carry debit balances; liability and income
// accounts credit balances. See docs/domain/ledger.md.

export type AccountRef =
  | { code: 'cash' }
  | { code: 'interest_income' }
  | { code: 'loan_losses' }
  | { code: 'savings'; userId: number }
  | { code: 'loan'; loanId: number; userId: number };

type AccountType = 'asset' | 'liability' | 'income' | 'expense';

function describe(ref: AccountRef): {
  code: string;
  type: AccountType;
  name: string;
  userId: number | null;
  loanId: number | null;
} {
  switch (ref.code) {
    case 'cash':
      return { code: 'cash', type: 'asset', name: 'Cash and bank', userId: null, loanId: null };
    case 'interest_income':
      return {
        code: 'interest_income',
        type: 'income',
        name: 'Interest income',
        userId: null,
        loanId: null,
      };
    case 'loan_losses':
      return {
        code: 'loan_losses',
        type: 'expense',
        name: 'Loans written off',
        userId: null,
        loanId: null,
      };
    case 'savings':
      return {
        code: `savings:${ref.userId}`,
        type: 'liability',
        name: `Savings of member ${ref.userId}`,
        userId: ref.userId,
        loanId: null,
      };
    case 'loan':
      return {
        code: `loan:${ref.loanId}`,
        type: 'asset',
        name: `Loan ${ref.loanId} receivable`,
        userId: ref.userId,
        loanId: ref.loanId,
      };
  }
}

export function accountCode(ref: AccountRef): string {
  return describe(ref).code;
}

async function accountId(db: DbOrTx, ref: AccountRef): Promise<number> {
  const d = describe(ref);
  await db.insert(ledgerAccounts).values(d).onConflictDoNothing({ target: ledgerAccounts.code });
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, d.code));
  if (!row) throw new Error(`ledger account ${d.code} could not be created`);
  return row.id;
}

export interface EntryInput {
  kind: 'dues' | 'disbursement' | 'repayment' | 'write_off' | 'reversal' | 'bonus';
  memo: string;
  occurredAt: Date;
  createdBy: number | null;
  paymentId?: number | null;
  loanId?: number | null;
  reversesEntryId?: number | null;
  lines: Array<{ account: AccountRef; amountFils: Fils }>;
}

export class UnbalancedEntryError extends Error {
  override name = 'UnbalancedEntryError';
}

/**
 * Writes one journal entry. Call it inside the transaction of the business change it
 * records, so the change and its money movement commit or fail together.
 */
export async function postEntry(tx: DbOrTx, input: EntryInput): Promise<number> {
  const lines = input.lines.filter((l) => assertFils(l.amountFils, 'posting') !== 0);
  if (lines.length < 2) throw new UnbalancedEntryError('an entry needs at least two postings');
  const sum = lines.reduce((s, l) => s + BigInt(l.amountFils), 0n);
  if (sum !== 0n) throw new UnbalancedEntryError(`postings sum to ${sum} fils, not zero`);
  const cashOut = lines
    .filter((l) => l.account.code === 'cash' && l.amountFils < 0)
    .reduce((s, l) => s - l.amountFils, 0);
  if (cashOut > 0) await refuseBelowZeroCash(tx, cashOut);

  const [entry] = await tx
    .insert(journalEntries)
    .values({
      kind: input.kind,
      memo: input.memo,
      occurredAt: input.occurredAt,
      createdBy: input.createdBy,
      paymentId: input.paymentId ?? null,
      loanId: input.loanId ?? null,
      reversesEntryId: input.reversesEntryId ?? null,
    })
    .returning({ id: journalEntries.id });
  if (!entry) throw new Error('journal entry was not written');
  const rows = [];
  for (const line of lines) {
    rows.push({
      entryId: entry.id,
      accountId: await accountId(tx, line.account),
      amountFils: line.amountFils,
    });
  }
  await tx.insert(postings).values(rows);
  await addToMonthTotals(tx, entry.id);
  return entry.id;
}

/** Cash in hand: the balance of the cash account, from the month totals kept with each entry. */
export async function cashInHandFils(tx: DbOrTx): Promise<Fils> {
  const result = (await tx.execute(
    sql`select sum(total_fils) as total from ledger_month_totals where account_class = 'cash'`,
  )) as unknown as { rows: Array<{ total: string | number | null }> };
  return Number(result.rows[0]?.total ?? 0);
}

/**
 * Cash never goes below zero (docs/domain/ledger.md). Entries that pay cash out take one lock
 * in turn, so two payouts at once cannot both count the same cash; money coming in needs none.
 */
async function refuseBelowZeroCash(tx: DbOrTx, outFils: Fils): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('jamiya:cash'))`);
  const cash = await cashInHandFils(tx);
  if (outFils > cash) {
    throw conflict(
      `Cash in hand is ${formatAed(cash)}, less than the ${formatAed(outFils)} to pay out; cash cannot go below zero.`,
    );
  }
}

// The month (Dubai's) and class of a posting in ledger_month_totals (see the schema), over
// postings p joined to their account a and entry e. Migration 0008 fills the table with the
// same expressions.
const MONTH_OF_POSTING = `to_char(e.occurred_at at time zone 'Asia/Dubai', 'YYYY-MM')`;
const CLASS_OF_ACCOUNT = `case when a.user_id is not null and a.type = 'liability' then 'savings'
  when a.loan_id is not null and a.type = 'asset' then 'loans' else a.code end`;

/** The month totals as the postings give them (optionally of one entry), grouped. */
export function monthTotalsOfPostings(entryId?: number): SQL {
  return sql`select ${sql.raw(MONTH_OF_POSTING)} as month, ${sql.raw(CLASS_OF_ACCOUNT)} as account_class,
      sum(p.amount_fils) as total_fils
    from postings p join ledger_accounts a on a.id = p.account_id
      join journal_entries e on e.id = p.entry_id
    ${entryId === undefined ? sql`` : sql`where p.entry_id = ${entryId}`}
    group by 1, 2`;
}

/**
 * Adds an entry's postings to ledger_month_totals, in the entry's transaction. The rows are
 * taken in a fixed order, so two entries at once lock them in the same order (no deadlock).
 */
async function addToMonthTotals(tx: DbOrTx, entryId: number): Promise<void> {
  await tx.execute(sql`insert into ledger_month_totals (month, account_class, total_fils)
    select month, account_class, total_fils from (${monthTotalsOfPostings(entryId)}) t
    order by month, account_class
    on conflict (month, account_class)
    do update set total_fils = ledger_month_totals.total_fils + excluded.total_fils`);
}

/** A correction: a new entry with every posting of the original negated. */
export async function reverseEntry(
  tx: DbOrTx,
  entryId: number,
  by: { createdBy: number | null; memo: string; occurredAt: Date },
): Promise<number> {
  const [original] = await tx
    .select()
    .from(journalEntries)
    .where(eq(journalEntries.id, entryId))
    .for('update');
  if (!original) throw new Error(`journal entry ${entryId} does not exist`);
  if (original.kind === 'reversal')
    throw conflict('A reversal cannot itself be reversed; post a new entry instead.');
  const [already] = await tx
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(eq(journalEntries.reversesEntryId, entryId));
  if (already) throw conflict(`Entry ${entryId} was already reversed by entry ${already.id}.`);
  const lines = await tx
    .select({ accountId: postings.accountId, amountFils: postings.amountFils })
    .from(postings)
    .where(eq(postings.entryId, entryId));
  const [entry] = await tx
    .insert(journalEntries)
    .values({
      kind: 'reversal',
      memo: by.memo,
      occurredAt: by.occurredAt,
      createdBy: by.createdBy,
      reversesEntryId: entryId,
      paymentId: original.paymentId,
      loanId: original.loanId,
    })
    .returning({ id: journalEntries.id });
  if (!entry) throw new Error('reversal was not written');
  await tx
    .insert(postings)
    .values(
      lines.map((l) => ({ entryId: entry.id, accountId: l.accountId, amountFils: -l.amountFils })),
    );
  await addToMonthTotals(tx, entry.id);
  return entry.id;
}

const sumFils = sql<string | null>`sum(${postings.amountFils})`;

/** The debit-positive balance of one account (0 if it has no postings). */
export async function accountBalanceFils(db: DbOrTx, ref: AccountRef): Promise<Fils> {
  const [row] = await db
    .select({ total: sumFils })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(eq(ledgerAccounts.code, accountCode(ref)));
  return Number(row?.total ?? 0);
}

/** What the association holds for the member: the credit balance of their savings account. */
export async function memberSavingsFils(db: DbOrTx, userId: number): Promise<Fils> {
  // 0 - x rather than -x: an empty account is 0, not -0.
  return 0 - (await accountBalanceFils(db, { code: 'savings', userId }));
}

/** Principal still owed on a loan: the debit balance of its receivable account. */
export async function loanReceivableFils(db: DbOrTx, loanId: number): Promise<Fils> {
  const [row] = await db
    .select({ total: sumFils })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(and(eq(ledgerAccounts.loanId, loanId), eq(ledgerAccounts.type, 'asset')));
  return Number(row?.total ?? 0);
}

export interface TrialBalance {
  totalDebitsFils: Fils;
  totalCreditsFils: Fils;
  balanced: boolean;
  accounts: Array<{
    code: string;
    name: string;
    type: string;
    debitsFils: Fils;
    creditsFils: Fils;
    balanceFils: Fils;
  }>;
}

export async function trialBalance(db: DbOrTx): Promise<TrialBalance> {
  const rows = await db
    .select({
      code: ledgerAccounts.code,
      name: ledgerAccounts.name,
      type: ledgerAccounts.type,
      debits: sql<string>`coalesce(sum(case when ${postings.amountFils} > 0 then ${postings.amountFils} end), 0)`,
      credits: sql<string>`coalesce(-sum(case when ${postings.amountFils} < 0 then ${postings.amountFils} end), 0)`,
    })
    .from(ledgerAccounts)
    .leftJoin(postings, eq(postings.accountId, ledgerAccounts.id))
    .groupBy(ledgerAccounts.id)
    .orderBy(ledgerAccounts.code);
  const accounts = rows.map((r) => {
    const debitsFils = Number(r.debits);
    const creditsFils = Number(r.credits);
    return {
      code: r.code,
      name: r.name,
      type: r.type,
      debitsFils,
      creditsFils,
      balanceFils: debitsFils - creditsFils,
    };
  });
  const totalDebitsFils = accounts.reduce((s, a) => s + a.debitsFils, 0);
  const totalCreditsFils = accounts.reduce((s, a) => s + a.creditsFils, 0);
  return {
    totalDebitsFils,
    totalCreditsFils,
    balanced: totalDebitsFils === totalCreditsFils,
    accounts,
  };
}

/** Entries whose postings do not sum to zero (must always be empty). */
export async function unbalancedEntries(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ entryId: postings.entryId })
    .from(postings)
    .groupBy(postings.entryId)
    .having(sql`sum(${postings.amountFils}) <> 0`);
  return rows.map((r) => r.entryId);
}
