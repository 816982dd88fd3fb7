import { asc, eq, sql } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import type { DbOrTx } from '../../db/client.ts';
import { loanInstallments } from '../../db/schema/loans.ts';

// A loan's installments and what they say is still owed.

export type Installment = typeof loanInstallments.$inferSelect;

export async function installmentsOf(db: DbOrTx, loanId: number): Promise<Installment[]> {
  return db
    .select()
    .from(loanInstallments)
    .where(eq(loanInstallments.loanId, loanId))
    .orderBy(asc(loanInstallments.number));
}

/** What is left to pay of an installment, principal and interest, in SQL (outstandingFils's sum). */
export const installmentLeft = sql`${loanInstallments.amountFils} - ${loanInstallments.paidPrincipalFils} - ${loanInstallments.paidInterestFils}`;

export function outstandingFils(installments: Installment[]): Fils {
  return installments.reduce(
    (s, i) => s + i.amountFils - i.paidPrincipalFils - i.paidInterestFils,
    0,
  );
}

/** Principal not yet repaid: what a write-off gives up on. */
export function unpaidPrincipalFils(installments: Installment[]): Fils {
  return installments.reduce((s, i) => s + i.principalFils - i.paidPrincipalFils, 0);
}
