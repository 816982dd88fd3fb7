import { inArray } from 'drizzle-orm';
import { directionOf, type Language } from '@jamiya/contracts/languages';
import type { LoanCharge } from '@jamiya/contracts/settings';
import { inBatches } from '../../lib/batches.ts';
import { textsIn } from '../../lib/i18n.ts';
import type { DbOrTx } from '../../db/client.ts';
import { ledgerAccounts } from '../../db/schema/ledger.ts';

// The accounts of the books: how a reference (cash, a member's savings, a loan) names its
// account, which is made on first use. See docs/domain/ledger.md.

export type AccountRef =
  | { code: 'cash' }
  | { code: 'cash_box' }
  /** An account of the chart the association named (bank_charges, stationery...): it exists. */
  | { code: 'chart'; account: string }
  | { code: 'interest_income' }
  | { code: 'loan_losses' }
  | { code: 'opening_equity' }
  | { code: 'members_surplus' }
  | { code: 'fines_income' }
  | { code: 'fines'; userId: number }
  | { code: 'savings'; userId: number }
  | { code: 'loan'; loanId: number; userId: number };

type AccountType = 'asset' | 'liability' | 'equity' | 'income' | 'expense';

interface AccountRow {
  code: string;
  type: AccountType;
  name: string;
  userId: number | null;
  loanId: number | null;
}

/** The row an account is made with on first use; null for a chart account, made by the chart. */
function describe(ref: AccountRef): AccountRow | null {
  switch (ref.code) {
    case 'chart':
      return null;
    case 'cash':
      return { code: 'cash', type: 'asset', name: 'Cash and bank', userId: null, loanId: null };
    case 'cash_box':
      return { code: 'cash_box', type: 'asset', name: 'Cash box', userId: null, loanId: null };
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
    case 'opening_equity':
      return {
        code: 'opening_equity',
        type: 'equity',
        name: 'Opening equity',
        userId: null,
        loanId: null,
      };
    case 'members_surplus':
      return {
        code: 'members_surplus',
        type: 'equity',
        name: "Members' surplus",
        userId: null,
        loanId: null,
      };
    case 'fines_income':
      return {
        code: 'fines_income',
        type: 'income',
        name: 'Late fines',
        userId: null,
        loanId: null,
      };
    case 'fines':
      return {
        code: `fines:${ref.userId}`,
        type: 'asset',
        name: `Fines owed by member ${ref.userId}`,
        userId: ref.userId,
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
  return ref.code === 'chart' ? ref.account : describe(ref)!.code;
}

/** Each account's row id by its code, the accounts made on first use, in two statements a batch. */
export async function accountIds(
  db: DbOrTx,
  refs: readonly AccountRef[],
): Promise<Map<string, number>> {
  const wanted = [...new Set(refs.map(accountCode))];
  const made = new Map(refs.flatMap((ref) => describe(ref) ?? []).map((d) => [d.code, d]));
  const ids = new Map<string, number>();
  for (const batch of inBatches(wanted)) {
    const toMake = batch.flatMap((code) => made.get(code) ?? []);
    if (toMake.length)
      await db
        .insert(ledgerAccounts)
        .values(toMake)
        .onConflictDoNothing({ target: ledgerAccounts.code });
    const rows = await db
      .select({ id: ledgerAccounts.id, code: ledgerAccounts.code })
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.code, batch));
    for (const row of rows) ids.set(row.code, row.id);
  }
  for (const code of wanted)
    if (!ids.has(code)) throw new Error(`ledger account ${code} could not be created`);
  return ids;
}

/** What names the accounts of a page: the members, the chart's own names, the loans' charge. */
export interface AccountNames {
  charge: LoanCharge;
  members: ReadonlyMap<number, { name: string; unique_id: string }>;
  /** The names the association gave its accounts, by code. */
  chart: ReadonlyMap<string, { en: string; ar: string | null }>;
}

/**
 * An account's name as a reader reads it, from its code (`cash`, `savings:4`, `loan:7`,
 * `stationery`...): a member's savings by the member's name and ID, a named account by the name
 * the association gave it (in Arabic for an Arabic reader, else in English).
 */
export function accountNameIn(code: string, language: Language, names: AccountNames): string {
  const [kind, id] = code.split(':');
  const i18n = textsIn(language);
  if (kind === 'cash') return i18n._('ledger.accounts.cash');
  if (kind === 'cash_box') return i18n._('ledger.accounts.cashBox');
  if (kind === 'interest_income')
    return i18n._('ledger.accounts.interestIncome', { charge: names.charge });
  if (kind === 'loan_losses') return i18n._('ledger.accounts.loanLosses');
  if (kind === 'opening_equity') return i18n._('ledger.accounts.openingEquity');
  if (kind === 'members_surplus') return i18n._('ledger.accounts.membersSurplus');
  if (kind === 'fines_income') return i18n._('ledger.accounts.finesIncome');
  if (kind === 'loan') return i18n._('ledger.accounts.loan', { loan: Number(id) });
  if (kind !== 'savings' && kind !== 'fines') {
    const named = names.chart.get(code);
    return (language === 'ar' ? named?.ar : null) ?? named?.en ?? code;
  }
  const member = names.members.get(Number(id));
  // A Latin name inside a right-to-left sentence keeps its own direction (FSI ... PDI).
  const who = member ? `${member.name} (${member.unique_id})` : `#${id}`;
  const named = { member: directionOf(language) === 'rtl' ? `\u2068${who}\u2069` : who };
  if (kind === 'fines') return i18n._('ledger.accounts.fines', named);
  return i18n._('ledger.accounts.savings', named);
}

/** The member of each savings or fines account among `codes`: whose name the account bears. */
export function accountOwners(codes: string[]): number[] {
  return codes.flatMap((code) => {
    const [kind, id] = code.split(':');
    return kind === 'savings' || kind === 'fines' ? [Number(id)] : [];
  });
}
