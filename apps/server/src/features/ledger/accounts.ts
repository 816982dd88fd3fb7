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
  | { code: 'interest_income' }
  | { code: 'loan_losses' }
  | { code: 'opening_equity' }
  | { code: 'fines_income' }
  | { code: 'fines'; userId: number }
  | { code: 'savings'; userId: number }
  | { code: 'loan'; loanId: number; userId: number };

type AccountType = 'asset' | 'liability' | 'equity' | 'income' | 'expense';

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
    case 'opening_equity':
      return {
        code: 'opening_equity',
        type: 'equity',
        name: 'Opening equity',
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
  return describe(ref).code;
}

/** Each account's row id by its code, the accounts made on first use, in two statements a batch. */
export async function accountIds(
  db: DbOrTx,
  refs: readonly AccountRef[],
): Promise<Map<string, number>> {
  const wanted = [...new Map(refs.map((ref) => [accountCode(ref), describe(ref)])).values()];
  const ids = new Map<string, number>();
  for (const batch of inBatches(wanted)) {
    await db
      .insert(ledgerAccounts)
      .values(batch)
      .onConflictDoNothing({ target: ledgerAccounts.code });
    const rows = await db
      .select({ id: ledgerAccounts.id, code: ledgerAccounts.code })
      .from(ledgerAccounts)
      .where(
        inArray(
          ledgerAccounts.code,
          batch.map((d) => d.code),
        ),
      );
    for (const row of rows) ids.set(row.code, row.id);
  }
  for (const d of wanted)
    if (!ids.has(d.code)) throw new Error(`ledger account ${d.code} could not be created`);
  return ids;
}

/**
 * An account's name as a reader reads it, from its code (`cash`, `savings:4`, `loan:7`...):
 * a member's savings by the member's name and ID (`members`, by user id), when known.
 */
export function accountNameIn(
  code: string,
  language: Language,
  charge: LoanCharge,
  members: ReadonlyMap<number, { name: string; unique_id: string }> = new Map(),
): string {
  const [kind, id] = code.split(':');
  const i18n = textsIn(language);
  if (kind === 'cash') return i18n._('ledger.accounts.cash');
  if (kind === 'interest_income') return i18n._('ledger.accounts.interestIncome', { charge });
  if (kind === 'loan_losses') return i18n._('ledger.accounts.loanLosses');
  if (kind === 'opening_equity') return i18n._('ledger.accounts.openingEquity');
  if (kind === 'fines_income') return i18n._('ledger.accounts.finesIncome');
  if (kind === 'loan') return i18n._('ledger.accounts.loan', { loan: Number(id) });
  const member = members.get(Number(id));
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
