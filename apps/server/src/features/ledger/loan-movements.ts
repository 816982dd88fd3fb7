import { and, eq, sql } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import type { DbOrTx } from '../../db/client.ts';
import { journalEntries, ledgerAccounts, postings } from '../../db/schema/ledger.ts';

// What moved the loans over Dubai days [from, to], as the annual report reads it (issue 53).

const dubaiDate = sql`(${journalEntries.occurredAt} at time zone 'Asia/Dubai')::date`;

export interface LoanMovements {
  paidOutFils: Fils;
  /** What repayments (and leavers' savings) paid of the principal, less what was corrected. */
  repaidFils: Fils;
  writtenOffFils: Fils;
  /** Taken from guarantors' savings for loans written off. */
  recoveredFils: Fils;
}

export async function loanMovements(db: DbOrTx, from: string, to: string): Promise<LoanMovements> {
  const rows = await db
    .select({
      kind: journalEntries.kind,
      isLoan: sql<boolean>`${ledgerAccounts.code} like 'loan:%'`,
      total: sql<string>`sum(${postings.amountFils})::text`,
    })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(
      and(
        sql`(${ledgerAccounts.code} like 'loan:%' or ${ledgerAccounts.code} = 'loan_losses')`,
        sql`${dubaiDate} between ${from}::date and ${to}::date`,
      ),
    )
    .groupBy(journalEntries.kind, sql`2`);
  const sum = (pick: (r: (typeof rows)[number]) => boolean) =>
    rows.filter(pick).reduce((s, r) => s + Number(r.total), 0);
  // An import's opening balances were paid out before the books came into Jamiya.
  const moves = ['disbursement', 'write_off', 'opening'];
  return {
    paidOutFils: sum((r) => r.isLoan && r.kind === 'disbursement'),
    repaidFils: 0 - sum((r) => r.isLoan && !moves.includes(r.kind)),
    writtenOffFils: 0 - sum((r) => r.isLoan && r.kind === 'write_off'),
    recoveredFils: 0 - sum((r) => !r.isLoan && r.kind === 'recovery'),
  };
}
