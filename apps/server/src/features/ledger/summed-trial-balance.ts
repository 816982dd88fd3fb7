import { and, isNull, sql } from 'drizzle-orm';
import type { AccountKind } from '@jamiya/contracts/values';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { ledgerAccounts } from '../../db/schema/ledger.ts';
import { withTotals, type TrialBalance, type TrialBalanceAccount } from './balances.ts';
import { CLASS_OF_ACCOUNT, classSumsAtEndOf } from './month-totals.ts';

// The trial balance as the page and the PDF show it: each account of the chart on its line,
// and the accounts of members and loans (thousands at 5,000 members) summed on one line each,
// as control accounts. It reads the month totals kept with every entry, not the postings, so
// it costs the same at 500 members and at 5,000 (docs/performance.md); the CSV lists every
// account from the postings (balances.ts trialBalance).

/** The classes of ledger_month_totals that sum many accounts, and their line. */
const SUMMED_CLASSES = {
  savings: { code: 'savings:*', kind: 'liability' },
  loans: { code: 'loan:*', kind: 'asset' },
  fines: { code: 'fines:*', kind: 'asset' },
} as const satisfies Record<string, { code: string; kind: AccountKind }>;
export type SummedClass = keyof typeof SUMMED_CLASSES;

export interface TrialBalanceLine extends TrialBalanceAccount {
  /** The class and how many accounts the line sums; absent for one account of the chart. */
  summed?: { class: SummedClass; accounts: number };
}

export type SummedTrialBalance = Omit<TrialBalance, 'accounts'> & {
  asOf: string;
  withClose: boolean;
  accounts: TrialBalanceLine[];
};

const isSummed = (c: string): c is SummedClass => Object.hasOwn(SUMMED_CLASSES, c);

/**
 * The trial balance at the end of the Dubai day `asOf`, members' and loans' accounts summed;
 * with the close of a year that ends that day when `withClose` is set.
 */
export async function summedTrialBalance(
  db: DbOrTx,
  asOf: string,
  withClose = false,
): Promise<SummedTrialBalance> {
  const sums = await classSumsAtEndOf(db, asOf, withClose);
  const chart = await db
    .select({ code: ledgerAccounts.code, name: ledgerAccounts.name, kind: ledgerAccounts.type })
    .from(ledgerAccounts)
    .where(and(isNull(ledgerAccounts.userId), isNull(ledgerAccounts.loanId)));
  const counts = await rowsOf<{ account_class: string; accounts: string }>(
    db,
    sql`select ${sql.raw(CLASS_OF_ACCOUNT)} as account_class, count(*) as accounts
      from ledger_accounts a where a.user_id is not null or a.loan_id is not null group by 1`,
  );
  const line = (code: string, name: string, kind: AccountKind): TrialBalanceLine => {
    const { debitsFils = 0, creditsFils = 0 } = sums.get(code) ?? {};
    return {
      code,
      name,
      kind,
      type: kind,
      debitsFils,
      creditsFils,
      balanceFils: debitsFils - creditsFils,
    };
  };
  const lines = chart.map((a) => line(a.code, a.name, a.kind));
  for (const r of counts) {
    const c = r.account_class;
    if (!isSummed(c)) continue;
    const { code, kind } = SUMMED_CLASSES[c];
    lines.push({
      ...line(c, code, kind),
      code,
      summed: { class: c, accounts: Number(r.accounts) },
    });
  }
  lines.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  return { asOf, withClose, ...withTotals(lines) };
}
